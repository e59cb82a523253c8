import { sql } from 'kysely';
import type { Database } from '../platform/database/database';

/** The sessions a client has had, from which their record's dates are decided. */

/**
 * The sessions a client was in that have happened (confirmed, started): their own bookings, those
 * they joined in someone else's (joined by the session's end, or left after its start), and those
 * kept for them when such a booking went with the booker's account (keepSharedAttendance).
 */
const heldSessions = (clientUid: string, now: Date) => sql`
  select b.starts_at from bookings b
    where b.client_uid = ${clientUid} and b.status = 'confirmed' and b.starts_at <= ${now}
  union all
  select b.starts_at from bookings b
    join participants p on p.booking_id = b.id or p.series_id = b.series_id
    where p.uid = ${clientUid} and b.status = 'confirmed' and b.starts_at <= ${now}
      and (p.status in ('joined', 'left') and p.responded_at <= b.ends_at
        and (p.left_at is null or p.left_at >= b.starts_at))
  union all
  select a.starts_at from attended_sessions a where a.client_uid = ${clientUid}`;

/** The sessions kept for a participant whose booker's account went, oldest first (their export). */
export async function attendedSessionsOf(db: Database, clientUid: string) {
  return db
    .selectFrom('attended_sessions')
    .select(['starts_at', 'ends_at', 'service_id'])
    .where('client_uid', '=', clientUid)
    .orderBy('starts_at')
    .execute();
}

/** The start of the client's last session that has happened, if any. */
export async function lastSessionStart(
  db: Database,
  clientUid: string,
  now: Date,
): Promise<Date | undefined> {
  const { rows } = await sql<{ last: Date | string | null }>`
    select max(starts_at) as last from (${heldSessions(clientUid, now)}) held`.execute(db);
  return rows[0]?.last ? new Date(rows[0].last) : undefined;
}

/** How many sessions the client has had. */
export async function sessionsHad(db: Database, clientUid: string, now: Date): Promise<number> {
  const { rows } = await sql<{ count: string | number }>`
    select count(distinct starts_at) as count from (${heldSessions(clientUid, now)}) held`.execute(
    db,
  );
  return Number(rows[0]?.count ?? 0);
}

/**
 * Before the booker's bookings are deleted with their account: the sessions each participant was
 * in, kept for that participant's record (its retention is decided from the sessions they had),
 * each with its note, which stays on every record of the room (notesOfAttended).
 */
export async function keepSharedAttendance(
  db: Database,
  bookerUid: string,
  now: Date,
): Promise<void> {
  await sql`
    insert into attended_sessions (client_uid, starts_at, ends_at, service_id, note_id)
    select distinct p.uid, b.starts_at, b.ends_at, b.service_id, n.id from bookings b
      join participants p on p.booking_id = b.id or p.series_id = b.series_id
      left join session_notes n on n.booking_id = b.id
      where b.client_uid = ${bookerUid} and b.status = 'confirmed' and b.starts_at <= ${now}
        and p.uid is not null
        and (p.status in ('joined', 'left') and p.responded_at <= b.ends_at
          and (p.left_at is null or p.left_at >= b.starts_at))
    on conflict do nothing`.execute(db);
}
