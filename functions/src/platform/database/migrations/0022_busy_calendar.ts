import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Her own calendar's private iCal address (functions/src/busy-calendar/): one row or none. The
  // last good read stays until a new one succeeds; `last_error` says why the latest one failed.
  await sql`
    create table busy_calendar (
      id boolean primary key default true check (id),
      url text not null check (url <> ''),
      events integer not null default 0 check (events >= 0),
      last_read_at timestamptz,
      last_tried_at timestamptz not null,
      last_error text
    )`.execute(db);
  // Its busy times from the last good read: start and end only (no titles, places or attendees).
  await sql`
    create table busy_calendar_times (
      calendar_id boolean not null default true references busy_calendar (id) on delete cascade,
      during tstzrange not null check (not isempty(during))
    )`.execute(db);
  await sql`create index busy_calendar_times_during on busy_calendar_times using gist (during)`.execute(
    db,
  );
}
