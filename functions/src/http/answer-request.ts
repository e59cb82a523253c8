import { changeStatus, findBooking } from '../data/bookings';
import { notificationsFor } from '../domain/notifications';
import { authenticate, requirePractitioner } from './caller';
import { pathId } from './input';
import { problems } from './problems';
import { json, type Handler } from './types';
import { practiceBookingView } from './views';

/** POST /api/bookings/:id/confirm and /decline: the practitioner answers a request. */
const answerRequest =
  (answer: 'confirmed' | 'declined'): Handler =>
  async (request, context, params) => {
    const caller = await authenticate(request, context);
    requirePractitioner(caller);
    const id = pathId(params.id);
    const booking = await findBooking(context.db, id);
    if (!booking)
      throw problems.notFound('There is no booking with that id. Reload the diary and try again.');
    const now = context.now();
    const answered = await changeStatus(context.db, id, ['requested'], answer, now);
    if (!answered) {
      throw problems.wrongStatus(
        `Only requests can be answered; this booking is ${booking.status}.`,
      );
    }
    await context.notify(notificationsFor({ booking: answered, status: answer, by: 'practice' }));
    return json(200, practiceBookingView(answered, context.services, now));
  };

export const confirmBooking = answerRequest('confirmed');
export const declineBooking = answerRequest('declined');
