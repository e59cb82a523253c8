import * as v from 'valibot';
import {
  BUSY_CALENDAR_RULES,
  type BusyCalendarRead,
  type BusyCalendarView,
  type BusyTime,
} from '../../../shared/busy-calendar';
import { BOOKING_RULES } from '../../../shared/booking-rules';
import { DAY_MS, HOUR_MS } from '../../../shared/time';
import type { Interval } from '../bookings';
import { endpoint } from '../platform/http/endpoint';
import { ProblemError } from '../platform/http/problems';
import { json, noContent, type ApiContext } from '../platform/http/types';
import { FeedError } from './fetch-feed';
import { busyTimesWithin, disconnect, readConnection, saveGoodRead } from './queries';
import { readHerCalendar } from './read';

const MAX_ADDRESS_LENGTH = 2048;

const busyTime = (interval: Interval): BusyTime => ({
  start: interval.start.toISOString(),
  end: interval.end.toISOString(),
});

/** Her busy times from now to the end of the booking horizon. */
const busyAhead = (context: ApiContext, now: Date) =>
  busyTimesWithin(context.db, {
    start: now,
    end: new Date(now.getTime() + BOOKING_RULES.horizonDays * DAY_MS),
  });

const unreadable = (detail: string) =>
  new ProblemError({
    type: '/api/problems/calendar-unreadable',
    title: 'Your calendar could not be read',
    status: 422,
    detail,
  });

/** GET /api/practice/busy-calendar: whether her calendar is connected, and how its reads went. */
export const getBusyCalendar = endpoint({
  auth: 'practitioner',
  async run({ context }) {
    const connection = await readConnection(context.db);
    if (!connection) return json(200, { connected: false } satisfies BusyCalendarView);
    const now = context.now();
    const busy = await busyAhead(context, now);
    const lastGood = connection.last_read_at?.getTime() ?? connection.last_tried_at.getTime();
    const view: BusyCalendarView = {
      connected: true,
      host: new URL(connection.url.replace(/^webcal:/i, 'https:')).hostname,
      lastReadAt: connection.last_read_at?.toISOString() ?? null,
      events: connection.events,
      nextBusy: busy[0] ? busyTime(busy[0]) : null,
      lastError: connection.last_error,
      stale: now.getTime() - lastGood > BUSY_CALENDAR_RULES.staleHours * HOUR_MS,
      busy: busy.map(busyTime),
    };
    return json(200, view);
  },
});

/**
 * PUT /api/practice/busy-calendar { url }: connects her calendar, read at once. A bad address or
 * a feed that cannot be read is a 422 with the reason, and nothing changes.
 */
export const putBusyCalendar = endpoint({
  auth: 'practitioner',
  unprocessable: true,
  body: v.object({
    url: v.pipe(
      v.string('Paste your calendar’s address as "url".'),
      v.trim(),
      v.minLength(1, 'Paste your calendar’s address.'),
      v.maxLength(MAX_ADDRESS_LENGTH, `The address is over ${MAX_ADDRESS_LENGTH} characters.`),
    ),
  }),
  async run({ body, context }) {
    const now = context.now();
    let read;
    try {
      read = await readHerCalendar(body.url, context.calendarReading ?? {}, now);
    } catch (error) {
      if (error instanceof FeedError) throw unreadable(error.message);
      throw error;
    }
    await saveGoodRead(context.db, body.url, read, now);
    const [next] = await busyAhead(context, now);
    return json(200, {
      lastReadAt: now.toISOString(),
      events: read.events,
      nextBusy: next ? busyTime(next) : null,
    } satisfies BusyCalendarRead);
  },
});

/** DELETE /api/practice/busy-calendar: disconnects it; its busy times no longer count. */
export const deleteBusyCalendar = endpoint({
  auth: 'practitioner',
  async run({ context }) {
    await disconnect(context.db);
    return noContent();
  },
});
