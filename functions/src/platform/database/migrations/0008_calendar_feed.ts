import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The practitioner's private calendar feed (calendar/feed.ts): only the SHA-256 of its
  // token, so the database never holds a working link; one per practitioner, replaced in place.
  await sql`
    create table calendar_feeds (
      practitioner_uid text primary key check (practitioner_uid <> ''),
      token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
      created_at timestamptz not null
    )`.execute(db);
  // How many of each questionnaire a client sent on a London day, and how many that day allows
  // (one, and one more each time the practitioner asks): the check is the daily limit itself.
  await sql`
    create table questionnaire_days (
      client_uid text not null check (client_uid <> ''),
      instrument text not null check (instrument in ('PHQ-9', 'GAD-7', 'CORE-10')),
      day date not null,
      sent integer not null default 0 check (sent >= 0),
      allowed integer not null default 1 check (allowed >= 1),
      primary key (client_uid, instrument, day),
      constraint questionnaire_days_within_allowance check (sent <= allowed)
    )`.execute(db);
}
