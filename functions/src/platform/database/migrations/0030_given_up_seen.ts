import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Why a durable reaction was given up, in a sentence of ours (a problem's detail) that she reads
  // under "Needs your attention": never a service's own message, which can echo what was sent.
  await sql`alter table session_reactions add column reason text`.execute(db);
  // What she marked as dealt with among the things given up (a reaction or an email): hidden from
  // her list until she undoes it. Exactly one of the two, each at most once. A reaction's mark goes
  // with its row; an email's is not tied to the outbox's table (which others prune and empty), and
  // counts only while its email is failed.
  await sql`
    create table given_up_dealt_with (
      id uuid primary key default gen_random_uuid(),
      reaction_id uuid unique references session_reactions (id) on delete cascade,
      message_id uuid unique,
      dealt_with_at timestamptz not null,
      constraint given_up_dealt_with_one_thing check ((reaction_id is null) <> (message_id is null))
    )`.execute(db);
}
