import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The sessions a participant was in, kept for their record when the booking that held them goes
  // with the booker's deleted account: whether their own record is kept, and for how long, is
  // decided from the sessions they had (functions/src/clinical/retention.ts). Deleted with it. The
  // session's note, kept under the booker, stays on their record through note_id.
  await sql`
    create table attended_sessions (
      client_uid text not null check (client_uid <> ''),
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      service_id integer not null,
      note_id uuid references session_notes (id) on delete set null,
      primary key (client_uid, starts_at)
    )`.execute(db);
}
