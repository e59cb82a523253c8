import type { Selectable } from 'kysely';
import type { SeriesRecord } from '../bookings';
import type { Database } from '../platform/database/database';
import type { SeriesStatus, SeriesTable } from '../platform/database/schema';

const columns = [
  'id',
  'client_uid',
  'client_email',
  'client_name',
  'service_id',
  'every_weeks',
  'first_start',
  'local_time',
  'status',
  'note',
  'booked_through',
  'ended_at',
  'created_at',
  'updated_at',
] as const;

type SeriesRow = Pick<Selectable<SeriesTable>, (typeof columns)[number]>;

const toRecord = (row: SeriesRow): SeriesRecord => ({
  id: row.id,
  client: { uid: row.client_uid, email: row.client_email, name: row.client_name },
  serviceId: row.service_id,
  everyWeeks: row.every_weeks === 2 ? 2 : 1,
  firstStart: new Date(row.first_start),
  localTime: row.local_time,
  status: row.status,
  note: row.note,
  bookedThrough: new Date(row.booked_through),
  endedAt: row.ended_at ? new Date(row.ended_at) : null,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

export async function insertSeries(
  db: Database,
  series: Omit<SeriesRecord, 'id' | 'status' | 'endedAt' | 'createdAt' | 'updatedAt'>,
  now: Date,
): Promise<SeriesRecord> {
  const row = await db
    .insertInto('series')
    .values({
      client_uid: series.client.uid,
      client_email: series.client.email,
      client_name: series.client.name,
      service_id: series.serviceId,
      every_weeks: series.everyWeeks,
      first_start: series.firstStart,
      local_time: series.localTime,
      note: series.note,
      booked_through: series.bookedThrough,
      created_at: now,
      updated_at: now,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export async function findSeries(
  db: Database,
  id: string,
  options: { lock?: boolean } = {},
): Promise<SeriesRecord | undefined> {
  let query = db.selectFrom('series').select(columns).where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toRecord(row);
}

export async function clientSeries(db: Database, clientUid: string): Promise<SeriesRecord[]> {
  const rows = await db
    .selectFrom('series')
    .select(columns)
    .where('client_uid', '=', clientUid)
    .orderBy('first_start')
    .execute();
  return rows.map(toRecord);
}

export async function seriesWithStatus(
  db: Database,
  statuses: readonly SeriesStatus[],
): Promise<SeriesRecord[]> {
  const rows = await db
    .selectFrom('series')
    .select(columns)
    .where('status', 'in', [...statuses])
    .orderBy('created_at')
    .execute();
  return rows.map(toRecord);
}

/** Moves a series to `to` only if it is still in one of `from`. */
export async function changeSeriesStatus(
  db: Database,
  change: { id: string; from: readonly SeriesStatus[]; to: SeriesStatus; now: Date },
): Promise<SeriesRecord | undefined> {
  const row = await db
    .updateTable('series')
    .set({
      status: change.to,
      updated_at: change.now,
      ...(change.to === 'ended' && { ended_at: change.now }),
    })
    .where('id', '=', change.id)
    .where('status', 'in', [...change.from])
    .returning(columns)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** Series whose booked sessions stop short of `through`: the rolling job's work list. */
export async function seriesToExtend(db: Database, through: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('series')
    .select('id')
    .where('status', 'in', ['requested', 'confirmed'])
    .where('booked_through', '<', through)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Claims one series for the rolling job (`for update skip locked`): a second job running at the
 * same time passes it by instead of booking its weeks twice.
 */
export async function claimSeries(db: Database, id: string): Promise<SeriesRecord | undefined> {
  const row = await db
    .selectFrom('series')
    .select(columns)
    .where('id', '=', id)
    .where('status', 'in', ['requested', 'confirmed'])
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function setBookedThrough(db: Database, id: string, through: Date, now: Date) {
  await db
    .updateTable('series')
    .set({ booked_through: through, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Records weeks the series could not have; true for each one not recorded before. */
export async function recordSkips(
  db: Database,
  seriesId: string,
  occurrences: readonly Date[],
  now: Date,
): Promise<Date[]> {
  if (occurrences.length === 0) return [];
  const rows = await db
    .insertInto('series_skips')
    .values(occurrences.map((occurrence) => ({ series_id: seriesId, occurrence, created_at: now })))
    .onConflict((conflict) => conflict.doNothing())
    .returning('occurrence')
    .execute();
  return rows.map((row) => new Date(row.occurrence));
}

export async function skipsOf(
  db: Database,
  seriesIds: readonly string[],
): Promise<Map<string, Date[]>> {
  const skips = new Map<string, Date[]>();
  if (seriesIds.length === 0) return skips;
  const rows = await db
    .selectFrom('series_skips')
    .select(['series_id', 'occurrence'])
    .where('series_id', 'in', [...seriesIds])
    .orderBy('occurrence')
    .execute();
  for (const row of rows) {
    skips.set(row.series_id, [...(skips.get(row.series_id) ?? []), new Date(row.occurrence)]);
  }
  return skips;
}
