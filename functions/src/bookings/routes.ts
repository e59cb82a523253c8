import type { RouteTable } from '../platform/http/router';
import { availability, practiceAvailability } from './availability';
import { createBlock } from './block-time';
import { confirmBooking, declineBooking, practiceCancelBooking } from './change-status';
import { moveSession, practiceMoveSession } from './move-booking';

export const bookingRoutes: RouteTable = {
  '/availability': { GET: availability },
  '/practice/availability': { GET: practiceAvailability },
  // GET /bookings (payments/my-bookings.ts), POST /bookings and a client's cancel
  // (participants/request-with-party.ts, cancel-session.ts) answer with rooms and payments, so
  // they are served above bookings, which requests and cancels (requestSession, cancelAsClient).
  '/bookings/:id/confirm': { POST: confirmBooking },
  '/bookings/:id/decline': { POST: declineBooking },
  '/bookings/:id/move': { POST: moveSession },
  '/practice/bookings/:id/cancel': { POST: practiceCancelBooking },
  '/practice/bookings/:id/move': { POST: practiceMoveSession },
  // Blocked time that declines and cancels what it covers (its removal: hours/routes.ts).
  '/practice/blocks': { POST: createBlock },
};
