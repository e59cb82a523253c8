import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A standing weekly or fortnightly time; each of its sessions is a row in bookings.
  await sql`
    create table series (
      id uuid primary key default gen_random_uuid(),
      client_uid text not null check (client_uid <> ''),
      client_email text not null,
      client_name text not null default '',
      service_id integer not null,
      every_weeks integer not null check (every_weeks in (1, 2)),
      first_start timestamptz not null,
      local_time text not null check (local_time ~ '^[0-2][0-9]:[0-5][0-9]$'),
      status text not null default 'requested'
        check (status in ('requested', 'confirmed', 'declined', 'ended')),
      note text not null default '' check (char_length(note) <= 500),
      booked_through timestamptz not null,
      ended_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index series_client on series (client_uid)`.execute(db);
  await sql`create index series_rolling on series (status, booked_through)`.execute(db);
  // The occurrence a session stands for (its start before any move): once per series.
  await sql`alter table bookings
    add column series_id uuid references series (id) on delete cascade,
    add column occurrence timestamptz,
    add column sequence integer not null default 0 check (sequence >= 0),
    add constraint bookings_series_occurrence check ((series_id is null) = (occurrence is null)),
    add constraint bookings_one_per_occurrence unique (series_id, occurrence)`.execute(db);
  await sql`create index bookings_series on bookings (series_id, starts_at)`.execute(db);
  // Weeks a series could not have (not free when they came into the horizon), told once.
  await sql`
    create table series_skips (
      series_id uuid not null references series (id) on delete cascade,
      occurrence timestamptz not null,
      created_at timestamptz not null,
      primary key (series_id, occurrence)
    )`.execute(db);
}
