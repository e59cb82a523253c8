import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Clients waiting for a time that suits: days of the week and parts of the day as bits
  // (Monday = 1 … Sunday = 64; morning = 1, afternoon = 2, evening = 4), at least one of each.
  await sql`
    create table waitlist_entries (
      id uuid primary key default gen_random_uuid(),
      client_uid text not null check (client_uid <> ''),
      client_email text not null,
      client_name text not null default '',
      service_id integer not null,
      days smallint not null check (days between 1 and 127),
      parts smallint not null check (parts between 1 and 7),
      standing boolean not null default false,
      created_at timestamptz not null,
      expires_at timestamptz not null check (expires_at > created_at),
      -- The expiry the client was last warned of: a renewal moves expires_at, so one warning
      -- per expiry.
      warned_for timestamptz
    )`.execute(db);
  await sql`create unique index waitlist_one_per_service on waitlist_entries (client_uid, service_id)`.execute(
    db,
  );
  await sql`create index waitlist_oldest on waitlist_entries (created_at)`.execute(db);
  // Each freed start offered to an entry, once: the key is the guarantee against a second email.
  await sql`
    create table waitlist_offers (
      entry_id uuid not null references waitlist_entries (id) on delete cascade,
      starts_at timestamptz not null,
      created_at timestamptz not null,
      primary key (entry_id, starts_at)
    )`.execute(db);
}
