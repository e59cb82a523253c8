import { MoveRequestSchema, type MoveRequest } from '../../../shared/booking';
import { BOOKING_RULES, RULE_SENTENCES } from '../../../shared/booking-rules';
import { STARTED_SENTENCES, checkChange } from '../../../shared/booking-status';
import { HOUR_MS, MINUTE_MS } from '../../../shared/time';
import { busyIntervals, findBooking, moveBooking } from './queries';
import { readWorkingHours } from '../hours';
import { busyStretch, checkStart } from './slots';
import { transactionTriedAgain } from '../platform/database/retry';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import { startRefusal } from './refusals';
import { bookerOnly, bookingNamed } from './access';
import type { BookingMoved, BookingRecord } from './types';
import { json, type ApiContext } from '../platform/http/types';
import { bookingView, practiceBookingView, serviceById } from './views';

const taken = () => problems.slotTaken('That time is not free. Choose another time from the list.');

/**
 * A session to another free time, same length and status: its booker with the notice period
 * before both times; the practitioner at any time.
 */
async function moveTo(
  context: ApiContext,
  booking: BookingRecord,
  actor: 'client' | 'practitioner',
  body: MoveRequest,
) {
  const { id } = booking;
  const now = context.now();
  const service = serviceById(context.services, booking.serviceId);
  const start = new Date(body.start);
  if (actor === 'practitioner' && start <= now)
    throw problems.outsideRules('That time is already over. Choose a time still ahead.');
  const working = await readWorkingHours(context.db);
  // Run again on a deadlock: the try after it moves the session, or finds the time taken.
  const result = await transactionTriedAgain(context.db, async (trx) => {
    // The row lock: a move and a cancel of one session take turns, and each is judged on the
    // session as the other left it.
    const current = await findBooking(trx, id, { lock: true });
    if (!current) return { outcome: 'gone' as const };
    const allowed = checkChange('move', current, actor, now);
    if (!allowed.ok) {
      if (allowed.refusal === 'too-late') throw problems.outsideRules(RULE_SENTENCES.moveTooLate);
      if (allowed.refusal === 'started') throw problems.wrongStatus(STARTED_SENTENCES.move);
      throw problems.wrongStatus(`This booking is ${current.status}: it cannot be moved.`);
    }
    const stretch = busyStretch(start, service.minutes);
    const ownStretch = busyStretch(current.start, service.minutes);
    // Its own current time does not stand in its way.
    const busy = (await busyIntervals(trx, stretch)).filter(
      (each) =>
        each.start.getTime() !== ownStretch.start.getTime() ||
        each.end.getTime() !== ownStretch.end.getTime(),
    );
    // The practitioner keeps no notice period: the rules are read as if asked in good time.
    const asOf =
      actor === 'client'
        ? now
        : new Date(start.getTime() - BOOKING_RULES.minimumNoticeHours * HOUR_MS - MINUTE_MS);
    const check = checkStart({
      hours: context.hours,
      working,
      serviceMinutes: service.minutes,
      now: asOf,
      start,
      busy,
    });
    if (!check.ok) throw check.reason === 'taken' ? taken() : startRefusal(check.reason);
    const moved = await moveBooking(trx, {
      id,
      start: check.session.start,
      end: check.session.end,
      busyUntil: check.busyUntil,
      now,
    });
    if (moved.outcome === 'moved') {
      // Those concerned are told (messages), and the old time is free again (the waiting list):
      // each reacts to the event.
      await context.reactions.publish(trx, {
        type: 'booking.moved',
        bookingId: current.id,
        by: actor === 'client' ? 'client' : 'practice',
        from: current.start.toISOString(),
        to: moved.booking.start.toISOString(),
        occurredAt: now.toISOString(),
      } satisfies BookingMoved);
    }
    return moved;
  });
  if (result.outcome === 'taken') throw taken();
  if (result.outcome !== 'moved')
    throw problems.wrongStatus('This booking changed a moment ago. Reload it and try again.');
  context.outbox.deliver();
  const { services, meetingHost } = context;
  return json(
    200,
    actor === 'practitioner'
      ? practiceBookingView(result.booking, services, now, undefined, meetingHost)
      : bookingView(result.booking, services, now, meetingHost),
  );
}

/** POST /api/bookings/:id/move: its booker moves it, within the notice period's rules. */
export const moveSession = endpoint({
  auth: 'client',
  body: MoveRequestSchema,
  relation: bookerOnly,
  run: ({ access, body, context }) => moveTo(context, access.booking, 'client', body),
});

/** POST /api/practice/bookings/:id/move: the practitioner moves any session, at any time. */
export const practiceMoveSession = endpoint({
  auth: 'practitioner',
  body: MoveRequestSchema,
  run: async ({ body, params, context }) =>
    moveTo(context, await bookingNamed(context, params.id), 'practitioner', body),
});
