import * as v from 'valibot';
import { auditEntries, writeAudit, type AuditRow } from '../platform/audit';
import { endpoint } from '../platform/http/endpoint';
import { clientUid } from './clients';
import { json } from '../platform/http/types';

const auditView = (entry: AuditRow) => ({
  at: entry.at.toISOString(),
  actor: entry.actorUid,
  action: entry.action,
  what: entry.what,
});

/** GET /api/practice/audit?client=<uid>: every read and change of that client's record. */
export const clientAudit = endpoint({
  auth: 'practitioner',
  query: v.object({ client: v.pipe(v.string('Add "client": the client’s id.'), v.maxLength(128)) }),
  async run({ caller, query, context }) {
    const uid = clientUid(query.client);
    const entries = await auditEntries(context.db, uid);
    // Reading who read the record is itself a read of it: it shows in the next read of the log.
    // An empty log held nothing about anyone (an unknown id): nothing was read.
    if (entries.length > 0)
      await writeAudit(context.db, {
        at: context.now(),
        actorUid: caller.uid,
        clientUid: uid,
        action: 'read',
        what: 'Read the record’s audit log',
      });
    return json(200, { entries: entries.map(auditView) });
  },
});
