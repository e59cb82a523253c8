import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A deleted account's series, kept for the money that can still arrive for them (a Checkout
  // paid a moment before its expiry, a month Stripe collects before its cancel reaches it): the
  // webhook then finds whose it was and for which service, records the payment with its
  // receipt, refunds it in full and cancels its subscription. What a payment row keeps (the
  // accounts' retention), no more; no reference to series, whose row is gone.
  await sql`
    create table deleted_series (
      series_id uuid primary key,
      client_uid text not null check (client_uid <> ''),
      client_email text not null,
      client_name text not null,
      service_id integer not null,
      deleted_at timestamptz not null
    )`.execute(db);
}
