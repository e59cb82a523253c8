import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A session's note (health data). Kept by client, not by booking: a deleted account's notes
  // stay for the retention period after its bookings are gone (booking_id then becomes null).
  await sql`
    create table session_notes (
      id uuid primary key default gen_random_uuid(),
      booking_id uuid unique references bookings (id) on delete set null,
      client_uid text not null check (client_uid <> ''),
      service_id integer not null,
      session_start timestamptz not null,
      text text not null default '' check (char_length(text) <= 20000),
      signed_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index session_notes_client on session_notes (client_uid, session_start)`.execute(
    db,
  );
  // A signed note is locked: no update may change its text or undo its signature.
  await sql`
    create function session_notes_locked() returns trigger language plpgsql as $$
    begin
      if old.signed_at is not null
        and (new.text is distinct from old.text or new.signed_at is distinct from old.signed_at) then
        raise exception 'A signed note cannot be changed: add an addendum.' using errcode = '55000';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger session_notes_locked before update on session_notes
    for each row execute function session_notes_locked()`.execute(db);
  await sql`
    create table note_addenda (
      id uuid primary key default gen_random_uuid(),
      note_id uuid not null references session_notes (id) on delete cascade,
      text text not null check (text <> '' and char_length(text) <= 20000),
      at timestamptz not null
    )`.execute(db);
  await sql`create index note_addenda_note on note_addenda (note_id, at)`.execute(db);
  await sql`create rule note_addenda_no_update as on update to note_addenda do instead nothing`.execute(
    db,
  );
  // An addendum goes under a signed note only (a draft is simply edited).
  await sql`
    create function note_addenda_signed_only() returns trigger language plpgsql as $$
    begin
      if not exists (select 1 from session_notes where id = new.note_id and signed_at is not null) then
        raise exception 'Sign the note before adding an addendum.' using errcode = '55000';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger note_addenda_signed_only before insert on note_addenda
    for each row execute function note_addenda_signed_only()`.execute(db);

  // Attendance, marked after the session ends (a client's late cancellation when it happens);
  // the mode, and a video session's own room while it is active.
  await sql`alter table bookings
    add column attendance text
      check (attendance in ('attended', 'late-cancellation', 'no-show', 'practice-cancelled')),
    add column attendance_at timestamptz,
    add column mode text not null default 'in-person' check (mode in ('in-person', 'video')),
    add column video_room text unique check (char_length(video_room) >= 22),
    add constraint bookings_attendance_marked
      check ((attendance is null) = (attendance_at is null)),
    add constraint bookings_attendance_after_end
      check (attendance_at is null or attendance_at >= ends_at or attendance = 'late-cancellation'),
    add constraint bookings_room_for_video check (video_room is null or mode = 'video'),
    add constraint bookings_video_has_room
      check (mode <> 'video' or status in ('cancelled', 'declined') or video_room is not null)`.execute(
    db,
  );
  // A cancelled or declined session loses its room, whichever path changed it.
  await sql`
    create function bookings_drop_room() returns trigger language plpgsql as $$
    begin
      if new.status in ('cancelled', 'declined') then
        new.video_room := null;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger bookings_drop_room before update of status on bookings
    for each row execute function bookings_drop_room()`.execute(db);

  // What the practitioner did about a client's risk answers (health data; audited).
  await sql`
    create table risk_follow_ups (
      id uuid primary key default gen_random_uuid(),
      client_uid text not null check (client_uid <> ''),
      actor_uid text not null,
      action text not null check (action in ('contacted', 'safety-plan', 'referred')),
      text text not null default '' check (char_length(text) <= 2000),
      at timestamptz not null
    )`.execute(db);
  await sql`create index risk_follow_ups_client on risk_follow_ups (client_uid, at)`.execute(db);
}
