import { sql, type Selectable } from 'kysely';
import type { IntakeDetails } from '../../../shared/intake';
import type { InstrumentId, QuestionnaireRecord, Score } from '../../../shared/questionnaires';
import { CLINICAL_RULES, retentionEnds } from '../../../shared/clinical-rules';
import { RISK_ALERT_GATHER_SECONDS, RISK_ALERT_HOURS } from '../../../shared/limits';
import { addDays, practiceDate } from '../../../shared/time';
import type { Client } from '../bookings';
import type { Database } from '../platform/database/database';
import { deleteNotesOf } from './note-queries';
import type { IntakesTable, QuestionnairesTable } from '../platform/database/schema';

/**
 * The clinical record: intake, agreement, questionnaires, the audit of who read them, and how long
 * they are kept. Apart from bookings; the only module that knows their SQL.
 */

const asJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

export interface IntakeRow {
  client: Client;
  details: IntakeDetails;
  agreement: { version: string; agreedAt: Date; agreedFrom: string };
  updatedAt: Date;
}

const toIntake = (row: Selectable<IntakesTable>): IntakeRow => ({
  client: { uid: row.client_uid, email: row.client_email, name: row.client_name },
  details: asJson(row.details) as IntakeDetails,
  agreement: {
    version: row.agreement_version,
    agreedAt: new Date(row.agreed_at),
    agreedFrom: row.agreed_from,
  },
  updatedAt: new Date(row.updated_at),
});

/** Writes the client's intake; the agreement's time and place change only with its version. */
export async function saveIntake(
  db: Database,
  intake: { client: Client; details: IntakeDetails; version: string; from: string; now: Date },
): Promise<{ created: boolean }> {
  const details = JSON.stringify(intake.details);
  const existing = await db
    .selectFrom('intakes')
    .select('agreement_version')
    .where('client_uid', '=', intake.client.uid)
    .forUpdate()
    .executeTakeFirst();
  if (!existing) {
    await db
      .insertInto('intakes')
      .values({
        client_uid: intake.client.uid,
        client_email: intake.client.email,
        client_name: intake.client.name,
        details,
        agreement_version: intake.version,
        agreed_at: intake.now,
        agreed_from: intake.from,
        created_at: intake.now,
        updated_at: intake.now,
      })
      .execute();
    return { created: true };
  }
  const newAgreement = existing.agreement_version !== intake.version;
  await db
    .updateTable('intakes')
    .set({
      client_email: intake.client.email,
      client_name: intake.client.name,
      details,
      updated_at: intake.now,
      ...(newAgreement && {
        agreement_version: intake.version,
        agreed_at: intake.now,
        agreed_from: intake.from,
      }),
    })
    .where('client_uid', '=', intake.client.uid)
    .execute();
  return { created: false };
}

export async function findIntake(db: Database, clientUid: string): Promise<IntakeRow | undefined> {
  const row = await db
    .selectFrom('intakes')
    .selectAll()
    .where('client_uid', '=', clientUid)
    .executeTakeFirst();
  return row && toIntake(row);
}

const toQuestionnaire = (row: Selectable<QuestionnairesTable>): QuestionnaireRecord => ({
  id: row.id,
  instrument: row.instrument,
  total: row.total,
  band: row.band,
  risk: row.risk,
  submittedAt: new Date(row.submitted_at).toISOString(),
  answers: asJson(row.answers) as number[],
  riskItems: asJson(row.risk_items) as number[],
  riskSeenAt: row.risk_seen_at ? new Date(row.risk_seen_at).toISOString() : null,
});

export async function insertQuestionnaire(
  db: Database,
  given: {
    client: Client;
    instrument: InstrumentId;
    answers: readonly number[];
    score: Score;
    now: Date;
  },
): Promise<QuestionnaireRecord> {
  const row = await db
    .insertInto('questionnaires')
    .values({
      client_uid: given.client.uid,
      client_email: given.client.email,
      client_name: given.client.name,
      instrument: given.instrument,
      answers: JSON.stringify(given.answers),
      total: given.score.total,
      band: given.score.band,
      risk: given.score.risk,
      risk_items: JSON.stringify(given.score.riskItems),
      submitted_at: given.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toQuestionnaire(row);
}

/**
 * Counts one questionnaire of `instrument` on the client's London `day`, or refuses (false) when the
 * day's allowance is used: one, and one more each time the practitioner asks. One atomic upsert,
 * so two answers sent at once cannot both take the last one (the table's check is the guarantee).
 */
export async function takeQuestionnaireDay(
  db: Database,
  given: { clientUid: string; instrument: InstrumentId; day: string },
): Promise<boolean> {
  const { rows } = await sql<{ sent: number }>`
    insert into questionnaire_days (client_uid, instrument, day, sent, allowed)
    values (${given.clientUid}, ${given.instrument}, ${given.day}::date, 1, 1)
    on conflict (client_uid, instrument, day) do update set sent = questionnaire_days.sent + 1
      where questionnaire_days.sent < questionnaire_days.allowed
    returning sent`.execute(db);
  return rows.length > 0;
}

/** The practitioner asks for another: the client may send one more of it on `day`. */
export async function allowAnotherQuestionnaire(
  db: Database,
  given: { clientUid: string; instrument: InstrumentId; day: string },
): Promise<void> {
  await sql`
    insert into questionnaire_days (client_uid, instrument, day, sent, allowed)
    values (${given.clientUid}, ${given.instrument}, ${given.day}::date, 0, 1)
    on conflict (client_uid, instrument, day) do update
      set allowed = greatest(questionnaire_days.allowed, questionnaire_days.sent + 1)`.execute(db);
}

/** The instruments the client cannot send again on `day`. */
export async function questionnairesUsedUp(
  db: Database,
  clientUid: string,
  day: string,
): Promise<InstrumentId[]> {
  const { rows } = await sql<{ instrument: InstrumentId }>`
    select instrument from questionnaire_days
    where client_uid = ${clientUid} and day = ${day}::date and sent >= allowed
    order by instrument`.execute(db);
  return rows.map((row) => row.instrument);
}

/** A client's questionnaires, oldest first. */
export async function clientQuestionnaires(
  db: Database,
  clientUid: string,
): Promise<QuestionnaireRecord[]> {
  const rows = await db
    .selectFrom('questionnaires')
    .selectAll()
    .where('client_uid', '=', clientUid)
    .orderBy('submitted_at')
    .orderBy('id')
    .execute();
  return rows.map(toQuestionnaire);
}

/**
 * Tells the practice, through the outbox, that a client's answers need her today: at most once per
 * client per 24 hours (RISK_ALERT_HOURS), however many risk answers come in. It goes a minute after
 * the first (RISK_ALERT_GATHER_SECONDS) and, written when it is sent, says how many are waiting
 * then; the diary's risk flags list every one. Whether
 * this answer opens a new alert is one atomic upsert (the row is locked, its time compared with
 * `now`), so concurrent answers queue one message. The outbox's payload is a booking as it was;
 * a risk flag has no booking, so it carries the client alone in that shape (no id, no answers, no
 * score): the template reads only the client's uid.
 */
export async function queueRiskMessage(
  db: Database,
  flag: { client: Client; now: Date; practiceEmail: string },
): Promise<boolean> {
  const opened = await sql<{ client_uid: string }>`
    insert into risk_alerts (client_uid, last_alert_at)
    values (${flag.client.uid}, ${flag.now}::timestamptz)
    on conflict (client_uid) do update set last_alert_at = excluded.last_alert_at
      where risk_alerts.last_alert_at
        <= excluded.last_alert_at - make_interval(hours => ${RISK_ALERT_HOURS}::integer)
    returning client_uid`.execute(db);
  if (opened.rows.length === 0) return false;
  const at = flag.now.toISOString();
  const clientOnly = {
    id: '',
    client: { ...flag.client },
    serviceId: -1,
    start: at,
    end: at,
    status: 'requested',
    note: '',
    createdAt: at,
    updatedAt: at,
  };
  await db
    .insertInto('messages')
    .values({
      kind: 'risk-flagged',
      recipient: 'practice',
      to_address: flag.practiceEmail,
      client_uid: flag.client.uid,
      booking_id: null,
      dedupe_key: null,
      payload: JSON.stringify({ booking: clientOnly }),
      next_attempt_at: new Date(flag.now.getTime() + RISK_ALERT_GATHER_SECONDS * 1000),
      created_at: flag.now,
      updated_at: flag.now,
    })
    .execute();
  return true;
}

export interface RiskFlag {
  client: Client;
  /** The first risk answer not yet marked seen. */
  since: Date;
  count: number;
}

/** Clients with risk answers the practitioner has not yet marked seen, earliest first. */
export async function unseenRiskFlags(db: Database): Promise<RiskFlag[]> {
  const rows = await db
    .selectFrom('questionnaires')
    .select((eb) => [
      'client_uid',
      eb.fn.max('client_email').as('client_email'),
      eb.fn.max('client_name').as('client_name'),
      eb.fn.min('submitted_at').as('since'),
      eb.fn.countAll<string>().as('count'),
    ])
    .where('risk', '=', true)
    .where('risk_seen_at', 'is', null)
    .groupBy('client_uid')
    .orderBy('since')
    .execute();
  return rows.map((row) => ({
    client: { uid: row.client_uid, email: row.client_email, name: row.client_name },
    since: new Date(row.since),
    count: Number(row.count),
  }));
}

/** How many of a client's risk answers the practitioner has not yet marked seen. */
export async function unseenRiskCount(db: Database, clientUid: string): Promise<number> {
  const row = await db
    .selectFrom('questionnaires')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('client_uid', '=', clientUid)
    .where('risk', '=', true)
    .where('risk_seen_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Marks a client's risk answers seen; how many there were. */
export async function markRiskSeen(db: Database, clientUid: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('questionnaires')
    .set({ risk_seen_at: now })
    .where('client_uid', '=', clientUid)
    .where('risk', '=', true)
    .where('risk_seen_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface AuditRow {
  at: Date;
  actorUid: string;
  action: 'read' | 'change';
  what: string;
}

/** Records a read or change of a client's record (what, never the record's content). */
export async function writeAudit(
  db: Database,
  entry: AuditRow & { clientUid: string },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: entry.at,
      actor_uid: entry.actorUid,
      client_uid: entry.clientUid,
      action: entry.action,
      what: entry.what,
    })
    .execute();
}

export async function auditEntries(db: Database, clientUid: string): Promise<AuditRow[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['at', 'actor_uid', 'action', 'what'])
    .where('client_uid', '=', clientUid)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    at: new Date(row.at),
    actorUid: row.actor_uid,
    action: row.action,
    what: row.what,
  }));
}

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
export async function deleteClinicalRecord(db: Database, clientUid: string): Promise<void> {
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
