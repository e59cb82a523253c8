import { changeStatus, findBooking } from '../data/bookings';
import { clientMayCancel, isActive } from '../domain/booking-rules';
import { notificationsFor } from '../domain/notifications';
import { authenticate } from './caller';
import { pathId } from './input';
import { problems } from './problems';
import { json, type Handler } from './types';
import { bookingView } from './views';

/** POST /api/bookings/:id/cancel: the client (up to 24 h before) or the practitioner (any time). */
export const cancelBooking: Handler = async (request, context, params) => {
  const caller = await authenticate(request, context);
  const id = pathId(params.id);
  const booking = await findBooking(context.db, id);
  if (!booking)
    throw problems.notFound('There is no booking with that id. Reload the list and try again.');
  const byClient = booking.client.uid === caller.uid;
  if (!byClient && !caller.practitioner)
    throw problems.notYours('You can only cancel your own bookings.');
  if (!isActive(booking)) throw problems.wrongStatus(`This booking is already ${booking.status}.`);
  const now = context.now();
  if (byClient && !caller.practitioner && !clientMayCancel(booking, now)) {
    throw problems.outsideRules(
      'Sessions can be cancelled here until 24 hours before they start. Please phone or email the practice.',
    );
  }
  const cancelled = await changeStatus(
    context.db,
    id,
    ['requested', 'confirmed'],
    'cancelled',
    now,
  );
  if (!cancelled)
    throw problems.wrongStatus('This booking changed a moment ago. Reload it and try again.');
  await context.notify(
    notificationsFor({
      booking: cancelled,
      status: 'cancelled',
      by: byClient ? 'client' : 'practice',
    }),
  );
  return json(200, bookingView(cancelled, context.services, now));
};
