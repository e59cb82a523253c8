import { clientBookings } from '../data/bookings';
import { authenticate } from './caller';
import { json, type Handler } from './types';
import { bookingView } from './views';

/** GET /api/bookings: the caller's own bookings, oldest first. */
export const myBookings: Handler = async (request, context) => {
  const caller = await authenticate(request, context);
  const now = context.now();
  const bookings = await clientBookings(context.db, caller.uid);
  return json(200, {
    bookings: bookings.map((booking) => bookingView(booking, context.services, now)),
  });
};
