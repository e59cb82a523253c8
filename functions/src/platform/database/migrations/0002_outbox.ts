import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every email the API sends, written in the transaction of the change that causes it.
  await sql`
    create table messages (
      id uuid primary key default gen_random_uuid(),
      kind text not null,
      recipient text not null check (recipient in ('client', 'practice')),
      to_address text not null,
      client_uid text not null,
      booking_id uuid references bookings (id) on delete set null,
      dedupe_key text unique,
      payload jsonb,
      status text not null default 'pending'
        check (status in ('pending', 'sending', 'sent', 'failed', 'dropped')),
      attempts integer not null default 0 check (attempts >= 0),
      next_attempt_at timestamptz not null,
      last_error text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      sent_at timestamptz,
      constraint messages_payload_until_sent check (status <> 'sent' or payload is null)
    )`.execute(db);
  await sql`create index messages_due on messages (next_attempt_at) where status in ('pending', 'sending')`.execute(
    db,
  );
  await sql`create index messages_booking on messages (booking_id)`.execute(db);
  await sql`create index messages_client on messages (client_uid)`.execute(db);
}
