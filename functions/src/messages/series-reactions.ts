import { addMinutes } from '../../../shared/time';
import type { BookingRecord } from '../bookings';
import type { Database } from '../platform/database/database';
import type { ApiContext } from '../platform/http/types';
import { findSeries, type SeriesWeekSkipped } from '../series';
import type { Notification } from './notifications';
import { queueMessages } from './outbox';

/**
 * The messages a series' change causes, subscribed `within` its transaction in
 * functions/src/reactions.ts: each is written with the change, or neither is. The event names
 * the series; what the message tells is read here, on the same transaction.
 */

/** A week the rolling job could not book: client and practice are told. */
export async function tellWeekSkipped(db: Database, event: SeriesWeekSkipped, context: ApiContext) {
  const series = await findSeries(db, event.seriesId);
  const service = context.services.find((each) => each.id === series?.serviceId);
  if (!series || !service) return;
  const occurrence = new Date(event.occurrence);
  const now = new Date(event.occurredAt);
  // The week that is not free, as the session it would have been.
  const week: BookingRecord = {
    id: '',
    client: series.client,
    serviceId: series.serviceId,
    start: occurrence,
    end: addMinutes(occurrence, service.minutes),
    status: 'cancelled',
    note: '',
    createdAt: now,
    updatedAt: now,
    seriesId: series.id,
    occurrence,
    sequence: 0,
  };
  const told: Notification[] = [
    { kind: 'week-skipped', to: 'client', booking: week },
    { kind: 'week-skipped', to: 'practice', booking: week },
  ];
  await queueMessages(db, told, { now, practiceEmail: context.outbox.practiceEmail });
}
