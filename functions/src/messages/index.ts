export { deliveryKick } from './delivery-kick';
export { noticesOnAccountDeleted, noticesOnParticipantLeft } from './departure-reactions';
export { messageRoutes } from './routes';
export { notificationsForDeletedAccount } from './notifications';
export { tellOfLapse, tellOfMove, tellOfRequest, tellOfStatusChange } from './reactions';
export { type OutboxSettings, runOutbox } from './sender';
export {
  tellSeriesAnswered,
  tellSeriesEnded,
  tellSeriesRequested,
  tellWeekSkipped,
} from './series-reactions';
