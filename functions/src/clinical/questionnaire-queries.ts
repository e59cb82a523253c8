import { sql, type Selectable } from 'kysely';
import type { InstrumentId, QuestionnaireRecord, Score } from '../../../shared/questionnaires';
import type { Client } from '../bookings';
import { asJson, type Database } from '../platform/database/database';
import type { QuestionnairesTable } from '../platform/database/schema';

/** Questionnaires and their daily limit: the only module that knows their SQL. */

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
