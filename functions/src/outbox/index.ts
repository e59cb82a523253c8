export {
  type AccountNotice,
  type AccountNoticeKind,
  isAccountNotice,
  queueAccountNotice,
} from './account-notices';
export { clientAlone, type MessageContext, type Notification } from './notifications';
export {
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
