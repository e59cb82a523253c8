import type { Series } from '../../../shared/booking';
import { seriesBookings, type BookingRecord, type SeriesRecord } from '../bookings';
import { partyLookup } from '../participants';
import type { Database } from '../platform/database/database';
import type { ApiContext } from '../platform/http/types';
import { seriesView, skipsOf } from '../series';

/**
 * The series still waiting for an answer, for her diary: each with its sessions and who else is
 * coming (participants), composed here, above both.
 */
export async function seriesRequests(
  db: Database,
  context: Pick<ApiContext, 'services'>,
  now: Date,
  requested: readonly SeriesRecord[],
): Promise<Series[]> {
  const ids = requested.map((record) => record.id);
  const [sessions, skips] = await Promise.all([seriesBookings(db, ids), skipsOf(db, ids)]);
  const partyOf = await partyLookup(
    db,
    ids.map((seriesId) => ({ seriesId })),
    'practitioner',
  );
  return requested.map((record) => ({
    ...seriesView(
      {
        record,
        sessions: sessions.filter((session: BookingRecord) => session.seriesId === record.id),
        skipped: skips.get(record.id) ?? [],
      },
      context,
      now,
      'practitioner',
    ),
    ...partyOf({ seriesId: record.id }),
  }));
}
