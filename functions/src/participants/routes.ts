import type { RouteTable } from '../platform/http/router';
import { leaveSharedSessions, removeParticipant, withdrawInvitationOf } from './departures';
import { acceptInvitation, declineInvitation, listInvitations } from './endpoints';

export const participantRoutes: RouteTable = {
  '/invitations': { GET: listInvitations },
  '/invitations/:id/accept': { POST: acceptInvitation },
  '/invitations/:id/decline': { POST: declineInvitation },
  '/invitations/:id/leave': { POST: leaveSharedSessions },
  '/invitations/:id/withdraw': { POST: withdrawInvitationOf },
  '/practice/participants/:id/remove': { POST: removeParticipant },
};
