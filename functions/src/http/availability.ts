import { Temporal } from 'temporal-polyfill';
import {
  AvailabilityQuerySchema,
  PRACTICE_TIME_ZONE,
  type Availability,
} from '../../../shared/booking';
import { busyIntervals } from '../data/bookings';
import { BOOKING_RULES, addMinutes } from '../domain/booking-rules';
import { practiceDate, startOfPracticeDay } from '../domain/opening-hours';
import { availableSlots } from '../domain/slots';
import { parse, queryObject } from './input';
import { json, type Handler } from './types';
import { serviceById } from './views';

/** GET /api/availability?service=&from=&days= (public). */
export const availability: Handler = async (request, context) => {
  const query = parse(AvailabilityQuerySchema, queryObject(request));
  const service = serviceById(context.services, query.service);
  const now = context.now();
  const from = query.from ? Temporal.PlainDate.from(query.from) : practiceDate(now);
  const within = {
    start: addMinutes(startOfPracticeDay(from), -24 * 60),
    end: addMinutes(
      startOfPracticeDay(from.add({ days: query.days + 1 })),
      BOOKING_RULES.breakMinutes,
    ),
  };
  const busy = await busyIntervals(context.db, within);
  const slots = availableSlots({
    hours: context.hours,
    from,
    days: query.days,
    serviceMinutes: service.minutes,
    now,
    busy,
  });
  const body: Availability = {
    timeZone: PRACTICE_TIME_ZONE,
    slots: slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() })),
  };
  return json(200, body);
};
