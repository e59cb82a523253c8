import { seriesBookings, type BookingRecord, type SeriesRecord } from '../bookings';
import type { Database } from '../platform/database/database';
import { pathId } from '../platform/http/input';
import { problems } from '../platform/http/problems';
import { findSeries, skipsOf } from './queries';

/** A series as a view or a message tells of it: the series, its sessions and the weeks it could not have. */
export interface SeriesContext {
  record: SeriesRecord;
  sessions: BookingRecord[];
  skipped: Date[];
}

/** A series and everything about it that a view or a message needs. */
export async function seriesContext(db: Database, series: SeriesRecord): Promise<SeriesContext> {
  const [sessions, skips] = await Promise.all([
    seriesBookings(db, [series.id]),
    skipsOf(db, [series.id]),
  ]);
  return { record: series, sessions, skipped: skips.get(series.id) ?? [] };
}

/** The series a route names, or 404. */
export async function seriesOf(db: Database, id: string | undefined) {
  const series = await findSeries(db, pathId(id, 'series'));
  if (!series) throw problems.notFound('There is no series with that id. Reload and try again.');
  return series;
}
