export {
  type AccountNotice,
  type AccountNoticeKind,
  isAccountNotice,
  queueAccountNotice,
} from './account-notices';
export {
  clientAlone,
  type MessageContext,
  type MessageKind,
  type Notification,
  type SeriesContext,
} from './notifications';
export {
  type Audience,
  type ClaimedMessage,
  claimDueMessages,
  dropClientMessages,
  failedMessages,
  markDropped,
  markNotSent,
  markSent,
  pruneMessages,
  queueMessages,
  reminderStates,
  retryFailedMessage,
  setMessageAudience,
} from './outbox';
