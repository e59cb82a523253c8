import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A client's reminders by text (functions/src/texts/): the number and when they agreed. Off is
  // no row, or a row stopped (by a STOP reply, which the account page then mentions).
  await sql`
    create table text_reminders (
      client_uid text primary key check (client_uid <> ''),
      phone text not null check (phone ~ '^\\+[1-9][0-9]{6,14}$'),
      consented_at timestamptz not null,
      stopped_at timestamptz,
      stopped_by_reply boolean not null default false
    )`.execute(db);
  // A text in the outbox carries the provider's id (Twilio's SID), which its delivery callbacks name.
  await sql`alter table messages add column provider_id text unique`.execute(db);
}
