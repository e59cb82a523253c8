import { formatReceiptNumber, MONEY_FACTS } from '../../../shared/money';
import type { Database } from '../platform/database/database';
import type { ApiContext } from '../platform/http/types';
import type { AuditRow } from '../platform/audit';

/**
 * The parts of a client's copy that other capabilities hold, read as the rows stand: a subject
 * access request covers everything, so each is listed as kept, whatever the owning screen shows.
 */

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export async function seriesOf(db: Database, clientUid: string) {
  const rows = await db
    .selectFrom('series')
    .select([
      'id',
      'service_id',
      'every_weeks',
      'first_start',
      'local_time',
      'status',
      'note',
      'ended_at',
    ])
    .where('client_uid', '=', clientUid)
    .orderBy('first_start')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    serviceId: row.service_id,
    everyWeeks: row.every_weeks,
    firstStart: iso(row.first_start),
    time: row.local_time,
    status: row.status,
    note: row.note,
    endedAt: iso(row.ended_at),
  }));
}

export async function waitlistOf(db: Database, clientUid: string) {
  const rows = await db
    .selectFrom('waitlist_entries')
    .select(['id', 'service_id', 'days', 'parts', 'standing', 'created_at', 'expires_at'])
    .where('client_uid', '=', clientUid)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    serviceId: row.service_id,
    days: row.days,
    parts: row.parts,
    standing: row.standing,
    joinedAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
  }));
}

/** Payments with their receipt numbers, and each refund with its credit note's. */
export async function paymentsOf(db: Database, clientUid: string) {
  const [payments, refunds] = await Promise.all([
    db
      .selectFrom('payments')
      .select([
        'id',
        'service_id',
        'amount',
        'currency',
        'status',
        'paid_at',
        'receipt_year',
        'receipt_sequence',
        'refunded',
        'card_brand',
        'card_last4',
        'created_at',
      ])
      .where('client_uid', '=', clientUid)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('payment_refunds')
      .innerJoin('payments', 'payments.id', 'payment_refunds.payment_id')
      .select([
        'payment_refunds.payment_id',
        'payment_refunds.amount',
        'payment_refunds.credit_year',
        'payment_refunds.credit_sequence',
        'payment_refunds.reason',
        'payment_refunds.created_at',
      ])
      .where('payments.client_uid', '=', clientUid)
      .orderBy('payment_refunds.created_at')
      .execute(),
  ]);
  return payments.map((row) => ({
    id: row.id,
    serviceId: row.service_id,
    amountPence: row.amount,
    currency: row.currency,
    status: row.status,
    createdAt: iso(row.created_at),
    paidAt: iso(row.paid_at),
    receiptNumber:
      row.receipt_year !== null && row.receipt_sequence !== null
        ? formatReceiptNumber(row.receipt_year, row.receipt_sequence)
        : null,
    card: row.card_last4 ? `${row.card_brand ?? 'card'} ending ${row.card_last4}` : null,
    refunds: refunds
      .filter((refund) => refund.payment_id === row.id)
      .map((refund) => ({
        amountPence: refund.amount,
        creditNoteNumber: formatReceiptNumber(
          refund.credit_year,
          refund.credit_sequence,
          `${MONEY_FACTS.receiptPrefix}-CN`,
        ),
        reason: refund.reason,
        at: iso(refund.created_at),
      })),
  }));
}

/** The emails sent (or still to send) to the client: which, to where, when. */
export async function messagesTo(db: Database, clientUid: string) {
  const rows = await db
    .selectFrom('messages')
    .select(['kind', 'to_address', 'status', 'created_at', 'sent_at'])
    .where('client_uid', '=', clientUid)
    .where('recipient', '=', 'client')
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    to: row.to_address,
    status: row.status,
    writtenAt: iso(row.created_at),
    sentAt: iso(row.sent_at),
  }));
}

/** Who read or changed the record, by name (the practitioner's account), and when. */
export async function auditByName(context: ApiContext, entries: readonly AuditRow[]) {
  const names = new Map<string, string>();
  for (const uid of new Set(entries.map((entry) => entry.actorUid))) {
    const user = await context.findUser?.(uid);
    names.set(uid, user?.name || 'The practitioner');
  }
  return entries.map((entry) => ({
    at: entry.at.toISOString(),
    actor: names.get(entry.actorUid) ?? 'The practitioner',
    action: entry.action,
    what: entry.what,
  }));
}
