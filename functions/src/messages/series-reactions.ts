import { isActive } from '../../../shared/booking-rules';
import { addMinutes } from '../../../shared/time';
import type { BookingRecord } from '../bookings';
import type { Database } from '../platform/database/database';
import type { ApiContext } from '../platform/http/types';
import {
  findSeries,
  seriesContext,
  type SeriesConfirmed,
  type SeriesContext,
  type SeriesDeclined,
  type SeriesEnded,
  type SeriesRequested,
  type SeriesWeekSkipped,
} from '../series';
import { queueMessages, type Notification } from '../outbox';

/**
 * The messages a series' change causes, subscribed `within` its transaction in
 * functions/src/reactions.ts: each is written with the change, or neither is. The event names
 * the series; what the message tells is read here, on the same transaction.
 */

/** A message about the whole series: it names its first session still held. */
const withSeries = (
  kind: Notification['kind'],
  to: 'client' | 'practice',
  series: SeriesContext,
): Notification =>
  ({
    kind,
    to,
    booking: series.sessions.find(isActive) ?? series.sessions[0],
    series,
  }) as Notification;

/** The messages about a series as it is now in the change's transaction, or none if it is gone. */
async function tellOfSeries(
  db: Database,
  event: { seriesId: string; occurredAt: string },
  context: ApiContext,
  told: (series: SeriesContext) => Notification[],
) {
  const record = await findSeries(db, event.seriesId);
  if (!record) return;
  await queueMessages(db, told(await seriesContext(db, record)), {
    now: new Date(event.occurredAt),
    practiceEmail: context.outbox.practiceEmail,
  });
}

/** A series asked for: the practice has a request to answer, the client an acknowledgement. */
export const tellSeriesRequested = (db: Database, event: SeriesRequested, context: ApiContext) =>
  tellOfSeries(db, event, context, (series) => [
    withSeries('series-requested', 'practice', series),
    withSeries('series-acknowledged', 'client', series),
  ]);

/** The practitioner's answer, to the client. */
export const tellSeriesAnswered = (
  db: Database,
  event: SeriesConfirmed | SeriesDeclined,
  context: ApiContext,
) =>
  tellOfSeries(db, event, context, (series) => [
    withSeries(
      event.type === 'series.confirmed' ? 'series-confirmed' : 'series-declined',
      'client',
      series,
    ),
  ]);

/** A series ended: the client is told, and the practice too when the client ended it. */
export const tellSeriesEnded = (db: Database, event: SeriesEnded, context: ApiContext) =>
  tellOfSeries(db, event, context, (series) => [
    withSeries('series-ended', 'client', series),
    ...(event.by === 'client' ? [withSeries('series-ended-by-client', 'practice', series)] : []),
  ]);

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
