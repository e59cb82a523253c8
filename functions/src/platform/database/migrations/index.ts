import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { up as up0001 } from './0001_bookings_and_blocks';
import { up as up0002 } from './0002_outbox';
import { up as up0003 } from './0003_series';
import { up as up0004 } from './0004_clinical_records';
import { up as up0005 } from './0005_payments';
import { up as up0006 } from './0006_session_notes_attendance_video';
import { up as up0007 } from './0007_limits_and_calendar';
import { up as up0008 } from './0008_calendar_feed';
import { up as up0009 } from './0009_waitlist';
import { up as up0010 } from './0010_working_hours';
import { up as up0011 } from './0011_call_phone';
import { up as up0012 } from './0012_payment_credits';
import { up as up0013 } from './0013_retained_records';
import { up as up0014 } from './0014_participants';
import { up as up0015 } from './0015_passkeys';
import { up as up0016 } from './0016_attended_sessions';
import { up as up0017 } from './0017_passkey_rules';
import { up as up0018 } from './0018_blocked_time_enforced';
import { up as up0019 } from './0019_session_money';
import { up as up0020 } from './0020_session_reactions';
import { up as up0021 } from './0021_stripe_subscription_order';
import { up as up0022 } from './0022_busy_calendar';
import { up as up0023 } from './0023_text_reminders';
import { up as up0024 } from './0024_people_leave';
import { up as up0025 } from './0025_notes_review';
import { up as up0026 } from './0026_credits_kept_with_receipts';
import { up as up0027 } from './0027_children_stay_named';
import { up as up0028 } from './0028_checkout_openings';
import { up as up0029 } from './0029_children_aged';
import { up as up0030 } from './0030_given_up_seen';
import { up as up0031 } from './0031_deleted_account_series';

/**
 * Versioned migrations, one file each, applied in name order on start (Kysely records them in
 * `kysely_migration` and holds a lock while it runs). Never edit one that has shipped: add the next
 * file and its line here.
 */
const migrations: Record<string, Migration> = {
  '0001_bookings_and_blocks': { up: up0001 },
  '0002_outbox': { up: up0002 },
  '0003_series': { up: up0003 },
  '0004_clinical_records': { up: up0004 },
  '0005_payments': { up: up0005 },
  '0006_session_notes_attendance_video': { up: up0006 },
  '0007_limits_and_calendar': { up: up0007 },
  '0008_calendar_feed': { up: up0008 },
  '0009_waitlist': { up: up0009 },
  '0010_working_hours': { up: up0010 },
  '0011_call_phone': { up: up0011 },
  '0012_payment_credits': { up: up0012 },
  '0013_retained_records': { up: up0013 },
  '0014_participants': { up: up0014 },
  '0015_passkeys': { up: up0015 },
  '0016_attended_sessions': { up: up0016 },
  '0017_passkey_rules': { up: up0017 },
  '0018_blocked_time_enforced': { up: up0018 },
  '0019_session_money': { up: up0019 },
  '0020_session_reactions': { up: up0020 },
  '0021_stripe_subscription_order': { up: up0021 },
  '0022_busy_calendar': { up: up0022 },
  '0023_text_reminders': { up: up0023 },
  '0024_people_leave': { up: up0024 },
  '0025_notes_review': { up: up0025 },
  '0026_credits_kept_with_receipts': { up: up0026 },
  '0027_children_stay_named': { up: up0027 },
  '0028_checkout_openings': { up: up0028 },
  '0029_children_aged': { up: up0029 },
  '0030_given_up_seen': { up: up0030 },
  '0031_deleted_account_series': { up: up0031 },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
