import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One Stripe customer per client (the Portal and subscriptions hang off it).
  await sql`
    create table payment_customers (
      client_uid text primary key check (client_uid <> ''),
      stripe_customer_id text not null unique,
      created_at timestamptz not null
    )`.execute(db);
  // Receipt and credit-note numbers: one counter row per kind and year, bumped inside the
  // transaction that marks the payment paid, so a rollback gives its number back (no gaps).
  await sql`
    create table receipt_counters (
      kind text not null check (kind in ('receipt', 'credit-note')),
      year integer not null check (year between 2000 and 9999),
      last integer not null check (last >= 0),
      primary key (kind, year)
    )`.execute(db);
  // A standing series' monthly plan (its Stripe subscription).
  await sql`
    create table payment_plans (
      series_id uuid primary key references series (id) on delete cascade,
      client_uid text not null check (client_uid <> ''),
      stripe_subscription_id text unique,
      cancel_at_period_end boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  // One row per Checkout payment or subscription invoice. The amount is the server's own.
  await sql`
    create table payments (
      id uuid primary key default gen_random_uuid(),
      client_uid text not null check (client_uid <> ''),
      client_email text not null,
      client_name text not null default '',
      booking_id uuid references bookings (id) on delete set null,
      series_id uuid references series (id) on delete set null,
      service_id integer not null,
      checkout_session_id text unique,
      stripe_invoice_id text unique,
      stripe_payment_intent_id text,
      amount integer not null check (amount > 0),
      currency text not null check (currency ~ '^[A-Z]{3}$'),
      status text not null check (status in ('pending', 'paid', 'failed', 'refunded')),
      paid_at timestamptz,
      receipt_year integer,
      receipt_sequence integer,
      refunded integer not null default 0,
      card_brand text,
      card_last4 text check (card_last4 ~ '^[0-9]{4}$'),
      period_start timestamptz,
      period_end timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint payments_receipt_when_paid
        check ((status in ('paid', 'refunded')) = (receipt_sequence is not null and paid_at is not null)),
      constraint payments_refund_at_most_paid check (refunded >= 0 and refunded <= amount),
      constraint payments_one_receipt_number unique (receipt_year, receipt_sequence)
    )`.execute(db);
  await sql`create index payments_client on payments (client_uid, created_at)`.execute(db);
  await sql`create index payments_paid_at on payments (paid_at)`.execute(db);
  await sql`create index payments_booking on payments (booking_id)`.execute(db);
  await sql`create index payments_series on payments (series_id, period_end)`.execute(db);
  // At most one open or paid Checkout payment per one-off session.
  await sql`create unique index payments_one_per_booking on payments (booking_id) where status in ('paid', 'refunded') and series_id is null`.execute(
    db,
  );
  // Money given back, each with its own credit-note number.
  await sql`
    create table payment_refunds (
      id uuid primary key default gen_random_uuid(),
      payment_id uuid not null references payments (id),
      booking_id uuid references bookings (id) on delete set null,
      amount integer not null check (amount > 0),
      credit_year integer not null,
      credit_sequence integer not null,
      stripe_refund_id text unique,
      reason text not null,
      created_at timestamptz not null,
      constraint payment_refunds_one_number unique (credit_year, credit_sequence)
    )`.execute(db);
  await sql`create index payment_refunds_payment on payment_refunds (payment_id)`.execute(db);
  await sql`create index payment_refunds_created on payment_refunds (created_at)`.execute(db);
  // One refund per cancelled session, however often the cancellation is retried.
  await sql`create unique index payment_refunds_one_per_booking on payment_refunds (booking_id) where booking_id is not null`.execute(
    db,
  );
  // Every webhook event, once: a replay or a retry finds its id and changes nothing.
  await sql`
    create table payment_events (
      event_id text primary key,
      type text not null,
      created_at timestamptz not null,
      received_at timestamptz not null
    )`.execute(db);
}
