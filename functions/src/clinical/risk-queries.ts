import { sql } from 'kysely';
import { RISK_ALERT_GATHER_SECONDS, RISK_ALERT_HOURS } from '../../../shared/limits';
import type { Client } from '../bookings';
import type { Database } from '../platform/database/database';

/** Risk answers waiting for the practitioner, and the alerts they cause. */

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
    // A deleted account's kept record is restricted: it raises no flag (clinical/retention.ts).
    .where('client_uid', 'not in', (eb) =>
      eb.selectFrom('clinical_retention').select('client_uid').where('retired_at', 'is not', null),
    )
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
