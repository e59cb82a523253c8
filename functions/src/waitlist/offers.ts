import { busyIntervals, busyStretch, checkStart, type BookingRecord } from '../bookings';
import type { Database } from '../platform/database/database';
import { queueMessages, type Notification } from '../outbox';
import { recordOffers, waitlistEntries } from './queries';
import { readWorkingHours } from '../hours';
import { suitsEntry, type FreedTimes } from './rules';
import type { ApiContext } from '../platform/http/types';

/**
 * Offers freed times to the clients waiting for them. Call in the transaction of the change that
 * frees them: each matching entry gets one email for its first start that suits it and is free
 * for its service now (the same check a request gets), and never a second for the same start.
 */
export async function offerFreedTimes(
  trx: Database,
  context: Pick<ApiContext, 'services' | 'hours' | 'outbox'>,
  freed: FreedTimes,
  now: Date,
): Promise<number> {
  const starts = [...freed.starts].sort((a, b) => a.getTime() - b.getTime());
  if (starts.length === 0) return 0;
  const entries = await waitlistEntries(trx, { now });
  // Her hours too: a time freed outside them (she closed that day since) is offered to nobody.
  const working = await readWorkingHours(trx);
  const offers: { entryId: string; start: Date }[] = [];
  for (const entry of entries) {
    const service = context.services.find((each) => each.id === entry.serviceId);
    if (!service) continue;
    for (const start of starts) {
      if (!suitsEntry(entry, start, freed.standing)) continue;
      const busy = await busyIntervals(trx, busyStretch(start, service.minutes));
      const check = checkStart({
        hours: context.hours,
        working,
        serviceMinutes: service.minutes,
        now,
        start,
        busy,
      });
      if (!check.ok) continue;
      offers.push({ entryId: entry.id, start });
      break;
    }
  }
  const made = await recordOffers(trx, offers, now);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const notifications: Notification[] = made.flatMap(({ entryId, start }) => {
    const entry = byId.get(entryId);
    const service = context.services.find((each) => each.id === entry?.serviceId);
    if (!entry || !service) return [];
    // The offered time, in the shape every message is written from; it is no booking yet.
    const booking: BookingRecord = {
      id: '',
      client: entry.client,
      serviceId: entry.serviceId,
      start,
      end: new Date(start.getTime() + service.minutes * 60_000),
      status: 'cancelled',
      note: '',
      createdAt: now,
      updatedAt: now,
      seriesId: null,
      occurrence: null,
      sequence: 0,
    };
    return [
      {
        kind: 'waitlist-offer',
        to: 'client',
        booking,
        waitlist: { entryId, expiresAt: entry.expiresAt },
      },
    ];
  });
  await queueMessages(trx, notifications, { now, practiceEmail: context.outbox.practiceEmail });
  return notifications.length;
}
