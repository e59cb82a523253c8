import * as v from 'valibot';
import { auditEntries, type AuditRow } from '../platform/audit';
import { endpoint } from '../platform/http/endpoint';
import { clientUid } from './clients';
import { json } from '../platform/http/types';

export const auditView = (entry: AuditRow) => ({
  at: entry.at.toISOString(),
  actor: entry.actorUid,
  action: entry.action,
  what: entry.what,
});

/** GET /api/practice/audit?client=<uid>: every read and change of that client's record. */
export const clientAudit = endpoint({
  auth: 'practitioner',
  query: v.object({ client: v.pipe(v.string('Add "client": the client’s id.'), v.maxLength(128)) }),
  async run({ query, context }) {
    const entries = await auditEntries(context.db, clientUid(query.client));
    return json(200, { entries: entries.map(auditView) });
  },
});
