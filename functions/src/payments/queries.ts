import { sql, type Selectable } from 'kysely';
import type { Client } from '../bookings';
import type { Database } from '../platform/database/database';
import type { PaymentsTable, PaymentRefundsTable } from '../platform/database/schema';
import type { Settlement } from './webhook-rules';

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

/** An event unrecorded, so that Stripe's retry of it is decided again (webhook.ts askStripe). */
export async function forgetEvent(db: Database, eventId: string): Promise<void> {
  await db.deleteFrom('payment_events').where('event_id', '=', eventId).execute();
}

/** What a payment row is for, whoever pays it: a Checkout or a subscription invoice. */
interface PendingPayment {
  client: Client;
  bookingId: string | null;
  seriesId: string | null;
  serviceId: number;
  amount: number;
  currency: string;
  now: Date;
}

const pendingRow = (
  input: PendingPayment,
  from: {
    checkoutSessionId?: string;
    invoiceId?: string;
    periodStart?: Date;
    periodEnd?: Date;
  },
) => ({
  client_uid: input.client.uid,
  client_email: input.client.email,
  client_name: input.client.name,
  booking_id: input.bookingId,
  series_id: input.seriesId,
  service_id: input.serviceId,
  checkout_session_id: from.checkoutSessionId ?? null,
  stripe_invoice_id: from.invoiceId ?? null,
  stripe_payment_intent_id: null,
  amount: input.amount,
  currency: input.currency,
  status: 'pending' as const,
  paid_at: null,
  receipt_year: null,
  receipt_sequence: null,
  card_brand: null,
  card_last4: null,
  period_start: from.periodStart ?? null,
  period_end: from.periodEnd ?? null,
  created_at: input.now,
  updated_at: input.now,
});

/** A Checkout started for a one-off session or a series' first month (not yet paid). */
export async function insertPendingPayment(
  db: Database,
  input: PendingPayment & { checkoutSessionId: string },
): Promise<void> {
  await db
    .insertInto('payments')
    .values(pendingRow(input, { checkoutSessionId: input.checkoutSessionId }))
    .execute();
}

/**
 * A subscription invoice's row, pending until its outcome is recorded; undefined when the row was
 * there already (another event for the invoice came first: load it again and decide again).
 */
export async function insertInvoicePayment(
  db: Database,
  input: PendingPayment & { invoiceId: string; periodStart: Date; periodEnd: Date },
): Promise<PaymentRow | undefined> {
  return db
    .insertInto('payments')
    .values(pendingRow(input, input))
    .onConflict((conflict) => conflict.column('stripe_invoice_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findPayment(db: Database, id: string): Promise<PaymentRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The paid (or refunded) payment covering a one-off session, if any: the one still paid first
 * (a second payment refunded in full stands beside it).
 */
export async function settledPaymentForBooking(
  db: Database,
  bookingId: string,
  except?: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('series_id', 'is', null)
    .where('status', 'in', ['paid', 'refunded'])
    .$if(except !== undefined, (query) => query.where('id', '<>', except ?? ''))
    .orderBy(sql`case when status = 'paid' then 0 else 1 end`)
    .orderBy('paid_at')
    .limit(1)
    .executeTakeFirst();
}

/** Locks a one-off session's row: its payments are decided one at a time. */
export async function lockBooking(db: Database, bookingId: string): Promise<void> {
  await db.selectFrom('bookings').select('id').where('id', '=', bookingId).forUpdate().execute();
}

/** A one-off session's Checkouts not yet paid (at most one is open: asking again expires it). */
export async function openCheckoutsOf(db: Database, bookingId: string) {
  return db
    .selectFrom('payments')
    .select(['id', 'checkout_session_id'])
    .where('booking_id', '=', bookingId)
    .where('series_id', 'is', null)
    .where('status', '=', 'pending')
    .where('checkout_session_id', 'is not', null)
    .where('checkout_expired_at', 'is', null)
    .execute();
}

/** A Checkout expired before it was paid (its row kept: a payment still arriving is refunded). */
export async function markCheckoutExpired(db: Database, id: string, now: Date): Promise<void> {
  await db
    .updateTable('payments')
    .set({ checkout_expired_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** The payment a Stripe payment intent paid (a refund's event names the intent). */
export async function lockPaymentOfIntent(db: Database, paymentIntentId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('stripe_payment_intent_id', '=', paymentIntentId)
    .forUpdate()
    .executeTakeFirst();
}

/** A Checkout's payment row, as it is now (not locked). */
export async function findCheckoutPayment(db: Database, checkoutSessionId: string) {
  return db
    .selectFrom('payments')
    .select(['id', 'booking_id'])
    .where('checkout_session_id', '=', checkoutSessionId)
    .executeTakeFirst();
}

/** A Checkout's payment row, locked until the transaction ends (a webhook decides on it). */
export async function lockCheckoutPayment(
  db: Database,
  checkoutSessionId: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('checkout_session_id', '=', checkoutSessionId)
    .forUpdate()
    .executeTakeFirst();
}

/** An invoice's payment row, locked until the transaction ends (a webhook decides on it). */
export async function lockInvoicePayment(
  db: Database,
  invoiceId: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('stripe_invoice_id', '=', invoiceId)
    .forUpdate()
    .executeTakeFirst();
}

/** A series' paid, refunded and failed rows: what its plan state is made of. */
export async function seriesSettledRows(db: Database, seriesIds: readonly string[]) {
  if (seriesIds.length === 0) return [];
  return db
    .selectFrom('payments')
    .select(['id', 'series_id', 'status', 'period_end'])
    .where('series_id', 'in', seriesIds)
    .where('status', 'in', ['paid', 'refunded', 'failed'])
    .execute();
}

/**
 * Marks a payment paid and gives it its receipt number. Call it inside the transaction that
 * decided so: the year's counter stays locked until it ends (see nextNumber).
 */
export async function markPaid(
  db: Database,
  id: string,
  settlement: Settlement,
  now: Date,
  /** 'refunded': money that must go straight back (refunded in full in the same transaction). */
  status: 'paid' | 'refunded' = 'paid',
): Promise<PaymentRow> {
  const year = settlement.paidAt.getUTCFullYear();
  // A zero invoice (its month all credited) pays its period with no receipt.
  const sequence = settlement.amount === 0 ? null : await nextNumber(db, 'receipt', year);
  return db
    .updateTable('payments')
    .set({
      status,
      paid_at: settlement.paidAt,
      ...(settlement.amount !== undefined && { amount: settlement.amount }),
      receipt_year: sequence === null ? null : year,
      receipt_sequence: sequence,
      stripe_payment_intent_id: settlement.paymentIntentId,
      card_brand: settlement.card?.brand ?? null,
      card_last4: settlement.card?.last4 ?? null,
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markFailed(db: Database, id: string, now: Date): Promise<PaymentRow> {
  return db
    .updateTable('payments')
    .set({ status: 'failed', updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function lockPayment(db: Database, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function clientPayments(db: Database, clientUid: string): Promise<PaymentRow[]> {
  return (
    db
      .selectFrom('payments')
      .selectAll()
      .where('client_uid', '=', clientUid)
      .where('status', '<>', 'pending')
      // A zero invoice (its month all credited) has no receipt to show.
      .where('amount', '>', 0)
      .orderBy('created_at', 'desc')
      .execute()
  );
}

export async function paymentsPaidWithin(db: Database, within: { start: Date; end: Date }) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('paid_at', '>=', within.start)
    .where('paid_at', '<', within.end)
    .where('amount', '>', 0)
    .orderBy('paid_at')
    .execute();
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
  for (const row of rows) {
    if (!row.booking_id) continue;
    const seen = map.get(row.booking_id);
    if (!seen || (seen.status !== 'paid' && row.status === 'paid')) map.set(row.booking_id, row);
  }
  return map;
}
