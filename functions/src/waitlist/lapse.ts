import { BOOKING_RULES } from '../../../shared/booking-rules';
import type { Service } from '../../../shared/service';
import { DAY_MS } from '../../../shared/time';
import type { Database } from '../platform/database/database';
import { queueMessages, type Notification } from '../outbox';
import { claimEntriesToWarn, deleteLapsedEntries } from './queries';

export interface LapseSettings {
  db: Database;
  services: readonly Service[];
  practiceEmail: string;
}

/**
 * The waiting list's clock: each entry's client is told, the warning period before it lapses,
 * with a link to stay on; entries past their time end. A plain function of (settings, clock),
 * run with the series job. Run twice, or twice at once, it warns nobody twice: the warning is
 * marked (once per expiry) in the transaction that writes it.
 */
export async function lapseWaitlist(settings: LapseSettings, now: Date) {
  const warnBefore = new Date(now.getTime() + BOOKING_RULES.waitlistWarningDays * DAY_MS);
  const warned = await settings.db.transaction().execute(async (trx) => {
    const entries = await claimEntriesToWarn(trx, { now, warnBefore });
    const notifications: Notification[] = entries.map((entry) => ({
      kind: 'waitlist-ending',
      to: 'client',
      // The entry in the shape every message is written from: its end stands for the time.
      booking: {
        id: '',
        client: entry.client,
        serviceId: entry.serviceId,
        start: entry.expiresAt,
        end: entry.expiresAt,
        status: 'cancelled',
        note: '',
        createdAt: entry.createdAt,
        updatedAt: now,
        seriesId: null,
        occurrence: null,
        sequence: 0,
      },
      waitlist: { entryId: entry.id, expiresAt: entry.expiresAt },
    }));
    await queueMessages(trx, notifications, { now, practiceEmail: settings.practiceEmail });
    return entries.length;
  });
  const lapsed = await deleteLapsedEntries(settings.db, now);
  return { warned, lapsed };
}
