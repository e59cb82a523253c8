import { writeAudit } from '../platform/audit';
import type { Database } from '../platform/database/database';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import { json } from '../platform/http/types';
import { clientUid, outcomesOf, recordNoteView } from './clients';
import { intakeView } from './intake';
import { findIntake } from './intake-queries';
import { clientNotes, clientRiskFollowUps } from './note-queries';
import { clientQuestionnaires } from './questionnaire-queries';

/**
 * A deleted account's kept record: out of the diary and the risk flags, seen by the practitioner
 * only here, read-only, each read audited. The database refuses any change to it (0013).
 */

async function retainedRows(db: Database, uid?: string) {
  let query = db
    .selectFrom('clinical_retention')
    .select([
      'client_uid',
      'client_name',
      'client_email',
      'last_session_at',
      'delete_after',
      'retired_at',
    ])
    .where('retired_at', 'is not', null);
  if (uid) query = query.where('client_uid', '=', uid);
  const rows = await query.orderBy('retired_at', 'desc').execute();
  return rows.map((row) => ({
    client: { uid: row.client_uid, name: row.client_name, email: row.client_email },
    lastSessionAt: new Date(row.last_session_at).toISOString(),
    keptUntil: new Date(row.delete_after).toISOString(),
    accountDeletedAt: new Date(row.retired_at as Date).toISOString(),
  }));
}

/** GET /api/practice/retained-records: deleted accounts' kept records; each name shown audited. */
export const retainedRecords = endpoint({
  auth: 'practitioner',
  async run({ caller, context }) {
    const now = context.now();
    const records = await retainedRows(context.db);
    for (const record of records) {
      await writeAudit(context.db, {
        at: now,
        actorUid: caller.uid,
        clientUid: record.client.uid,
        action: 'read',
        what: 'Saw the client among the retained records',
      });
    }
    return json(200, { records });
  },
});

/** GET /api/practice/retained-records/:id: one kept record, read-only; audited. */
export const retainedRecord = endpoint({
  auth: 'practitioner',
  async run({ caller, params, context }) {
    const uid = clientUid(params.id);
    const [record] = await retainedRows(context.db, uid);
    if (!record) throw problems.notFound('There is no retained record with that id.');
    const [intake, questionnaires, notes, riskFollowUps] = await Promise.all([
      findIntake(context.db, uid),
      clientQuestionnaires(context.db, uid),
      clientNotes(context.db, uid),
      clientRiskFollowUps(context.db, uid),
    ]);
    await writeAudit(context.db, {
      at: context.now(),
      actorUid: caller.uid,
      clientUid: uid,
      action: 'read',
      what: 'Opened the retained record: intake, agreement, questionnaires, session notes and risk follow-ups',
    });
    return json(200, {
      ...record,
      intake: intake ? intakeView(intake) : null,
      questionnaires,
      outcomes: outcomesOf(questionnaires),
      notes: notes.map((note) => recordNoteView(note, context.services)),
      riskFollowUps,
    });
  },
});
