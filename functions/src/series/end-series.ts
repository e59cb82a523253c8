import { BOOKING_RULES } from '../../../shared/booking-rules';
import { HOUR_MS } from '../../../shared/time';
import { changeSeriesSessions, type BookingStatusChanged, type SeriesRecord } from '../bookings';
import { endpoint, type Relation } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import { json, type ApiContext } from '../platform/http/types';
import type { SeriesEnded } from './events';
import { changeSeriesStatus } from './queries';
import { seriesContext, seriesOf } from './series-context';
import { seriesView } from './series-view';

/**
 * Ends a series: by its booker, sessions more than the notice period ahead are cancelled; by
 * the practitioner, every session still ahead. Past sessions stay.
 */
async function endSeriesAs(context: ApiContext, found: SeriesRecord, byClient: boolean) {
  const now = context.now();
  const cutoff = byClient
    ? new Date(now.getTime() + BOOKING_RULES.clientCancelNoticeHours * HOUR_MS)
    : now;
  const ended = await context.db.transaction().execute(async (trx) => {
    const record = await changeSeriesStatus(trx, {
      id: found.id,
      from: ['requested', 'confirmed'],
      to: 'ended',
      now,
    });
    if (!record) return undefined;
    const cancelled = await changeSeriesSessions(trx, {
      seriesId: record.id,
      from: ['requested', 'confirmed'],
      to: 'cancelled',
      after: cutoff,
      now,
    });
    const by = byClient ? 'client' : 'practice';
    const occurredAt = now.toISOString();
    for (const session of cancelled)
      await context.reactions.publish(trx, {
        type: 'booking.status-changed',
        bookingId: session.id,
        to: 'cancelled',
        by,
        cause: 'series-ended',
        start: session.start.toISOString(),
        occurredAt,
      } satisfies BookingStatusChanged);
    await context.reactions.publish(trx, {
      type: 'series.ended',
      seriesId: record.id,
      by,
      cancelledIds: cancelled.map((each) => each.id),
      // An ended series' weekly time is a standing time free again.
      freedStarts: cancelled.map((each) => each.start.toISOString()),
      occurredAt,
    } satisfies SeriesEnded);
    return seriesContext(trx, record);
  });
  if (!ended) throw problems.wrongStatus(`This series is already ${found.status}.`);
  context.outbox.deliver();
  await context.reactions.runInRequest();
  return json(200, seriesView(ended, context, now, byClient ? 'client' : 'practitioner'));
}

/** The series a client route names, if the caller booked it. */
const seriesBooker: Relation<SeriesRecord> = {
  thing: 'series',
  who: ['booker'],
  async resolve(context, caller, params) {
    const found = await seriesOf(context.db, params.id);
    if (found.client.uid !== caller.uid)
      throw problems.notYours('You can only end your own sessions.');
    return found;
  },
};

/** POST /api/series/:id/end: its booker ends it. */
export const endSeries = endpoint({
  auth: 'client',
  relation: seriesBooker,
  run: ({ access, context }) => endSeriesAs(context, access, true),
});

/** POST /api/practice/series/:id/end: the practitioner ends any series. */
export const practiceEndSeries = endpoint({
  auth: 'practitioner',
  run: async ({ params, context }) =>
    endSeriesAs(context, await seriesOf(context.db, params.id), false),
});
