import { bookingView, clientBookings } from '../bookings';
import { participationsOf, partyLookup, roomsFor, sharedSessionView } from '../participants';
import { endpoint } from '../platform/http/endpoint';
import { json } from '../platform/http/types';
import { paymentStates } from './states';

/**
 * GET /api/bookings: the caller's own bookings (the booker's view, with each one's payment) and,
 * in their own view (`"role": "participant"`), the sessions they joined from the moment they
 * joined, oldest first. It composes bookings, participants and payments, so it lives above all
 * three (scripts/capability-order.json), as GET /api/series does; POST /api/bookings is below.
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
