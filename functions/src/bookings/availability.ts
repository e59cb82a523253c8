import {
  AvailabilityQuerySchema,
  type Availability,
  type AvailabilityQuery,
} from '../../../shared/booking';
import { BOOKING_RULES } from '../../../shared/booking-rules';
import {
  HOUR_MS,
  PRACTICE_TIME_ZONE,
  addDays,
  addMinutes,
  practiceDate,
  startOfPracticeDay,
} from '../../../shared/time';
import { busyIntervals } from './queries';
import { readWorkingHours } from '../hours';
import { availableSlots } from './slots';
import { endpoint } from '../platform/http/endpoint';
import { json, type ApiContext } from '../platform/http/types';
import { serviceById } from './views';

/** The free start times of a service over the query's days, as if asked at `asOf`. */
async function freeTimes(
  context: ApiContext,
  query: AvailabilityQuery,
  asOf: Date,
): Promise<Availability> {
  const service = serviceById(context.services, query.service);
  const from = query.from ?? practiceDate(context.now());
  const within = {
    start: addMinutes(startOfPracticeDay(from), -24 * 60),
    end: addMinutes(startOfPracticeDay(addDays(from, query.days + 1)), BOOKING_RULES.breakMinutes),
  };
  const busy = await busyIntervals(context.db, within);
  const slots = availableSlots({
    hours: context.hours,
    working: await readWorkingHours(context.db),
    from,
    days: query.days,
    serviceMinutes: service.minutes,
    now: asOf,
    busy,
  });
  return {
    timeZone: PRACTICE_TIME_ZONE,
    slots: slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() })),
  };
}

/** GET /api/availability?service=&from=&days=: the free start times of a service. */
export const availability = endpoint({
  auth: 'anyone',
  query: AvailabilityQuerySchema,
  async run({ query, context }) {
    return json(200, await freeTimes(context, query, context.now()));
  },
});

/**
 * GET /api/practice/availability?service=&from=&days=: the free times she may move a session to.
 * She keeps no notice period (as the move itself, move-booking.ts): the public times, and those
 * read as if asked a notice period ago that are still ahead. (Read that way alone, the horizon
 * would end a notice period early.)
 */
export const practiceAvailability = endpoint({
  auth: 'practitioner',
  query: AvailabilityQuerySchema,
  async run({ query, context }) {
    const now = context.now();
    const asOf = new Date(now.getTime() - BOOKING_RULES.minimumNoticeHours * HOUR_MS);
    const [early, publicTimes] = await Promise.all([
      freeTimes(context, query, asOf),
      freeTimes(context, query, now),
    ]);
    const seen = new Set(publicTimes.slots.map((slot) => slot.start));
    const sooner = early.slots.filter(
      (slot) => Date.parse(slot.start) > now.getTime() && !seen.has(slot.start),
    );
    const slots = [...sooner, ...publicTimes.slots].sort((a, b) => a.start.localeCompare(b.start));
    return json(200, { ...publicTimes, slots } satisfies Availability);
  },
});
