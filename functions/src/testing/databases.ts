import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../platform/database/database';

export const DATABASE_KINDS = ['PGlite', 'PostgreSQL'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

let counter = 0;

/** A fresh, migrated database of either kind (a new database on the shared test server). */
export async function freshDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'PGlite') return openDatabase({ memory: true });
  const serverUrl = inject('postgresUrl');
  const name = `bookings_test_${process.pid}_${(counter += 1)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return openDatabase({ url: url.href });
}

export async function emptyTables(db: Database) {
  await sql`truncate participants, messages, checkout_openings, payment_credits, payment_refunds, payments, payment_plans, payment_events, stripe_subscriptions, payment_customers, receipt_counters, busy_times, bookings, series, series_skips, blocks, intakes, questionnaires, audit_log, clinical_retention, session_notes, note_addenda, risk_follow_ups, attended_sessions, note_retention, notes_request_reviews, notes_requests`.execute(
    db,
  );
  await sql`truncate write_limits, risk_alerts, waitlist_offers, waitlist_entries, calendar_feeds, questionnaire_days, working_hours`.execute(
    db,
  );
  await sql`truncate receipt_link_revocations, session_reactions, given_up_dealt_with, deleted_series`.execute(
    db,
  );
  await sql`truncate busy_calendar_times, busy_calendar, text_reminders`.execute(db);
  await sql`truncate passkeys, passkey_challenges, passkey_enrolments_used, recovery_codes, known_browsers, practice_sign_ins, passkey_reviews`.execute(
    db,
  );
}
