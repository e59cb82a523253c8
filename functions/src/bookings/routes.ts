import type { RouteTable } from '../platform/http/router';
import { availability, practiceAvailability } from './availability';
import { createBlock } from './block-time';
import { confirmBooking, declineBooking, practiceCancelBooking } from './change-status';
import { createBooking } from './create-booking';
import { moveSession, practiceMoveSession } from './move-booking';

export const bookingRoutes: RouteTable = {
  '/availability': { GET: availability },
  '/practice/availability': { GET: practiceAvailability },
  // GET /bookings composes payments and participants: payments/my-bookings.ts serves it.
  '/bookings': { POST: createBooking },
  // A client's cancel answers a participant with their room: participants/cancel-session.ts.
  '/bookings/:id/confirm': { POST: confirmBooking },
  '/bookings/:id/decline': { POST: declineBooking },
  '/bookings/:id/move': { POST: moveSession },
  '/practice/bookings/:id/cancel': { POST: practiceCancelBooking },
  '/practice/bookings/:id/move': { POST: practiceMoveSession },
  // Blocked time that declines and cancels what it covers (its removal: hours/routes.ts).
  '/practice/blocks': { POST: createBlock },
};
