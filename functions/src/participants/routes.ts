import type { RouteTable } from '../platform/http/router';
import { cancelBooking } from './cancel-session';
import { leaveSharedSessions, removeParticipant, withdrawInvitationOf } from './departures';
import { createBooking, createSeries } from './request-with-party';
import { acceptInvitation, declineInvitation, listInvitations } from './endpoints';

export const participantRoutes: RouteTable = {
  // Requests and a client's cancel are answered with the room, which participants keeps
  // (bookings and series request and cancel; GET /bookings and GET /series are payments').
  '/bookings': { POST: createBooking },
  '/series': { POST: createSeries },
  '/bookings/:id/cancel': { POST: cancelBooking },
  '/invitations': { GET: listInvitations },
  '/invitations/:id/accept': { POST: acceptInvitation },
  '/invitations/:id/decline': { POST: declineInvitation },
  '/invitations/:id/leave': { POST: leaveSharedSessions },
  '/invitations/:id/withdraw': { POST: withdrawInvitationOf },
  '/practice/participants/:id/remove': { POST: removeParticipant },
};
