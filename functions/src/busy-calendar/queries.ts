import { sql } from 'kysely';
import type { Interval } from '../bookings';
import type { Database } from '../platform/database/database';
import type { ReadCalendar } from './parse';

export async function readConnection(db: Database) {
  return db.selectFrom('busy_calendar').selectAll().executeTakeFirst();
}

/** A good read: the address, the count and the busy times replace the last ones together. */
export async function saveGoodRead(db: Database, url: string, read: ReadCalendar, now: Date) {
  await db.transaction().execute(async (trx) => {
    const values = {
      url,
      events: read.events,
      last_read_at: now,
      last_tried_at: now,
      last_error: null,
    };
    await trx
      .insertInto('busy_calendar')
      .values({ id: true, ...values })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
      .execute();
    await trx.deleteFrom('busy_calendar_times').execute();
    if (read.busy.length) {
      await trx
        .insertInto('busy_calendar_times')
        .values(
          read.busy.map((busy) => ({
            during: sql<string>`tstzrange(${busy.start}, ${busy.end}, '[)')`,
          })),
        )
        .execute();
    }
  });
}

/** A failed scheduled read: the last good busy times stay; only the attempt and why are kept. */
export async function saveFailedRead(db: Database, url: string, reason: string, now: Date) {
  await db
    .updateTable('busy_calendar')
    .set({ last_tried_at: now, last_error: reason })
    .where('url', '=', url)
    .execute();
}

export async function disconnect(db: Database) {
  await db.deleteFrom('busy_calendar').execute();
}

/** The busy times of the last good read that touch `within`, in order. */
export async function busyTimesWithin(db: Database, within: Interval): Promise<Interval[]> {
  const rows = await db
    .selectFrom('busy_calendar_times')
    .select([sql<Date>`lower(during)`.as('start'), sql<Date>`upper(during)`.as('end')])
    .where(sql<boolean>`during && tstzrange(${within.start}, ${within.end}, '[)')`)
    .orderBy(sql`lower(during)`)
    .execute();
  return rows.map((row) => ({ start: new Date(row.start), end: new Date(row.end) }));
}
