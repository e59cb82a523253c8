import { clientBookings } from './queries';
import { endpoint } from '../platform/http/endpoint';
import { paymentStates } from '../payments';
import { participationsOf, partyLookup, roomsFor, sharedSessionView } from '../participants';
import { json } from '../platform/http/types';
import { bookingView } from './views';

/**
 * GET /api/bookings: the caller's own bookings (the booker's view) and, in their own view
 * (`"role": "participant"`), the sessions they joined from the moment they joined, oldest first.
 */
export const myBookings = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const now = context.now();
    const [bookings, joined] = await Promise.all([
      clientBookings(context.db, caller.uid),
      participationsOf(context.db, caller.uid),
    ]);
    const shared = joined.flatMap((each) => each.sessions);
    const [payments, partyOf, roomOf] = await Promise.all([
      paymentStates(context, bookings, []),
      partyLookup(context.db, bookings, 'client', caller.uid),
      roomsFor(context.db, shared, caller.uid),
    ]);
    const own = bookings.map((booking) => ({
      ...bookingView(booking, context.services, now, context.meetingHost),
      payment: payments.booking(booking),
      ...partyOf(booking),
    }));
    const theirs = shared.map((booking) =>
      sharedSessionView(booking, roomOf(booking), context, now),
    );
    return json(200, {
      bookings: [...own, ...theirs].sort((a, b) => a.start.localeCompare(b.start)),
    });
  },
});
