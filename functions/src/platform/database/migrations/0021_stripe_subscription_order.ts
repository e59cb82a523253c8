import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Each Stripe subscription a series has had: the time (Stripe's `created`) of the latest of its
  // own events applied, so an older one arriving late changes nothing, and when it ended, so an
  // ended subscription never becomes the plan's again (a late invoice of it is still recorded).
  await sql`
    create table stripe_subscriptions (
      subscription_id text primary key check (subscription_id <> ''),
      series_id uuid not null references series (id) on delete cascade,
      last_event_at timestamptz not null,
      ended_at timestamptz
    )`.execute(db);
}
