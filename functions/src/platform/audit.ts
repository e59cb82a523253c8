import type { Database } from './database/database';

/**
 * The audit log: who read or changed a client's record, and when (never what it said); and
 * (`security`) an account's sign-ins with a passkey or recovery code, enrolments and sign-outs
 * everywhere, with the account as `clientUid`.
 */

export interface AuditRow {
  at: Date;
  actorUid: string;
  action: 'read' | 'change' | 'security';
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
