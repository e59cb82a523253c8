import { sql } from 'kysely';
import { noteKeptUntil, recordKeptUntil } from '../../../shared/retention';
import { addDays, practiceDate } from '../../../shared/time';
import type { Database } from '../platform/database/database';
import { problems } from '../platform/http/problems';
import { deleteNotesOf } from './note-queries';
import { lastSessionStart } from './sessions-had';

/**
 * How long the clinical record is kept: whether there is one, when it may go, and the hourly
 * prune. The only module that deletes it.
 */

/** Whether anything clinical is held about a client (intake, questionnaires or notes). */
export async function hasClinicalRecord(db: Database, clientUid: string): Promise<boolean> {
  const [intake, questionnaire, note] = await Promise.all([
    db
      .selectFrom('intakes')
      .select('client_uid')
      .where('client_uid', '=', clientUid)
      .executeTakeFirst(),
    db
      .selectFrom('questionnaires')
      .select('id')
      .where('client_uid', '=', clientUid)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('session_notes')
      .select('id')
      .where('client_uid', '=', clientUid)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return intake !== undefined || questionnaire !== undefined || note !== undefined;
}

/**
 * Deletes everything clinical held about a client, the audit of it included; but the notes in
 * `keepNotes` (shared sessions whose room is still kept), which go on their own date.
 */
async function deleteClinicalRecord(
  db: Database,
  clientUid: string,
  keepNotes: readonly string[] = [],
): Promise<void> {
  await deleteNotesOf(db, clientUid, keepNotes);
  await db.deleteFrom('questionnaires').where('client_uid', '=', clientUid).execute();
  await db.deleteFrom('questionnaire_days').where('client_uid', '=', clientUid).execute();
  await db.deleteFrom('intakes').where('client_uid', '=', clientUid).execute();
  await db.deleteFrom('notes_requests').where('client_uid', '=', clientUid).execute();
  await db.deleteFrom('risk_alerts').where('client_uid', '=', clientUid).execute();
  await db.deleteFrom('audit_log').where('client_uid', '=', clientUid).execute();
  await db.deleteFrom('attended_sessions').where('client_uid', '=', clientUid).execute();
  await db.deleteFrom('clinical_retention').where('client_uid', '=', clientUid).execute();
}

/** Who a retired record belonged to, as the account said when it was deleted. */
export interface RetiringClient {
  uid: string;
  name: string;
  email: string;
}

/** The start of the last session the record itself shows was held: one with a signed note. */
async function lastNotedSession(db: Database, clientUid: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('session_notes')
    .select((eb) => eb.fn.max('session_start').as('last'))
    .where('client_uid', '=', clientUid)
    .where('signed_at', 'is not', null)
    .executeTakeFirst();
  return row?.last ? new Date(row.last) : undefined;
}

const latest = (...dates: (Date | undefined)[]) =>
  dates.reduce<Date | undefined>(
    (best, date) => (date && (!best || date > best) ? date : best),
    undefined,
  );

/**
 * A deleted account's clinical record: kept, read-only, until the end of its retention period when
 * a session was held, deleted now when none was. Whether one was is read from the record (its
 * notes, a retention already set) as well as the sessions still booked, so deleting bookings first
 * never erases it; a retention date once set is never moved earlier. Running it twice ends the same.
 */
export async function retireClinicalRecord(
  db: Database,
  client: RetiringClient,
  now: Date,
): Promise<{ keptUntil: Date | null }> {
  const kept = await db
    .selectFrom('clinical_retention')
    .select(['last_session_at', 'delete_after'])
    .where('client_uid', '=', client.uid)
    .executeTakeFirst();
  const last = latest(
    kept && new Date(kept.last_session_at),
    await lastSessionStart(db, client.uid, now),
    await lastNotedSession(db, client.uid),
  );
  if (!last) {
    await deleteClinicalRecord(db, client.uid);
    return { keptUntil: null };
  }
  const deleteAfter = await recordDate(db, client.uid, now);
  const intake = await db
    .selectFrom('intakes')
    .select(['client_name', 'client_email'])
    .where('client_uid', '=', client.uid)
    .executeTakeFirst();
  const row = await db
    .insertInto('clinical_retention')
    .values({
      client_uid: client.uid,
      last_session_at: last,
      delete_after: deleteAfter,
      client_name: client.name || intake?.client_name || '',
      client_email: client.email || intake?.client_email || '',
      retired_at: now,
    })
    .onConflict((conflict) =>
      conflict.column('client_uid').doUpdateSet({
        last_session_at: sql`greatest(clinical_retention.last_session_at, excluded.last_session_at)`,
        delete_after: sql`greatest(clinical_retention.delete_after, excluded.delete_after)`,
        retired_at: sql`coalesce(clinical_retention.retired_at, excluded.retired_at)`,
        client_name: sql`coalesce(nullif(clinical_retention.client_name, ''), excluded.client_name)`,
        client_email: sql`coalesce(nullif(clinical_retention.client_email, ''), excluded.client_email)`,
      }),
    )
    .returning('delete_after')
    .executeTakeFirstOrThrow();
  return { keptUntil: new Date(row.delete_after) };
}

/** Whether a client's record is a deleted account's, kept read-only until its period ends. */
export async function isRetained(db: Database, clientUid: string): Promise<boolean> {
  const row = await db
    .selectFrom('clinical_retention')
    .select('client_uid')
    .where('client_uid', '=', clientUid)
    .where('retired_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Refuses a change to a retained record with 409 (before the database would). */
export async function refuseIfRetained(db: Database, uid: string): Promise<void> {
  if (await isRetained(db, uid)) {
    throw problems.recordRetained(
      'This client deleted their account: their record is kept read-only until its retention period ends.',
    );
  }
}

/** What one person's record is decided from (shared/retention.ts recordKeptUntil), as it is now. */
async function recordFactsOf(db: Database, clientUid: string, now: Date) {
  const kept = await db
    .selectFrom('clinical_retention')
    .select(['last_session_at', 'delete_after'])
    .where('client_uid', '=', clientUid)
    .executeTakeFirst();
  const lastSession = latest(
    kept && new Date(kept.last_session_at),
    await lastSessionStart(db, clientUid, now),
    await lastNotedSession(db, clientUid),
  );
  const { rows } = await sql<{ born: string | null; activity: Date | string | null }>`
    select
      (select details->>'dateOfBirth' from intakes where client_uid = ${clientUid}) as born,
      greatest(
        (select updated_at from intakes where client_uid = ${clientUid}),
        (select max(submitted_at) from questionnaires where client_uid = ${clientUid}),
        (select max(updated_at) from session_notes where client_uid = ${clientUid}),
        (select max(updated_at) from bookings where client_uid = ${clientUid}),
        (select max(responded_at) from participants where uid = ${clientUid})
      ) as activity`.execute(db);
  const born = rows[0]?.born;
  const activity = rows[0]?.activity;
  return {
    facts: {
      lastSession: lastSession ?? null,
      dateOfBirth: born && /^\d{4}-\d{2}-\d{2}$/.test(born) ? born : null,
      lastActivity: activity ? new Date(activity) : now,
    },
    /** A date once set is never moved earlier. */
    keptAtLeast: kept ? new Date(kept.delete_after) : undefined,
  };
}

/** Whether someone is a current client: a session requested or confirmed still ahead. */
async function hasSessionAhead(db: Database, clientUid: string, now: Date): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`
    select 1 as one from bookings b
      left join participants p on (p.booking_id = b.id or p.series_id = b.series_id)
        and p.status = 'joined' and p.uid = ${clientUid}
      where (b.client_uid = ${clientUid} or p.uid is not null)
        and b.status in ('requested', 'confirmed') and b.starts_at > ${now}
      limit 1`.execute(db);
  return rows.length > 0;
}

/** When one person's record is to go, from the record itself (and remembered, for later runs). */
export async function recordDate(db: Database, clientUid: string, now: Date): Promise<Date> {
  const { facts, keptAtLeast } = await recordFactsOf(db, clientUid, now);
  const date = recordKeptUntil(facts);
  return latest(date, keptAtLeast) as Date;
}

/**
 * The notes of a record's sessions that outlive it: a shared session's note stays until the last
 * person in the room reaches their date, a family's to the youngest child's 25th birthday (the
 * booker's record may go first). Each date is remembered (note_retention) while the bookings it is
 * read from remain. Answers the notes still kept at `now`.
 */
async function notesKeptForOthers(db: Database, clientUid: string, now: Date): Promise<string[]> {
  const { rows } = await sql<{
    id: string;
    uid: string | null;
    age_years: number | null;
    booked_at: Date | string | null;
  }>`
    select n.id, p.uid, p.age_years, p.created_at as booked_at from session_notes n
      join bookings b on b.id = n.booking_id
      join participants p on (p.booking_id = b.id or p.series_id = b.series_id)
      where n.client_uid = ${clientUid}
        and ((p.kind = 'child' and p.age_years is not null)
          or (p.uid is not null and p.uid <> ${clientUid}
            and (p.status in ('joined', 'left') and p.responded_at <= b.ends_at
              and (p.left_at is null or p.left_at >= b.starts_at))))
    union all
    select a.note_id as id, a.client_uid as uid, null, null from attended_sessions a
      join session_notes n on n.id = a.note_id
      where n.client_uid = ${clientUid} and a.client_uid <> ${clientUid}`.execute(db);
  const rooms = new Map<
    string,
    { recordDates: Date[]; youngestChild?: { ageYears: number; bookedAt: Date } }
  >();
  for (const row of rows) {
    const room = rooms.get(row.id) ?? { recordDates: [] };
    rooms.set(row.id, room);
    if (row.uid) room.recordDates.push(await recordDate(db, row.uid, now));
    else if (row.age_years !== null && row.booked_at) {
      const child = { ageYears: row.age_years, bookedAt: new Date(row.booked_at) };
      if (!room.youngestChild || child.ageYears < room.youngestChild.ageYears)
        room.youngestChild = child;
    }
  }
  for (const [noteId, room] of rooms) {
    await db
      .insertInto('note_retention')
      .values({ note_id: noteId, kept_until: noteKeptUntil(room) })
      .onConflict((conflict) =>
        conflict.column('note_id').doUpdateSet({
          kept_until: sql`greatest(note_retention.kept_until, excluded.kept_until)`,
        }),
      )
      .execute();
  }
  const kept = await db
    .selectFrom('note_retention')
    .innerJoin('session_notes', 'session_notes.id', 'note_retention.note_id')
    .select('note_retention.note_id')
    .where('session_notes.client_uid', '=', clientUid)
    .where('note_retention.kept_until', '>', now)
    .execute();
  return kept.map((row) => row.note_id);
}

/**
 * The scheduled retention job, a plain function of (db, clock), idempotent: each record that holds
 * anything clinical goes at its own date (shared/retention.ts recordKeptUntil), decided from the
 * record itself, not from which bookings remain: its last session is remembered (clinical_retention)
 * before any booking goes. A current client (a session ahead) is kept. A shared session's note
 * stays while anyone else in the room is kept. Returns how many clients' records were deleted.
 */
export async function pruneClinicalRecords(db: Database, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // The daily counts matter only on their day; yesterday's are kept, for a day that has just turned.
    await sql`delete from questionnaire_days
      where day < ${addDays(practiceDate(now), -1)}::date`.execute(trx);
    const { rows: holders } = await sql<{ client_uid: string }>`
      select client_uid from intakes
      union select client_uid from questionnaires
      union select client_uid from session_notes
      union select client_uid from attended_sessions
      union select client_uid from clinical_retention`.execute(trx);
    let deleted = 0;
    for (const { client_uid: clientUid } of holders) {
      if (await hasSessionAhead(trx, clientUid, now)) continue;
      const { facts, keptAtLeast } = await recordFactsOf(trx, clientUid, now);
      const date = latest(recordKeptUntil(facts), keptAtLeast) as Date;
      if (date > now) {
        // Remembered, so the dates hold when the bookings they were read from are gone.
        if (facts.lastSession) await rememberLastSession(trx, clientUid, facts.lastSession, date);
        await notesKeptForOthers(trx, clientUid, now);
        continue;
      }
      const keep = await notesKeptForOthers(trx, clientUid, now);
      // Only notes kept for others left: they go on their own date, and nothing is counted twice.
      if (!(await holdsBeyond(trx, clientUid, keep))) continue;
      await deleteClinicalRecord(trx, clientUid, keep);
      deleted += 1;
    }
    return deleted;
  });
}

/** Whether a record holds anything but the notes kept for the others of their rooms. */
async function holdsBeyond(db: Database, clientUid: string, keptNotes: readonly string[]) {
  const { rows } = await sql<{ one: number }>`
    select 1 as one from intakes where client_uid = ${clientUid}
    union all select 1 from questionnaires where client_uid = ${clientUid}
    union all select 1 from attended_sessions where client_uid = ${clientUid}
    union all select 1 from clinical_retention where client_uid = ${clientUid}
    union all select 1 from session_notes where client_uid = ${clientUid}
      and not (id::text = any(${[...keptNotes]}::text[]))
    limit 1`.execute(db);
  return rows.length > 0;
}

async function rememberLastSession(
  db: Database,
  clientUid: string,
  lastSession: Date,
  date: Date,
): Promise<void> {
  await db
    .insertInto('clinical_retention')
    .values({ client_uid: clientUid, last_session_at: lastSession, delete_after: date })
    .onConflict((conflict) =>
      conflict.column('client_uid').doUpdateSet({
        last_session_at: sql`greatest(clinical_retention.last_session_at, excluded.last_session_at)`,
        delete_after: sql`greatest(clinical_retention.delete_after, excluded.delete_after)`,
      }),
    )
    .execute();
}
