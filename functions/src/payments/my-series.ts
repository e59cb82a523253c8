import { seriesBookings } from '../bookings';
import { partyLookup, sharedSeriesViews } from '../participants';
import { endpoint } from '../platform/http/endpoint';
import { json } from '../platform/http/types';
import { clientSeries, seriesView, skipsOf } from '../series';
import { paymentStates } from './states';

/**
 * GET /api/series: the caller's own series, each with its sessions, its plan's payment and who
 * else is coming, then the series they joined. It composes series, participants and payments,
 * so it lives above all three (scripts/capability-order.json); POST /api/series is the series'.
 */
export const listSeries = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const now = context.now();
    const records = await clientSeries(context.db, caller.uid);
    const [sessions, skips] = await Promise.all([
      seriesBookings(
        context.db,
        records.map((record) => record.id),
      ),
      skipsOf(
        context.db,
        records.map((record) => record.id),
      ),
    ]);
    const payments = await paymentStates(
      context,
      sessions,
      records.map((record) => record.id),
    );
    const partyOf = await partyLookup(
      context.db,
      records.map((record) => ({ seriesId: record.id })),
      'client',
      caller.uid,
    );
    const series = records.map((record) => ({
      ...seriesView(
        {
          record,
          sessions: sessions.filter((session) => session.seriesId === record.id),
          skipped: skips.get(record.id) ?? [],
        },
        context,
        now,
        'client',
      ),
      payment: payments.series(record.id, record.serviceId, record.firstStart, record.status),
      ...partyOf({ seriesId: record.id }),
    }));
    const joined = await sharedSeriesViews(context.db, context, caller.uid, now);
    return json(200, { series: [...series, ...joined] });
  },
});
