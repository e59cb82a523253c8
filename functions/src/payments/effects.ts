import { nextBillingPeriod, sessionSharePence, sessionsInPeriod } from '../../../shared/billing';
import { refundPence } from '../../../shared/booking-rules';
import { feePerSessionPence, MONEY_FACTS, monthlyPricePence } from '../../../shared/money';
import type { Database } from '../platform/database/database';
import {
  findPayment,
  markCheckoutExpired,
  openCheckoutsOf,
  settledPaymentForBooking,
} from './queries';
import { customerOf, markPlanEnding, planOf, setOpenCheckout } from './queries-plans';
import {
  attachCreditToRecordedInvoice,
  coveringPayment,
  creditOfBooking,
  creditsOf,
  type CreditRow,
  insertCredit,
  latestInvoiceOfSeries,
  setCreditItem,
} from './queries-credits';
import type { BookingRecord, SeriesRecord } from '../bookings';
import { findSeries } from '../series';
import { paymentsIfSetUp, type Payments } from './gateway';
import { IDEMPOTENCY_KEY_KEPT_MS } from './gateway-inputs';
import { refundRowOfBooking } from './queries-money';
import { giveHeldRefund, refundNow } from './refunds';
import type { ApiContext } from '../platform/http/types';

export type CancelledBy = 'client' | 'practice';
/** What a session cancelled in a month not yet invoiced gets: that much off it, or nothing (no such month will be charged). */

export type AheadOfInvoices = 'credit' | 'nothing';

/**
 * After a session is cancelled: the refund the rule in shared/booking-rules.ts gives (with notice
 * or by the practice: its fee; late: nothing). A one-off session is refunded from its own payment;
 * a series' session from the payment whose period holds it, its share by the billing rule in
 * shared/billing.ts, or, in a month not yet invoiced, taken off the invoice that will cover it
 * (unless no such invoice will come: the series has ended). Run from the durable queue
 * (reactions.ts): a failure throws, to be tried again; a refund already held for the session is
 * asked again with the same idempotency key, never held twice.
 */
export async function refundCancelledSession(
  context: ApiContext,
  booking: BookingRecord,
  by: CancelledBy,
  now: Date,
  ahead: AheadOfInvoices = 'credit',
): Promise<void> {
  const payments = paymentsIfSetUp(context);
  if (!payments) return;
  if (!booking.seriesId) await closeOpenCheckouts(context, payments, booking.id);
  const earlier = await refundOfBooking(context.db, booking.id);
  if (earlier) {
    if (earlier.row.status === 'pending') await giveHeldRefund(context, payments, earlier, now);
    return;
  }
  // A credit recorded on an earlier try is asked again, the same one (never a refund as well).
  const credited = await creditOfBooking(context.db, booking.id);
  if (credited) {
    await askCreditItem(context, payments, booking, credited);
    return;
  }
  const owed = await sessionRefundOwed(context.db, context, { booking, by, now });
  if (owed?.kind === 'refund') {
    const { paymentId, amount, sessionStart } = owed;
    const reason = 'Session cancelled';
    await refundNow(context, payments, paymentId, amount, booking.id, reason, now, sessionStart);
    return;
  }
  if (owed?.kind === 'not-invoiced' && ahead === 'credit')
    await creditNextInvoice(context, payments, owed, now);
}

/** The refund already recorded for a session (one per session), as a held refund. */
async function refundOfBooking(db: Database, bookingId: string) {
  const row = await refundRowOfBooking(db, bookingId);
  if (!row) return undefined;
  const payment = await findPayment(db, row.payment_id);
  if (!payment?.stripe_payment_intent_id) return undefined;
  return { row, payment, paymentIntentId: payment.stripe_payment_intent_id };
}

interface Cancellation {
  booking: BookingRecord;
  by: CancelledBy;
  now: Date;
}

interface OwedRefund {
  kind: 'refund';
  paymentId: string;
  amount: number;
  /** A series' session: the occurrence whose share it is. */
  sessionStart: Date | null;
}

type NotInvoiced = {
  kind: 'not-invoiced';
  booking: BookingRecord;
  series: SeriesRecord;
  amount: number;
};

/**
 * What a cancelled session is owed, by the one rule (`refundPence`): a refund from the payment
 * that covered it, or its share of a month not yet invoiced. A series' session is billed at the
 * occurrence it stands for (its time before any move): it keeps the share of the month that
 * paid for it; whether it was cancelled late is read from its time now.
 */
export async function sessionRefundOwed(
  db: Database,
  context: Pick<ApiContext, 'services'>,
  { booking, by, now }: Cancellation,
): Promise<OwedRefund | NotInvoiced | undefined> {
  const service = context.services.find((each) => each.id === booking.serviceId);
  if (!service || service.price === 0) return undefined;
  const owed = (feePence: number, paidPence: number) =>
    refundPence({
      cancelledBy: by === 'practice' ? 'practitioner' : 'client',
      startsAt: booking.start,
      cancelledAt: now,
      feePence,
      paidPence,
    });
  if (!booking.seriesId) {
    const payment = await settledPaymentForBooking(db, booking.id);
    if (!payment) return undefined;
    const amount = owed(feePerSessionPence(service), payment.amount - payment.refunded);
    return amount > 0
      ? { kind: 'refund', paymentId: payment.id, amount, sessionStart: null }
      : undefined;
  }
  const series = await findSeries(db, booking.seriesId);
  if (!series) return undefined;
  const billed = billedStart(booking);
  const covering = await coveringPayment(db, series.id, billed);
  if (covering) {
    // A month not paid (failed or still open) took nothing: nothing comes back from another.
    if (covering.status !== 'paid' && covering.status !== 'refunded') return undefined;
    if (!covering.period_start || !covering.period_end) return undefined;
    const period = { start: covering.period_start, end: covering.period_end };
    const credited = (await creditsOf(db, [covering.id])).reduce(
      (sum, credit) => sum + credit.amount,
      0,
    );
    const share = sessionSharePence(
      covering.amount + credited,
      sessionsInPeriod(series, period),
      billed,
    );
    const amount = owed(share, covering.amount - covering.refunded);
    return amount > 0
      ? { kind: 'refund', paymentId: covering.id, amount, sessionStart: billed }
      : undefined;
  }
  const period = await periodToCome(db, series.id, billed);
  if (!period) return undefined;
  const monthly = monthlyPricePence(service);
  const share = sessionSharePence(monthly, sessionsInPeriod(series, period), billed);
  const amount = owed(share, share);
  return amount > 0 ? { kind: 'not-invoiced', booking, series, amount } : undefined;
}

/** The occurrence a series' session stands for (its start before any move): what it is billed at. */
export const billedStart = (booking: Pick<BookingRecord, 'start' | 'occurrence'>) =>
  booking.occurrence ?? booking.start;

/** The billing period still to come that will hold an instant (Stripe's calendar months). */
async function periodToCome(db: Database, seriesId: string, at: Date) {
  const latest = await latestInvoiceOfSeries(db, seriesId);
  if (!latest?.period_start || !latest.period_end) return undefined;
  const first = latest.period_start;
  let period = { start: latest.period_start, end: latest.period_end };
  while (period.end <= at) period = nextBillingPeriod(period, first);
  return period;
}

/**
 * Not invoiced yet: its share of the month that will hold it comes off that month's invoice. The
 * credit is recorded and committed first (one per session), then Stripe is asked with a key of
 * the session's own and the recorded credit's parameters, so a try whose commit failed after
 * Stripe made the item gets that same item back on the next try, never a second one.
 */
async function creditNextInvoice(
  context: ApiContext,
  payments: Payments,
  { booking, series, amount }: NotInvoiced,
  now: Date,
) {
  // No subscription, no invoice to come: nothing is recorded.
  const plan = await planOf(context.db, series.id);
  if (!plan?.stripe_subscription_id || !(await customerOf(context.db, plan.client_uid))) return;
  const recorded = await insertCredit(context.db, {
    seriesId: series.id,
    bookingId: booking.id,
    sessionStart: billedStart(booking),
    amount,
    reason: 'Session cancelled',
    now,
  });
  if (recorded) await askCreditItem(context, payments, booking, recorded);
}

/** A recorded credit put on the subscription's next invoice at Stripe (no transaction open). */
async function askCreditItem(
  context: ApiContext,
  payments: Payments,
  booking: BookingRecord,
  credit: CreditRow,
) {
  if (credit.stripe_invoice_item_id || !credit.series_id) return;
  const plan = await planOf(context.db, credit.series_id);
  const customer = plan && (await customerOf(context.db, plan.client_uid));
  if (!plan?.stripe_subscription_id || !customer) return;
  // Stripe keeps a key for 24 hours only: a credit first asked longer ago is looked for first,
  // pending or already on an invoice.
  const old = context.now().getTime() - credit.created_at.getTime() >= IDEMPOTENCY_KEY_KEPT_MS;
  const made = old ? await payments.gateway.creditItemOf(customer, booking.id) : undefined;
  if (made) {
    await setCreditItem(context.db, credit.id, made.id);
    // Its invoice paid and recorded already (the webhook found no credit to attach then).
    if (made.invoiceId) await attachCreditToRecordedInvoice(context.db, credit.id, made.invoiceId);
    return;
  }
  const item = await payments.gateway.creditNextInvoice({
    customer,
    subscriptionId: plan.stripe_subscription_id,
    amount: credit.amount,
    currency: MONEY_FACTS.currency,
    description: `Cancelled session, ${booking.start.toISOString().slice(0, 10)}`,
    bookingId: booking.id,
  });
  await setCreditItem(context.db, credit.id, item);
}

/**
 * A cancelled session's Checkouts not yet paid are expired (a payment that still arrives, paid a
 * moment before, is refunded by the webhook).
 */
async function closeOpenCheckouts(context: ApiContext, payments: Payments, bookingId: string) {
  for (const open of await openCheckoutsOf(context.db, bookingId)) {
    if (!open.checkout_session_id) continue;
    if ((await payments.gateway.expireCheckout(open.checkout_session_id)) === 'expired')
      await markCheckoutExpired(context.db, open.id, context.now());
  }
}

/**
 * After a series ends: its open Checkout is expired, and its subscription is cancelled at the end
 * of the period paid for.
 */
export async function endSubscription(context: ApiContext, seriesId: string, now: Date) {
  const payments = paymentsIfSetUp(context);
  if (!payments) return;
  const plan = await planOf(context.db, seriesId);
  try {
    if (plan?.open_checkout_id) {
      await payments.gateway.expireCheckout(plan.open_checkout_id);
      await setOpenCheckout(context.db, seriesId, null);
    }
  } catch (error) {
    console.error(
      'Expiring a series Checkout failed:',
      error instanceof Error ? error.name : 'unknown',
    );
  }
  if (!plan?.stripe_subscription_id) return;
  try {
    await payments.gateway.cancelAtPeriodEnd(plan.stripe_subscription_id);
    await markPlanEnding(context.db, seriesId, now);
  } catch (error) {
    console.error(
      'Cancelling a subscription failed:',
      error instanceof Error ? error.name : 'unknown',
    );
  }
}
