import { sql } from 'kysely';
import { paymentsCutoff, retentionCutoff } from '../../../shared/retention';
import { pruneClinicalRecords } from '../clinical';
import { pruneMessages } from '../outbox';
import { pruneInvitations } from '../participants';
import type { Database } from '../platform/database/database';

/**
 * The retention job: shared/retention.ts's schedule applied to every kind of data, a plain function
 * of (db, clock). Idempotent: what is past its period goes, and a second run finds nothing more.
 * Identity records (the account, bookings, waiting list, card customer) go with the account
 * (account/deletion.ts), not on a clock. Returns how many rows of each kind it deleted.
 */
export async function applyRetention(db: Database, now: Date) {
  const clinicalRecords = await pruneClinicalRecords(db, now);
  const payments = await prunePayments(db, now);
  const messages = await pruneMessages(db, retentionCutoff('messages', now));
  const riskAlerts = await count(
    db.deleteFrom('risk_alerts').where('last_alert_at', '<', retentionCutoff('riskAlerts', now)),
  );
  const calendar = await pruneCalendar(db, now);
  const invitations = await pruneInvitations(db, now);
  return { clinicalRecords, payments, messages, riskAlerts, calendar, invitations };
}

const count = async (query: { executeTakeFirst: () => Promise<{ numDeletedRows: bigint }> }) =>
  Number((await query.executeTakeFirst()).numDeletedRows);

/** Payments, their refunds (credit notes), credits and the webhook events, past 6 tax years. */
async function prunePayments(db: Database, now: Date): Promise<number> {
  const cutoff = paymentsCutoff(now);
  return db.transaction().execute(async (trx) => {
    const old = trx
      .selectFrom('payments')
      .select('id')
      .where(sql<Date>`coalesce(paid_at, created_at)`, '<', cutoff);
    await trx.deleteFrom('payment_refunds').where('payment_id', 'in', old).execute();
    // A credit shown on an old receipt goes with it (issue 36's credits reference their payment).
    await trx.deleteFrom('payment_credits').where('payment_id', 'in', old).execute();
    const deleted = await count(
      trx.deleteFrom('payments').where(sql<Date>`coalesce(paid_at, created_at)`, '<', cutoff),
    );
    await trx.deleteFrom('payment_events').where('created_at', '<', cutoff).execute();
    return deleted;
  });
}

/**
 * Sessions that did not take place and the practitioner's busy times, a year after their end; a
 * session held is part of the clinical record and goes after its period (7 years), and never
 * before the record's own date (a child's runs to their 25th birthday: clinical_retention, which
 * pruneClinicalRecords writes first in the same run).
 */
async function pruneCalendar(db: Database, now: Date): Promise<number> {
  const cutoff = retentionCutoff('calendar', now);
  const blocks = await count(db.deleteFrom('blocks').where(sql<Date>`upper(during)`, '<', cutoff));
  const notHeld = await count(
    db
      .deleteFrom('bookings')
      .where('status', 'in', ['requested', 'declined', 'cancelled'])
      .where('ends_at', '<', cutoff),
  );
  const clinicalCutoff = retentionCutoff('clinicalRecord', now);
  const held = await count(
    db
      .deleteFrom('bookings')
      .where('status', '=', 'confirmed')
      .where('ends_at', '<', clinicalCutoff)
      // A client still seen keeps every session: the period runs from the last one.
      .where('client_uid', 'not in', (eb) =>
        eb
          .selectFrom('bookings as later')
          .select('later.client_uid')
          .where('later.status', 'in', ['requested', 'confirmed'])
          .where('later.ends_at', '>=', clinicalCutoff),
      )
      // A record kept longer than seven years keeps its sessions until its own date.
      .where('client_uid', 'not in', (eb) =>
        eb
          .selectFrom('clinical_retention')
          .select('clinical_retention.client_uid')
          .where('clinical_retention.delete_after', '>', now),
      ),
  );
  return blocks + notHeld + held;
}
