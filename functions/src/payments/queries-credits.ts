import { sql, type Selectable } from 'kysely';
import type { Database } from '../platform/database/database';
import type { PaymentCreditsTable } from '../platform/database/schema';
import type { PaymentRow } from './queries';

export type CreditRow = Selectable<PaymentCreditsTable>;

/** The series' payment whose period holds an instant (locked: a refund decides on it). */
export async function coveringPayment(
  db: Database,
  seriesId: string,
  at: Date,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('series_id', '=', seriesId)
    .where('period_start', '<=', at)
    .where('period_end', '>', at)
    .where('status', 'in', ['paid', 'refunded', 'failed', 'pending'])
    .orderBy(sql`case when status in ('paid', 'refunded') then 0 else 1 end`)
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

/** The series' invoice with the latest period, whatever its outcome (the next one follows it). */
export async function latestInvoiceOfSeries(db: Database, seriesId: string) {
  return db
    .selectFrom('payments')
    .select(['period_start', 'period_end'])
    .where('series_id', '=', seriesId)
    .where('period_end', 'is not', null)
    .orderBy('period_end', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A credit for a cancelled session, before Stripe is asked (undefined: there is one already). */
export async function insertCredit(
  db: Database,
  input: {
    seriesId: string;
    bookingId: string;
    sessionStart: Date;
    amount: number;
    reason: string;
    now: Date;
  },
): Promise<CreditRow | undefined> {
  return db
    .insertInto('payment_credits')
    .values({
      series_id: input.seriesId,
      booking_id: input.bookingId,
      session_start: input.sessionStart,
      amount: input.amount,
      reason: input.reason,
      created_at: input.now,
    })
    .onConflict((conflict) =>
      conflict.column('booking_id').where('booking_id', 'is not', null).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

/** The credit recorded for a cancelled session (one per session), if any. */
export async function creditOfBooking(db: Database, bookingId: string) {
  return db
    .selectFrom('payment_credits')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .executeTakeFirst();
}

export async function setCreditItem(db: Database, id: string, invoiceItemId: string) {
  await db
    .updateTable('payment_credits')
    .set({ stripe_invoice_item_id: invoiceItemId })
    .where('id', '=', id)
    .execute();
}

/** A paid invoice's invoice items, and the session each credit among them is for. */
export interface InvoiceItems {
  ids: readonly string[];
  /** By item id: the booking its metadata names. */
  bookings: Readonly<Record<string, string>>;
}

/**
 * The series' credits whose invoice items are lines of the paid invoice, and no others: a credit
 * made while an earlier month's invoice had failed is on the next invoice Stripe makes, not on
 * the failed one when it is collected later. A credit whose item's id was never recorded (our
 * commit failed after Stripe made it) is found by its session, and its item recorded: else the
 * month would be worth less than was paid for it, and a session cancelled later given too little.
 */
export async function attachCredits(
  db: Database,
  seriesId: string,
  paymentId: string,
  items: InvoiceItems,
) {
  if (items.ids.length === 0) return;
  await db
    .updateTable('payment_credits')
    .set({ payment_id: paymentId })
    .where('series_id', '=', seriesId)
    .where('payment_id', 'is', null)
    .where('stripe_invoice_item_id', 'in', [...items.ids])
    .execute();
  for (const [itemId, bookingId] of Object.entries(items.bookings)) {
    if (!items.ids.includes(itemId)) continue;
    await db
      .updateTable('payment_credits')
      .set({ payment_id: paymentId, stripe_invoice_item_id: itemId })
      .where('series_id', '=', seriesId)
      .where('payment_id', 'is', null)
      .where('stripe_invoice_item_id', 'is', null)
      .where('booking_id', '=', bookingId)
      .execute();
  }
}

/**
 * A credit found at Stripe on an invoice already recorded as paid (its item was on the invoice
 * before we knew the item's id, so the webhook could not attach it then): attached now.
 */
export async function attachCreditToRecordedInvoice(
  db: Database,
  creditId: string,
  stripeInvoiceId: string,
) {
  await db
    .updateTable('payment_credits')
    .set((eb) => ({
      payment_id: eb
        .selectFrom('payments')
        .select('payments.id')
        .whereRef('payments.series_id', '=', 'payment_credits.series_id')
        .where('payments.stripe_invoice_id', '=', stripeInvoiceId)
        .where('payments.status', 'in', ['paid', 'refunded'])
        .limit(1),
    }))
    .where('id', '=', creditId)
    .where('payment_id', 'is', null)
    .execute();
}

export async function creditsOf(db: Database, paymentIds: readonly string[]) {
  if (paymentIds.length === 0) return [];
  return db
    .selectFrom('payment_credits')
    .selectAll()
    .where('payment_id', 'in', paymentIds)
    .orderBy('session_start')
    .execute();
}

/** A series' credits not yet on a paid invoice (the next payment will be that much less). */
export async function waitingCredits(db: Database, seriesIds: readonly string[]) {
  if (seriesIds.length === 0) return [];
  return db
    .selectFrom('payment_credits')
    .selectAll()
    .where('series_id', 'in', seriesIds)
    .where('payment_id', 'is', null)
    .orderBy('session_start')
    .execute();
}
