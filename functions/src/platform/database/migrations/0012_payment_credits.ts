import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A series' session cancelled in a month not yet invoiced: its share is taken off the invoice
  // that will cover it (a negative Stripe invoice item), never paid back from another month.
  // `payment_id` is that invoice's payment once it is paid (its receipt shows the credit).
  await sql`
    create table payment_credits (
      id uuid primary key default gen_random_uuid(),
      series_id uuid not null references series (id) on delete cascade,
      booking_id uuid references bookings (id) on delete set null,
      session_start timestamptz not null,
      amount integer not null check (amount > 0),
      stripe_invoice_item_id text unique,
      payment_id uuid references payments (id),
      reason text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index payment_credits_series on payment_credits (series_id, session_start)`.execute(
    db,
  );
  // A payment that arrives for a session already paid (a second tab) is kept, refunded in full:
  // only one payment per one-off session may stand as paid.
  await sql`drop index payments_one_per_booking`.execute(db);
  await sql`create unique index payments_one_paid_per_booking on payments (booking_id) where status = 'paid' and series_id is null`.execute(
    db,
  );
  // A Checkout expired because the client asked again (or the session was cancelled): its row is
  // kept, so a payment that still completes on it is found and refunded.
  await sql`alter table payments add column checkout_expired_at timestamptz`.execute(db);
  // The plan's one open Checkout (asking again expires it), and when its subscription ended
  // (in Stripe's Customer Portal, or at the end of a series).
  await sql`alter table payment_plans add column open_checkout_id text`.execute(db);
  await sql`alter table payment_plans add column ended_at timestamptz`.execute(db);
  // A refund is recorded pending before Stripe is asked (its id is Stripe's idempotency key), and
  // settled by Stripe's answer or its webhook: a refund made can never be lost by a failed commit.
  await sql`alter table payment_refunds add column status text not null default 'succeeded' check (status in ('pending', 'succeeded', 'failed'))`.execute(
    db,
  );
  // A zero-amount invoice (every session of its month credited) pays its period with no receipt.
  await sql`alter table payments drop constraint payments_receipt_when_paid`.execute(db);
  await sql`alter table payments drop constraint payments_amount_check`.execute(db);
  await sql`alter table payments add constraint payments_amount_check check (amount >= 0)`.execute(
    db,
  );
  await sql`
    alter table payments add constraint payments_receipt_when_paid
      check ((status in ('paid', 'refunded') and amount > 0) = (receipt_sequence is not null)
        and (status not in ('paid', 'refunded') or paid_at is not null))`.execute(db);
  // One credit per cancelled session, however often the cancellation is retried.
  await sql`create unique index payment_credits_one_per_booking on payment_credits (booking_id) where booking_id is not null`.execute(
    db,
  );
}
