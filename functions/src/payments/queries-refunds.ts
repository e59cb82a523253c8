import { sql } from 'kysely';
import type { Database } from '../platform/database/database';
import type { PaymentRowStatus } from '../platform/database/schema';
import { nextNumber, type PaymentRow, type RefundRow } from './queries';

/** Refunds recorded, with their credit-note numbers. */
export async function insertRefund(
  db: Database,
  input: {
    payment: PaymentRow;
    bookingId: string | null;
    amount: number;
    stripeRefundId: string | null;
    reason: string;
    now: Date;
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
      created_at: input.now,
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

export async function refundsOf(db: Database, paymentIds: readonly string[]): Promise<RefundRow[]> {
  if (paymentIds.length === 0) return [];
  return db
    .selectFrom('payment_refunds')
    .selectAll()
    .where('payment_id', 'in', paymentIds)
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
      'payment_refunds.amount',
      'payment_refunds.credit_year',
      'payment_refunds.credit_sequence',
      'payment_refunds.created_at',
      'payments.client_name',
    ])
    .where('payment_refunds.created_at', '>=', within.start)
    .where('payment_refunds.created_at', '<', within.end)
    .orderBy('payment_refunds.created_at')
    .execute();
}
