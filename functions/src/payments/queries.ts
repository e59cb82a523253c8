import { sql, type Selectable } from 'kysely';
import type { PaymentState } from '../../../shared/money';
import type { Client } from '../bookings';
import type { Database } from '../platform/database/database';
import type {
  PaymentRowStatus,
  PaymentsTable,
  PaymentRefundsTable,
} from '../platform/database/schema';

export type PaymentRow = Selectable<PaymentsTable>;
export type RefundRow = Selectable<PaymentRefundsTable>;

/**
 * The next receipt (or credit-note) number of a year. Call it inside the transaction that marks
 * the payment paid: the counter row stays locked until that transaction ends, so concurrent
 * payments queue for it, and a rollback gives the number back. No gaps, no repeats.
 */
export async function nextNumber(
  db: Database,
  kind: 'receipt' | 'credit-note',
  year: number,
): Promise<number> {
  const row = await db
    .insertInto('receipt_counters')
    .values({ kind, year, last: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['kind', 'year'])
        .doUpdateSet((eb) => ({ last: eb('receipt_counters.last', '+', 1) })),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  return row.last;
}

/** Stores a webhook event's id; false when it was already there (a replay or a retry). */
export async function recordEvent(
  db: Database,
  event: { id: string; type: string; created: Date },
  now: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('payment_events')
    .values({ event_id: event.id, type: event.type, created_at: event.created, received_at: now })
    .onConflict((conflict) => conflict.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function customerOf(db: Database, clientUid: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('payment_customers')
    .select('stripe_customer_id')
    .where('client_uid', '=', clientUid)
    .executeTakeFirst();
  return row?.stripe_customer_id;
}

export async function saveCustomer(
  db: Database,
  clientUid: string,
  customerId: string,
  now: Date,
): Promise<string> {
  await db
    .insertInto('payment_customers')
    .values({ client_uid: clientUid, stripe_customer_id: customerId, created_at: now })
    .onConflict((conflict) => conflict.column('client_uid').doNothing())
    .execute();
  return (await customerOf(db, clientUid)) ?? customerId;
}

/** A Checkout started for a one-off session or a series' first month (not yet paid). */
export async function insertPendingPayment(
  db: Database,
  input: {
    client: Client;
    bookingId: string | null;
    seriesId: string | null;
    serviceId: number;
    amount: number;
    currency: string;
    checkoutSessionId: string;
    now: Date;
  },
): Promise<void> {
  await db
    .insertInto('payments')
    .values({
      client_uid: input.client.uid,
      client_email: input.client.email,
      client_name: input.client.name,
      booking_id: input.bookingId,
      series_id: input.seriesId,
      service_id: input.serviceId,
      checkout_session_id: input.checkoutSessionId,
      stripe_invoice_id: null,
      stripe_payment_intent_id: null,
      amount: input.amount,
      currency: input.currency,
      status: 'pending',
      paid_at: null,
      receipt_year: null,
      receipt_sequence: null,
      card_brand: null,
      card_last4: null,
      period_start: null,
      period_end: null,
      created_at: input.now,
      updated_at: input.now,
    })
    .execute();
}

export async function findPayment(db: Database, id: string): Promise<PaymentRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The paid (or refunded) payment covering a one-off session, if any. */
export async function settledPaymentForBooking(
  db: Database,
  bookingId: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('series_id', 'is', null)
    .where('status', 'in', ['paid', 'refunded'])
    .executeTakeFirst();
}

interface Settlement {
  paidAt: Date;
  paymentIntentId: string | null;
  card: { brand: string; last4: string } | null;
}

/**
 * Marks a Checkout payment paid and gives it its receipt number; undefined when there is no such
 * pending payment (already paid: the event was a retry under another id).
 */
export async function settleCheckoutPayment(
  db: Database,
  checkoutSessionId: string,
  settlement: Settlement,
  now: Date,
): Promise<PaymentRow | undefined> {
  const payment = await db
    .selectFrom('payments')
    .selectAll()
    .where('checkout_session_id', '=', checkoutSessionId)
    .forUpdate()
    .executeTakeFirst();
  if (!payment || payment.status !== 'pending' || payment.series_id !== null) return undefined;
  if (payment.booking_id && (await settledPaymentForBooking(db, payment.booking_id))) {
    return undefined;
  }
  return markPaid(db, payment.id, settlement, now);
}

async function markPaid(
  db: Database,
  id: string,
  settlement: Settlement,
  now: Date,
  extra: { periodStart?: Date; periodEnd?: Date } = {},
): Promise<PaymentRow> {
  const year = settlement.paidAt.getUTCFullYear();
  const sequence = await nextNumber(db, 'receipt', year);
  return db
    .updateTable('payments')
    .set({
      status: 'paid',
      paid_at: settlement.paidAt,
      receipt_year: year,
      receipt_sequence: sequence,
      stripe_payment_intent_id: settlement.paymentIntentId,
      card_brand: settlement.card?.brand ?? null,
      card_last4: settlement.card?.last4 ?? null,
      ...(extra.periodStart && { period_start: extra.periodStart }),
      ...(extra.periodEnd && { period_end: extra.periodEnd }),
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function failCheckoutPayment(db: Database, checkoutSessionId: string, now: Date) {
  await db
    .updateTable('payments')
    .set({ status: 'failed', updated_at: now })
    .where('checkout_session_id', '=', checkoutSessionId)
    .where('status', '=', 'pending')
    .execute();
}

export async function savePlan(
  db: Database,
  input: { seriesId: string; clientUid: string; subscriptionId: string | null; now: Date },
) {
  await db
    .insertInto('payment_plans')
    .values({
      series_id: input.seriesId,
      client_uid: input.clientUid,
      stripe_subscription_id: input.subscriptionId,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((conflict) =>
      conflict.column('series_id').doUpdateSet((eb) => ({
        stripe_subscription_id: eb.fn.coalesce(
          eb.ref('excluded.stripe_subscription_id'),
          eb.ref('payment_plans.stripe_subscription_id'),
        ),
        updated_at: input.now,
      })),
    )
    .execute();
}

export async function planOf(db: Database, seriesId: string) {
  return db
    .selectFrom('payment_plans')
    .selectAll()
    .where('series_id', '=', seriesId)
    .executeTakeFirst();
}

export async function markPlanEnding(db: Database, seriesId: string, now: Date) {
  await db
    .updateTable('payment_plans')
    .set({ cancel_at_period_end: true, updated_at: now })
    .where('series_id', '=', seriesId)
    .execute();
}

/**
 * A subscription invoice, paid or failed, in any order: a paid invoice is never made failed
 * again, and a failed one becomes paid when its `invoice.paid` comes. Answers the row when this
 * call changed it to paid (so the receipt email goes once).
 */
export async function recordInvoice(
  db: Database,
  input: {
    invoiceId: string;
    seriesId: string;
    client: Client;
    serviceId: number;
    amount: number;
    currency: string;
    periodStart: Date;
    periodEnd: Date;
    outcome: { paid: Settlement } | { failed: true };
    now: Date;
  },
): Promise<{ paid?: PaymentRow; failed?: PaymentRow }> {
  await db
    .insertInto('payments')
    .values({
      client_uid: input.client.uid,
      client_email: input.client.email,
      client_name: input.client.name,
      booking_id: null,
      series_id: input.seriesId,
      service_id: input.serviceId,
      checkout_session_id: null,
      stripe_invoice_id: input.invoiceId,
      stripe_payment_intent_id: null,
      amount: input.amount,
      currency: input.currency,
      status: 'pending',
      paid_at: null,
      receipt_year: null,
      receipt_sequence: null,
      card_brand: null,
      card_last4: null,
      period_start: input.periodStart,
      period_end: input.periodEnd,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((conflict) => conflict.column('stripe_invoice_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('stripe_invoice_id', '=', input.invoiceId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (row.status === 'paid' || row.status === 'refunded') return {};
  if ('paid' in input.outcome) {
    return { paid: await markPaid(db, row.id, input.outcome.paid, input.now) };
  }
  if (row.status === 'failed') return {};
  const failed = await db
    .updateTable('payments')
    .set({ status: 'failed', updated_at: input.now })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { failed };
}

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

export async function lockPayment(db: Database, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
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

export async function clientPayments(db: Database, clientUid: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('client_uid', '=', clientUid)
    .where('status', '<>', 'pending')
    .orderBy('created_at', 'desc')
    .execute();
}

export async function paymentsPaidWithin(db: Database, within: { start: Date; end: Date }) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('paid_at', '>=', within.start)
    .where('paid_at', '<', within.end)
    .orderBy('paid_at')
    .execute();
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

/** The latest paid invoice of a series (a cancelled session's refund comes from it). */
export async function latestPaidOfSeries(db: Database, seriesId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('series_id', '=', seriesId)
    .where('status', 'in', ['paid', 'refunded'])
    .orderBy('paid_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export interface PlanState extends PaymentState {
  subscriptionId: string | null;
  ending: boolean;
}

/**
 * Each series' plan state, whatever order its invoices' events came in: paid to the latest
 * paid period's end; due while a failed invoice's period reaches past that.
 */
export async function planStates(
  db: Database,
  seriesIds: readonly string[],
  now: Date,
): Promise<Map<string, PlanState>> {
  const states = new Map<string, PlanState>();
  if (seriesIds.length === 0) return states;
  const [rows, plans] = await Promise.all([
    db
      .selectFrom('payments')
      .select(['series_id', 'status', 'period_end'])
      .where('series_id', 'in', seriesIds)
      .where('status', 'in', ['paid', 'refunded', 'failed'])
      .execute(),
    db.selectFrom('payment_plans').selectAll().where('series_id', 'in', seriesIds).execute(),
  ]);
  for (const id of seriesIds) {
    const mine = rows.filter((row) => row.series_id === id);
    let paidUntil: Date | null = null;
    for (const row of mine) {
      if (row.status === 'failed' || !row.period_end) continue;
      if (!paidUntil || row.period_end > paidUntil) paidUntil = row.period_end;
    }
    const failedPast = mine.some(
      (row) => row.status === 'failed' && (!paidUntil || (row.period_end ?? now) > paidUntil),
    );
    const plan = plans.find((each) => each.series_id === id);
    const status = failedPast
      ? 'due'
      : paidUntil && paidUntil > now
        ? 'paid'
        : paidUntil
          ? 'due'
          : 'unpaid';
    states.set(id, {
      status,
      ...(paidUntil && { paidUntil: paidUntil.toISOString() }),
      subscriptionId: plan?.stripe_subscription_id ?? null,
      ending: plan?.cancel_at_period_end ?? false,
    });
  }
  return states;
}

/** One-off sessions' payment rows by booking id (paid or refunded only). */
export async function bookingPayments(
  db: Database,
  bookingIds: readonly string[],
): Promise<Map<string, PaymentRow>> {
  const map = new Map<string, PaymentRow>();
  if (bookingIds.length === 0) return map;
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where('booking_id', 'in', bookingIds)
    .where('series_id', 'is', null)
    .where('status', 'in', ['paid', 'refunded'])
    .execute();
  for (const row of rows) if (row.booking_id) map.set(row.booking_id, row);
  return map;
}

/** Bookings the payments covered (a series invoice covers its sessions inside its period). */
export async function sessionsCovered(db: Database, payment: PaymentRow) {
  if (payment.booking_id && !payment.series_id) {
    return db
      .selectFrom('bookings')
      .select(['id', 'starts_at', 'ends_at', 'service_id', 'status'])
      .where('id', '=', payment.booking_id)
      .execute();
  }
  if (!payment.series_id) return [];
  const start = payment.period_start ?? payment.paid_at ?? payment.created_at;
  const end = payment.period_end ?? new Date(start.getTime() + 31 * 86_400_000);
  return db
    .selectFrom('bookings')
    .select(['id', 'starts_at', 'ends_at', 'service_id', 'status'])
    .where('series_id', '=', payment.series_id)
    .where('starts_at', '>=', start)
    .where('starts_at', '<', end)
    .where('status', '=', 'confirmed')
    .orderBy('starts_at')
    .execute();
}
