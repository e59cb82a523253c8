import { clientBookings } from './queries';
import { endpoint } from '../platform/http/endpoint';
import { paymentStates } from '../payments';
import { partyLookup, sharedSessions } from '../participants';
import { json } from '../platform/http/types';
import { bookingView } from './views';

/**
 * GET /api/bookings: the caller's own bookings and the sessions they joined as a participant
 * (`"role": "participant"`: the person who booked manages and pays for them), oldest first.
 */
export const myBookings = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const now = context.now();
    const [bookings, shared] = await Promise.all([
      clientBookings(context.db, caller.uid),
      sharedSessions(context.db, caller.uid),
    ]);
    const payments = await paymentStates(context, bookings, []);
    const partyOf = await partyLookup(
      context.db,
      [...bookings, ...shared],
      'client',
      caller.uid,
    );
    const own = bookings.map((booking) => ({
      ...bookingView(booking, context.services, now, context.meetingHost),
      payment: payments.booking(booking),
      ...partyOf(booking),
    }));
    const joined = shared.map((booking) => {
      const view = bookingView(booking, context.services, now, context.meetingHost);
      return {
        ...view,
        // A participant may cancel one session; moving, skipping and paying are the booker's.
        actions: (view.actions ?? []).filter((action) => action === 'cancel'),
        ...partyOf(booking),
        role: 'participant' as const,
        bookedBy: booking.client.name || 'The person who booked',
      };
    });
    return json(200, {
      bookings: [...own, ...joined].sort((a, b) => a.start.localeCompare(b.start)),
    });
  },
});
