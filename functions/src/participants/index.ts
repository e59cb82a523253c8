export { withParticipants } from './audience';
export type { ParticipantLeft } from './events';
export { departureNotices } from './leaving';
export { findParticipant, pruneInvitations } from './queries';
export { inviteOnBookingRequested, inviteOnSeriesRequested } from './party';
export { partyLookup, roomsFor, sharedSessionView } from './views';
export { participantRoutes } from './routes';
export { sharedSeriesViews } from './series-views';
export {
  accountsInTheRoom,
  cancelForParticipants,
  inCouplesWork,
  leaveFutureSessions,
  participantCancelled,
  participationsOf,
  sharedSessions,
} from './sessions';
export { isPartyMessage, partyMessageFor } from './templates';
