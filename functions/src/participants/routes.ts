import type { RouteTable } from '../platform/http/router';
import { cancelBooking } from './cancel-session';
import { leaveSharedSessions, removeParticipant, withdrawInvitationOf } from './departures';
import { acceptInvitation, declineInvitation, listInvitations } from './endpoints';

export const participantRoutes: RouteTable = {
  // Beside bookings' confirm, decline and move: a client's cancel, in the caller's own view.
  '/bookings/:id/cancel': { POST: cancelBooking },
  '/invitations': { GET: listInvitations },
  '/invitations/:id/accept': { POST: acceptInvitation },
  '/invitations/:id/decline': { POST: declineInvitation },
  '/invitations/:id/leave': { POST: leaveSharedSessions },
  '/invitations/:id/withdraw': { POST: withdrawInvitationOf },
  '/practice/participants/:id/remove': { POST: removeParticipant },
};
