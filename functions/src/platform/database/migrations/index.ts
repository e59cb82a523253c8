import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as m0001 from './0001_bookings_and_blocks';
import * as m0002 from './0002_outbox';
import * as m0003 from './0003_series';
import * as m0004 from './0004_clinical_records';
import * as m0005 from './0005_payments';
import * as m0006 from './0006_session_notes_attendance_video';
import * as m0007 from './0007_limits_and_calendar';
import * as m0008 from './0008_calendar_feed';
import * as m0009 from './0009_waitlist';
import * as m0010 from './0010_working_hours';
import * as m0011 from './0011_call_phone';

/**
 * Versioned migrations, one file each, applied in name order on start (Kysely records them in
 * `kysely_migration` and holds a lock while it runs). Never edit one that has shipped: add the next
 * file and its line here.
 */
const migrations: Record<string, Migration> = {
  '0001_bookings_and_blocks': m0001,
  '0002_outbox': m0002,
  '0003_series': m0003,
  '0004_clinical_records': m0004,
  '0005_payments': m0005,
  '0006_session_notes_attendance_video': m0006,
  '0007_limits_and_calendar': m0007,
  '0008_calendar_feed': m0008,
  '0009_waitlist': m0009,
  '0010_working_hours': m0010,
  '0011_call_phone': m0011,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
