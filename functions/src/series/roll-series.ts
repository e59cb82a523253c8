import { bookableWindow } from '../../../shared/booking-rules';
import { practiceFacts } from '../../../shared/practice';
import type { Service } from '../../../shared/service';
import type { Database } from '../platform/database/database';
import type { Reactions } from '../platform/events/reactions';
import type { SeriesWeekSkipped } from './events';
import { claimSeries, recordSkips, seriesToExtend, setBookedThrough } from './queries';
import { bookWeeks } from './weeks';
import { transactionTriedAgain } from '../platform/database/retry';
import { readWorkingHours } from '../hours';
import { bookingMode } from '../bookings';
import { occurrencesBetween } from './occurrences';

export interface RollSettings {
  db: Database;
  services: readonly Service[];
  /** Where a skipped week is published (the API's: the messages to both sides, the money given back). */
  reactions: Pick<Reactions, 'publish'>;
}

/**
 * Keeps every standing series booked to the end of the booking horizon: each week that has come
 * into it is booked, or skipped when it is not free (`series.week-skipped`: client and practice are
 * told, and its share of a month paid given back). A plain
 * function of (settings, clock): Cloud Scheduler runs it in production, a timer locally. Run twice,
 * or twice at once, it books nothing twice: each series is claimed (`skip locked`), carries on
 * from where it was booked through, and has one session per occurrence at most.
 */
export async function rollSeries(settings: RollSettings, now: Date) {
  const through = bookableWindow(now).latest;
  let booked = 0;
  let skipped = 0;
  const working = await readWorkingHours(settings.db);
  const { reactions } = settings;
  for (const id of await seriesToExtend(settings.db, through)) {
    // Run again on a deadlock: a week is skipped only when its time is taken (23P01).
    const outcome = await transactionTriedAgain(settings.db, async (trx) => {
      const series = await claimSeries(trx, id);
      if (!series) return undefined;
      const service = settings.services.find((each) => each.id === series.serviceId);
      const occurrences = occurrencesBetween(series, series.bookedThrough, through);
      const last = occurrences.at(-1);
      if (!service || !last) return undefined;
      const weeks = await bookWeeks(trx, series, occurrences, {
        serviceMinutes: service.minutes,
        hours: { hours: practiceFacts.openingHours, working, serviceMinutes: service.minutes },
        mode: bookingMode(service.format, undefined),
        status: series.status === 'confirmed' ? 'confirmed' : 'requested',
      });
      const newlySkipped = await recordSkips(trx, series.id, weeks.skipped, now);
      await setBookedThrough(trx, series.id, last, now);
      for (const occurrence of newlySkipped)
        await reactions.publish(trx, {
          type: 'series.week-skipped',
          seriesId: series.id,
          occurrence: occurrence.toISOString(),
          occurredAt: now.toISOString(),
        } satisfies SeriesWeekSkipped);
      return { booked: weeks.sessions.length, skipped: newlySkipped.length };
    });
    booked += outcome?.booked ?? 0;
    skipped += outcome?.skipped ?? 0;
  }
  return { booked, skipped };
}
