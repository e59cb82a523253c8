import { sql } from 'kysely';
import { CLINICAL_RULES, retentionEnds } from '../../../shared/clinical-rules';
import { addDays, practiceDate } from '../../../shared/time';
import type { Database } from '../platform/database/database';
import { deleteNotesOf } from './note-queries';

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

/** The start of the client's last session that has happened (confirmed, started), if any. */
export async function lastSessionStart(
  db: Database,
  clientUid: string,
  now: Date,
): Promise<Date | undefined> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.max('starts_at').as('last'))
    .where('client_uid', '=', clientUid)
    .where('status', '=', 'confirmed')
    .where('starts_at', '<=', now)
    .executeTakeFirst();
  return row?.last ? new Date(row.last) : undefined;
}

/** How many sessions the client has had (confirmed and started). */
export async function sessionsHad(db: Database, clientUid: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('client_uid', '=', clientUid)
    .where('status', '=', 'confirmed')
    .where('starts_at', '<=', now)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Deletes everything clinical held about a client, the audit of it included. */
async function deleteClinicalRecord(db: Database, clientUid: string): Promise<void> {
  await deleteNotesOf(db, clientUid);
  await db.deleteFrom('questionnaires').where('client_uid', '=', clientUid).execute();
  await db.deleteFrom('questionnaire_days').where('client_uid', '=', clientUid).execute();
  await db.deleteFrom('intakes').where('client_uid', '=', clientUid).execute();
  await db.deleteFrom('audit_log').where('client_uid', '=', clientUid).execute();
  await db.deleteFrom('clinical_retention').where('client_uid', '=', clientUid).execute();
}

/**
 * A deleted account's clinical record: kept until the end of its retention period when the client
 * had a session, deleted now when they had none. Call it before the bookings are deleted.
 */
export async function retireClinicalRecord(
  db: Database,
  clientUid: string,
  now: Date,
): Promise<{ keptUntil: Date | null }> {
  const last = await lastSessionStart(db, clientUid, now);
  if (!last) {
    await deleteClinicalRecord(db, clientUid);
    return { keptUntil: null };
  }
  const deleteAfter = retentionEnds(last);
  await db
    .insertInto('clinical_retention')
    .values({ client_uid: clientUid, last_session_at: last, delete_after: deleteAfter })
    .onConflict((conflict) =>
      conflict
        .column('client_uid')
        .doUpdateSet({ last_session_at: last, delete_after: deleteAfter }),
    )
    .execute();
  return { keptUntil: deleteAfter };
}

/**
 * The scheduled retention job, a plain function of (db, clock): deletes the clinical records whose
 * retention period has ended. That is a deleted account's record at its `delete_after`, and a
 * current client's whose last session, intake and questionnaire are all older than the period.
 * Returns how many clients' records were deleted.
 */
export async function pruneClinicalRecords(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - CLINICAL_RULES.retentionYears);
  return db.transaction().execute(async (trx) => {
    // The daily counts matter only on their day; yesterday's are kept, for a day that has just turned.
    await sql`delete from questionnaire_days
      where day < ${addDays(practiceDate(now), -1)}::date`.execute(trx);
    const expired = await trx
      .selectFrom('clinical_retention')
      .select('client_uid')
      .where('delete_after', '<=', now)
      .execute();
    const lapsed = await sql<{ client_uid: string }>`
      select q.client_uid from (
        select client_uid, max(submitted_at) as latest from questionnaires group by client_uid
        union all
        select client_uid, updated_at as latest from intakes
        union all
        select client_uid, max(updated_at) as latest from session_notes group by client_uid
      ) q
      where q.client_uid not in (select client_uid from clinical_retention)
      group by q.client_uid
      having max(q.latest) <= ${cutoff}
        and exists (
          select 1 from bookings b
          where b.client_uid = q.client_uid and b.status = 'confirmed' and b.starts_at <= ${now}
        )
        and not exists (
          select 1 from bookings b
          where b.client_uid = q.client_uid and b.status in ('requested', 'confirmed')
            and b.starts_at > ${cutoff}
        )`.execute(trx);
    const clients = new Set([
      ...expired.map((row) => row.client_uid),
      ...lapsed.rows.map((row) => row.client_uid),
    ]);
    for (const clientUid of clients) await deleteClinicalRecord(trx, clientUid);
    return clients.size;
  });
}
