export { withParticipants } from './audience';
export { checkedParty, inviteParty } from './party';
export { partyLookup } from './views';
export { participantRoutes } from './routes';
export { pruneInvitations } from './queries';
export {
  cancelForParticipants,
  inCouplesWork,
  joinedAccounts,
  joinedParticipant,
  joinedSeries,
  leaveFutureSessions,
  participantCancelled,
  sharedSessions,
} from './sessions';
export { isPartyMessage, partyMessageFor } from './templates';
