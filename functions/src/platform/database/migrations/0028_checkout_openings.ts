import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A Checkout being opened: recorded and committed before Stripe is asked, so no row lock is
  // held across the call (issue 45), and at most one is opened at a time for a session or a
  // series (the unique columns). Its id is the Checkout's idempotency key. Deleted when Stripe's
  // answer is recorded, or released (the request failed, or the minute job found it stale).
  await sql`
    create table checkout_openings (
      id uuid primary key default gen_random_uuid(),
      booking_id uuid unique references bookings (id) on delete cascade,
      series_id uuid unique references series (id) on delete cascade,
      client_uid text not null,
      started_at timestamptz not null,
      constraint checkout_openings_one_thing check ((booking_id is null) <> (series_id is null))
    )`.execute(db);
  await sql`create index checkout_openings_started on checkout_openings (started_at)`.execute(db);
}
