import { sql } from 'kysely';
import type { Database } from '../platform/database/database';
import type { PaymentRowStatus, RefundStatus } from '../platform/database/schema';
import { nextNumber, type PaymentRow, type RefundRow } from './queries';

/** Refunds recorded, with their credit-note numbers. */
export async function insertRefund(
  db: Database,
  input: {
    payment: Pick<PaymentRow, 'id'>;
    bookingId: string | null;
    amount: number;
    stripeRefundId: string | null;
    reason: string;
    now: Date;
    /** Pending: held against the payment until Stripe says (settleRefundRow). */
    status?: RefundStatus;
    /** A series' session: the occurrence whose share it gives back. */
    sessionStart?: Date | null;
  },
): Promise<RefundRow> {
  const year = input.now.getUTCFullYear();
  const sequence = await nextNumber(db, 'credit-note', year);
  const refund = await db
    .insertInto('payment_refunds')
    .values({
      payment_id: input.payment.id,
      booking_id: input.bookingId,
      amount: input.amount,
      credit_year: year,
      credit_sequence: sequence,
      stripe_refund_id: input.stripeRefundId,
      reason: input.reason,
      status: input.status ?? 'succeeded',
      created_at: input.now,
      session_start: input.sessionStart ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .updateTable('payments')
    .set((eb) => ({
      refunded: eb('refunded', '+', input.amount),
      status: sql<PaymentRowStatus>`case when refunded + ${input.amount} >= amount then 'refunded' else status end`,
      updated_at: input.now,
    }))
    .where('id', '=', input.payment.id)
    .execute();
  return refund;
}

/**
 * A pending refund settled; undefined when it was settled already. A failed one gives the amount
 * it held back to the payment.
 */
export async function settleRefundRow(
  db: Database,
  id: string,
  refund: { stripeRefundId: string | null; status: 'succeeded' | 'failed' | 'pending' },
  now: Date,
): Promise<RefundRow | undefined> {
  const row = await db
    .updateTable('payment_refunds')
    .set((eb) => ({
      status: refund.status,
      stripe_refund_id: refund.stripeRefundId ?? eb.ref('stripe_refund_id'),
    }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (row?.status === 'failed') {
    await db
      .updateTable('payments')
      .set((eb) => ({
        refunded: eb('refunded', '-', row.amount),
        status: sql<PaymentRowStatus>`case when status = 'refunded' then 'paid' else status end`,
        updated_at: now,
      }))
      .where('id', '=', row.payment_id)
      .execute();
  }
  return row;
}

/**
 * A pending refund Stripe refused: failed, its amount given back to the payment, and the reason
 * saying so (her payments show it). Undefined when it was settled already.
 */
export async function releaseRefundRow(db: Database, id: string, note: string, now: Date) {
  const row = await settleRefundRow(db, id, { stripeRefundId: null, status: 'failed' }, now);
  if (!row) return undefined;
  await db.updateTable('payment_refunds').set({ reason: note }).where('id', '=', id).execute();
  return row;
}

/** The pending refunds recorded before `cutoff` (the scheduled retry's), oldest first. */
export async function pendingRefundsBefore(db: Database, cutoff: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('payment_refunds')
    .select('id')
    .where('status', '=', 'pending')
    .where('created_at', '<', cutoff)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.id);
}

/** A payment's refunds, locked (a webhook decides on them). */
export async function lockRefundsOfPayment(db: Database, paymentId: string) {
  return db
    .selectFrom('payment_refunds')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .forUpdate()
    .execute();
}

export async function refundsOf(db: Database, paymentIds: readonly string[]): Promise<RefundRow[]> {
  if (paymentIds.length === 0) return [];
  return db
    .selectFrom('payment_refunds')
    .selectAll()
    .where('payment_id', 'in', paymentIds)
    .where('status', '<>', 'failed')
    .orderBy('created_at')
    .execute();
}

export async function findRefund(db: Database, id: string): Promise<RefundRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return db.selectFrom('payment_refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function refundsWithin(db: Database, within: { start: Date; end: Date }) {
  return db
    .selectFrom('payment_refunds')
    .innerJoin('payments', 'payments.id', 'payment_refunds.payment_id')
    .select([
      'payment_refunds.id',
      'payment_refunds.payment_id',
      // A refund Stripe did not make keeps its credit note's number (no gap) at £0.00, its
      // reason saying why.
      sql<number>`case when payment_refunds.status = 'failed' then 0 else payment_refunds.amount end`.as(
        'amount',
      ),
      'payment_refunds.credit_year',
      'payment_refunds.credit_sequence',
      'payment_refunds.created_at',
      'payment_refunds.reason',
      'payments.client_name',
    ])
    .where('payment_refunds.created_at', '>=', within.start)
    .where('payment_refunds.created_at', '<', within.end)
    .orderBy('payment_refunds.created_at')
    .execute();
}
