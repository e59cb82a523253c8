export { withParticipants } from './audience';
export { checkedParty, inviteParty } from './party';
export { bookerName, partyLookup, roomsFor, sharedSessionView } from './views';
export { participantRoutes } from './routes';
export { pruneInvitations } from './queries';
export {
  accountsInTheRoom,
  cancelForParticipants,
  inCouplesWork,
  joinedParticipant,
  leaveFutureSessions,
  participantCancelled,
  participationsOf,
  sharedSessions,
} from './sessions';
export { isPartyMessage, partyMessageFor } from './templates';
