import * as v from 'valibot';
import {
  DEFAULT_WORKING_HOURS,
  WorkingHoursSchema,
  type WorkingHours,
} from '../../../shared/working-hours';
import { sql } from 'kysely';
import type { Database } from '../platform/database/database';
import type { HerHours } from './working-hours';

/**
 * Her hours as every check reads them: those she saved (or the defaults) and the busy times of
 * her own calendar's last good read (functions/src/busy-calendar/ writes them).
 */
export async function readWorkingHours(db: Database): Promise<HerHours> {
  const [saved, calendarBusy] = await Promise.all([
    readSavedHours(db),
    db
      .selectFrom('busy_calendar_times')
      .select([sql<Date>`lower(during)`.as('start'), sql<Date>`upper(during)`.as('end')])
      .execute(),
  ]);
  return {
    ...saved,
    calendarBusy: calendarBusy.map((row) => ({
      start: new Date(row.start),
      end: new Date(row.end),
    })),
  };
}

/** Her saved hours, or the defaults until she saves any. */
export async function readSavedHours(db: Database): Promise<WorkingHours> {
  const row = await db.selectFrom('working_hours').select('hours').executeTakeFirst();
  if (!row) return DEFAULT_WORKING_HOURS;
  const parsed = v.safeParse(WorkingHoursSchema, row.hours);
  // A row the schema no longer reads is not a reason to offer no times at all.
  return parsed.success ? parsed.output : DEFAULT_WORKING_HOURS;
}

export async function saveWorkingHours(db: Database, hours: WorkingHours, now: Date) {
  const value = JSON.stringify(hours);
  await db
    .insertInto('working_hours')
    .values({ id: true, hours: value, updated_at: now })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ hours: value, updated_at: now }))
    .execute();
}
