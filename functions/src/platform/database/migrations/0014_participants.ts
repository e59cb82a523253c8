import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The other people in the room of a couple's or a family's booking: adults invited by email
  // (each joins or declines with their own verified account) and children by first name only.
  // A one-off session carries them itself; a series carries them for every one of its sessions.
  await sql`
    create table participants (
      id uuid primary key default gen_random_uuid(),
      booking_id uuid references bookings (id) on delete cascade,
      series_id uuid references series (id) on delete cascade,
      booker_uid text not null check (booker_uid <> ''),
      kind text not null check (kind in ('adult', 'child')),
      name text not null check (char_length(name) between 1 and 100),
      email text check (email is null or (email = lower(email) and char_length(email) <= 254)),
      status text not null default 'invited'
        check (status in ('invited', 'joined', 'declined', 'left')),
      uid text check (uid is null or uid <> ''),
      -- The order the booker named them in.
      position smallint not null default 0,
      created_at timestamptz not null,
      responded_at timestamptz,
      constraint participants_one_owner check ((booking_id is null) <> (series_id is null)),
      constraint participants_adults_have_email check ((kind = 'adult') = (email is not null)),
      constraint participants_joined_have_account check (status <> 'joined' or uid is not null),
      constraint participants_not_the_booker check (uid is null or uid <> booker_uid)
    )`.execute(db);
  // One invitation per address per booking or series.
  await sql`
    create unique index participants_one_per_address
      on participants (coalesce(booking_id, series_id), email) where email is not null`.execute(db);
  await sql`create index participants_booking on participants (booking_id)`.execute(db);
  await sql`create index participants_series on participants (series_id)`.execute(db);
  await sql`create index participants_email on participants (email) where status = 'invited'`.execute(
    db,
  );
  await sql`create index participants_uid on participants (uid)`.execute(db);
  // CSI-4 (couples' relationship satisfaction) joins the questionnaires.
  for (const table of ['questionnaires', 'questionnaire_days']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_instrument_check`)}`.execute(
      db,
    );
    await sql`
      alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_instrument_check`)}
        check (instrument in ('PHQ-9', 'GAD-7', 'CORE-10', 'CSI-4'))`.execute(db);
  }
}
