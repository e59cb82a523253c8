import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // People leave: an invitation the booker withdrew, or one not answered by the first session's
  // start (expired), joins declined as an answer that is kept only 30 days. A participant who
  // joined may leave, or the practitioner may remove them: `left` either way, with her reason
  // (hers alone, never shown to anyone else) when she removed them.
  await sql`alter table participants drop constraint participants_status_check`.execute(db);
  await sql`
    alter table participants
      add constraint participants_status_check
        check (status in ('invited', 'joined', 'declined', 'left', 'withdrawn', 'expired')),
      add column removal_reason text check (char_length(removal_reason) between 1 and 1000),
      add constraint participants_removed_left check (removal_reason is null or status = 'left'),
      -- When they left: responded_at stays when they joined, so their sessions are those from
      -- joining to leaving. One who left before this column kept only the time they left.
      add column left_at timestamptz,
      -- A child's age in years when the family booked: their note is kept to their 25th birthday.
      add column age_years smallint check (age_years between 0 and 17),
      add constraint participants_age_of_child check (age_years is null or kind = 'child')`.execute(
    db,
  );
  await sql`update participants set left_at = responded_at where status = 'left'`.execute(db);
  // A shared session's note outlives its booker's record while anyone else in the room is kept
  // (or the youngest child's 25th birthday is ahead): its date, remembered while the bookings it
  // is read from remain (functions/src/clinical/retention.ts). Deleted with the note.
  await sql`
    create table note_retention (
      note_id uuid primary key references session_notes (id) on delete cascade,
      kept_until timestamptz not null
    )`.execute(db);
}
