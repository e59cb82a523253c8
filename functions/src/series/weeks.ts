import type { BookingMode } from '../../../shared/booking';
import { BOOKING_RULES } from '../../../shared/booking-rules';
import { addMinutes } from '../../../shared/time';
import { type BookingRecord, type SeriesRecord, insertSeriesSession } from '../bookings';
import { withinHerHours, type HoursQuery, blocksOverlapping } from '../hours';
import type { Database } from '../platform/database/database';

/**
 * Books the given occurrences of a series, each as a session, in the caller's transaction. A
 * week that is blocked, or whose time another session holds (the exclusion constraint), is
 * skipped rather than booked; the answer names both.
 */
export async function bookWeeks(
  db: Database,
  series: SeriesRecord,
  occurrences: readonly Date[],
  options: {
    serviceMinutes: number;
    status: 'requested' | 'confirmed';
    mode?: BookingMode;
    /** Her hours: a week that falls on a closed day, a block or outside them is skipped. */
    hours: HoursQuery;
  },
): Promise<{ sessions: BookingRecord[]; skipped: Date[] }> {
  const sessions: BookingRecord[] = [];
  const skipped: Date[] = [];
  const last = occurrences.at(-1);
  const first = occurrences[0];
  if (!first || !last) return { sessions, skipped };
  const stretch = options.serviceMinutes + BOOKING_RULES.breakMinutes;
  const blocks = await blocksOverlapping(db, { start: first, end: addMinutes(last, stretch) });
  for (const start of occurrences) {
    const busyUntil = addMinutes(start, stretch);
    if (
      !withinHerHours(options.hours, start) ||
      blocks.some((block) => block.start < busyUntil && start < block.end)
    ) {
      skipped.push(start);
      continue;
    }
    const session = await insertSeriesSession(db, {
      client: series.client,
      serviceId: series.serviceId,
      start,
      end: addMinutes(start, options.serviceMinutes),
      busyUntil,
      note: series.note,
      seriesId: series.id,
      occurrence: start,
      status: options.status,
      mode: options.mode,
    });
    if (session) sessions.push(session);
    else skipped.push(start);
  }
  return { sessions, skipped };
}
