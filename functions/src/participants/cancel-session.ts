import { StatusBody, bookerOrParticipant, bookingView, cancelAsClient } from '../bookings';
import { endpoint } from '../platform/http/endpoint';
import { json } from '../platform/http/types';
import { roomsFor, sharedSessionView } from './views';

/**
 * POST /api/bookings/:id/cancel: its booker, or a participant who joined, within the rules
 * (bookings decides who may and cancels it). Each is answered in their own view: a participant's
 * names the room, which participants keeps, so the route is answered here, above bookings.
 */
export const cancelBooking = endpoint({
  auth: 'client',
  body: StatusBody,
  relation: bookerOrParticipant,
  async run({ access, context }) {
    const { booking, now } = await cancelAsClient(context, access);
    if (access.as === 'booker')
      return json(200, bookingView(booking, context.services, now, context.meetingHost));
    const roomOf = await roomsFor(context.db, [booking], access.participant.uid);
    return json(200, sharedSessionView(booking, roomOf(booking), context, now));
  },
});
