import { bookableWindow } from '../../../shared/booking-rules';
import { practiceFacts } from '../../../shared/practice';
import type { Service } from '../../../shared/service';
import { addMinutes } from '../../../shared/time';
import type { Database } from '../platform/database/database';
import { queueMessages, type Notification } from '../messages';
import { claimSeries, recordSkips, seriesToExtend, setBookedThrough } from './queries';
import { bookWeeks } from './weeks';
import { readWorkingHours } from '../hours';
import { bookingMode } from '../bookings';
import { occurrencesBetween } from './occurrences';

export interface RollSettings {
  db: Database;
  services: readonly Service[];
  practiceEmail: string;
}

/**
 * Keeps every standing series booked to the end of the booking horizon: each week that has come
 * into it is booked, or skipped when it is not free (client and practice are told which). A plain
 * function of (settings, clock): Cloud Scheduler runs it in production, a timer locally. Run twice,
 * or twice at once, it books nothing twice: each series is claimed (`skip locked`), carries on
 * from where it was booked through, and has one session per occurrence at most.
 */
export async function rollSeries(settings: RollSettings, now: Date) {
  const through = bookableWindow(now).latest;
  let booked = 0;
  let skipped = 0;
  const working = await readWorkingHours(settings.db);
  for (const id of await seriesToExtend(settings.db, through)) {
    const outcome = await settings.db.transaction().execute(async (trx) => {
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
      const told: Notification[] = newlySkipped.flatMap((occurrence) => {
        // The week that is not free, as the session it would have been.
        const week = {
          id: '',
          client: series.client,
          serviceId: series.serviceId,
          start: occurrence,
          end: addMinutes(occurrence, service.minutes),
          status: 'cancelled' as const,
          note: '',
          createdAt: now,
          updatedAt: now,
          seriesId: series.id,
          occurrence,
          sequence: 0,
        };
        return [
          { kind: 'week-skipped', to: 'client', booking: week },
          { kind: 'week-skipped', to: 'practice', booking: week },
        ];
      });
      await queueMessages(trx, told, { now, practiceEmail: settings.practiceEmail });
      return { booked: weeks.sessions.length, skipped: newlySkipped.length };
    });
    booked += outcome?.booked ?? 0;
    skipped += outcome?.skipped ?? 0;
  }
  return { booked, skipped };
}
