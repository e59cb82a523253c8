import { BookingRequestSchema } from '../../../shared/booking';
import { busyIntervals, insertBooking } from '../data/bookings';
import { BOOKING_RULES } from '../domain/booking-rules';
import { notificationsFor } from '../domain/notifications';
import { busyStretch, checkStart } from '../domain/slots';
import { authenticate, requireVerifiedEmail } from './caller';
import { parseBody } from './input';
import { problems } from './problems';
import { json, type Handler } from './types';
import { bookingView, serviceById } from './views';

const refusal = {
  'too-soon': () =>
    problems.outsideRules('Sessions can be requested from 24 hours ahead. Choose a later time.'),
  'too-far': () =>
    problems.outsideRules('Sessions can be requested up to 8 weeks ahead. Choose an earlier time.'),
  'outside-hours': () =>
    problems.outsideRules(
      'That is not one of the offered start times. Choose a time from the list.',
    ),
  taken: () => problems.slotTaken('Someone has just taken this time. Choose another time.'),
};

/** POST /api/bookings: a verified client requests a session. */
export const createBooking: Handler = async (request, context) => {
  const caller = await authenticate(request, context);
  requireVerifiedEmail(caller);
  const input = parseBody(BookingRequestSchema, request);
  const service = serviceById(context.services, input.serviceId);
  const now = context.now();
  const start = new Date(input.start);

  const stretch = busyStretch(start, service.minutes);
  const busy = await busyIntervals(context.db, stretch);
  const check = checkStart({
    hours: context.hours,
    serviceMinutes: service.minutes,
    now,
    start,
    busy,
  });
  if (!check.ok) throw refusal[check.reason]();

  const result = await insertBooking(
    context.db,
    {
      client: { uid: caller.uid, email: caller.email, name: caller.name },
      serviceId: service.id,
      start: check.session.start,
      end: check.session.end,
      busyUntil: check.busyUntil,
      note: input.note,
    },
    { maxOpenRequests: BOOKING_RULES.maxOpenRequests, now },
  );
  if (result.outcome === 'taken') throw refusal.taken();
  if (result.outcome === 'too-many-requests') {
    throw problems.tooManyRequests(
      `You already have ${BOOKING_RULES.maxOpenRequests} requests waiting for an answer. Wait for one, or cancel one in My bookings.`,
    );
  }
  await context.notify(
    notificationsFor({ booking: result.booking, status: 'requested', by: 'client' }),
  );
  return json(201, bookingView(result.booking, context.services, now));
};
