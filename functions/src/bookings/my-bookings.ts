import { clientBookings } from './queries';
import { endpoint } from '../platform/http/endpoint';
import { paymentStates } from '../payments';
import { json } from '../platform/http/types';
import { bookingView } from './views';

/** GET /api/bookings: the caller's own bookings, oldest first. */
export const myBookings = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const now = context.now();
    const bookings = await clientBookings(context.db, caller.uid);
    const payments = await paymentStates(context, bookings, []);
    return json(200, {
      bookings: bookings.map((booking) => ({
        ...bookingView(booking, context.services, now, context.meetingHost),
        payment: payments.booking(booking),
      })),
    });
  },
});
