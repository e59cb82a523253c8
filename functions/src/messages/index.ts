export { queueAccountNotice } from './account-notices';
export { deliveryKick } from './delivery-kick';
export { pruneMessages, queueMessages, reminderStates } from './outbox';
export { noticesOnAccountDeleted, noticesOnParticipantLeft } from './departure-reactions';
export { messageRoutes } from './routes';
export { type MessageContext, placeOf, videoLinkOf } from './templates';
export {
  type Notification,
  notificationsForDeletedAccount,
  notificationForNotesRequest,
  type SeriesContext,
} from './notifications';
export { tellOfLapse, tellOfMove, tellOfRequest, tellOfStatusChange } from './reactions';
export { type OutboxSettings, runOutbox } from './sender';
export { emailDateTime } from './email-dates';
export {
  tellSeriesAnswered,
  tellSeriesEnded,
  tellSeriesRequested,
  tellWeekSkipped,
} from './series-reactions';
