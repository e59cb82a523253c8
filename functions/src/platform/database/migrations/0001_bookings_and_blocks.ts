import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // btree_gist lets one exclusion constraint mix scalar and range columns (e.g. a room, later).
  await sql`create extension if not exists btree_gist`.execute(db);
  await sql`
    create table bookings (
      id uuid primary key default gen_random_uuid(),
      client_uid text not null check (client_uid <> ''),
      client_email text not null,
      client_name text not null default '',
      service_id integer not null,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      during tstzrange not null,
      status text not null default 'requested'
        check (status in ('requested', 'confirmed', 'declined', 'cancelled')),
      note text not null default '' check (char_length(note) <= 500),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint bookings_session_inside_during
        check (starts_at < ends_at and lower(during) = starts_at and upper(during) >= ends_at),
      constraint bookings_no_overlap
        exclude using gist (during with &&) where (status in ('requested', 'confirmed'))
    )`.execute(db);
  await sql`create index bookings_client_uid on bookings (client_uid, starts_at)`.execute(db);
  await sql`create index bookings_starts_at on bookings (starts_at)`.execute(db);
  await sql`
    create table blocks (
      id uuid primary key default gen_random_uuid(),
      during tstzrange not null check (not isempty(during) and not lower_inf(during) and not upper_inf(during)),
      reason text not null default '' check (char_length(reason) <= 200),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index blocks_during on blocks using gist (during)`.execute(db);
}
