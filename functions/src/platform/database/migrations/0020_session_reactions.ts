import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The reactions to a published event that call another service (a Stripe refund): written in
  // the same transaction as the change, run after the commit and by the minute job, retried
  // with a growing wait until done or given up with a note (platform/events/reactions.ts).
  await sql`
    create table session_reactions (
      id uuid primary key default gen_random_uuid(),
      handler text not null,
      event jsonb not null,
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      claimed_until timestamptz,
      done_at timestamptz,
      given_up_at timestamptz,
      note text,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index session_reactions_due on session_reactions (next_attempt_at) where done_at is null and given_up_at is null`.execute(
    db,
  );
}
