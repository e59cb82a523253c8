import { AvailabilityQuerySchema, type Availability } from '../../../shared/booking';
import { BOOKING_RULES } from '../../../shared/booking-rules';
import {
  PRACTICE_TIME_ZONE,
  addDays,
  addMinutes,
  practiceDate,
  startOfPracticeDay,
} from '../../../shared/time';
import { busyIntervals } from '../data/bookings';
import { readWorkingHours } from '../data/working-hours';
import { availableSlots } from '../domain/slots';
import { endpoint } from './endpoint';
import { json } from './types';
import { serviceById } from './views';

/** GET /api/availability?service=&from=&days=: the free start times of a service. */
export const availability = endpoint({
  auth: 'anyone',
  query: AvailabilityQuerySchema,
  async run({ query, context }) {
    const service = serviceById(context.services, query.service);
    const now = context.now();
    const from = query.from ?? practiceDate(now);
    const within = {
      start: addMinutes(startOfPracticeDay(from), -24 * 60),
      end: addMinutes(
        startOfPracticeDay(addDays(from, query.days + 1)),
        BOOKING_RULES.breakMinutes,
      ),
    };
    const busy = await busyIntervals(context.db, within);
    const slots = availableSlots({
      hours: context.hours,
      working: await readWorkingHours(context.db),
      from,
      days: query.days,
      serviceMinutes: service.minutes,
      now,
      busy,
    });
    const body: Availability = {
      timeZone: PRACTICE_TIME_ZONE,
      slots: slots.map((slot) => ({
        start: slot.start.toISOString(),
        end: slot.end.toISOString(),
      })),
    };
    return json(200, body);
  },
});
