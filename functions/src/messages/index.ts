export { queueAccountNotice } from './account-notices';
export { deliveryKick } from './delivery-kick';
export {
  dropClientMessages,
  pruneMessages,
  queueMessages,
  reminderKey,
  reminderStates,
} from './outbox';
export { messageRoutes } from './routes';
export { type MessageContext, placeOf, videoLinkOf } from './templates';
export {
  type Notification,
  notificationsFor,
  notificationsForDeletedAccount,
  notificationForNotesRequest,
  type SeriesContext,
} from './notifications';
export { type OutboxSettings, runOutbox } from './sender';
export { emailDateTime } from './email-dates';
export {
  tellSeriesAnswered,
  tellSeriesEnded,
  tellSeriesRequested,
  tellWeekSkipped,
} from './series-reactions';
