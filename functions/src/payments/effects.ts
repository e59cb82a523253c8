import { nextBillingPeriod, sessionSharePence, sessionsInPeriod } from '../../../shared/billing';
import { refundPence } from '../../../shared/booking-rules';
import { feePerSessionPence, MONEY_FACTS, monthlyPricePence } from '../../../shared/money';
import type { Service } from '../../../shared/service';
import { markCheckoutExpired, openCheckoutsOf, settledPaymentForBooking } from './queries';
import { customerOf, markPlanEnding, planOf, setOpenCheckout } from './queries-plans';
import {
  coveringPayment,
  creditsOf,
  insertCredit,
  latestInvoiceOfSeries,
  setCreditItem,
} from './queries-credits';
import type { BookingRecord, SeriesRecord } from '../bookings';
import { findSeries } from '../series';
import { paymentsIfSetUp, type Payments } from './gateway';
import { refundNow } from './refunds';
import type { ApiContext } from '../platform/http/types';

type CancelledBy = 'client' | 'practice';

/**
 * After a session is cancelled: the refund the rule in shared/booking-rules.ts gives (with notice
 * or by the practice: its fee; late: nothing). A one-off session is refunded from its own payment;
 * a series' session from the payment whose period holds it, its share by the billing rule in
 * shared/billing.ts, or, in a month not yet invoiced, taken off the invoice that will cover it.
 * The cancellation stands whatever Stripe answers; a refund that could not be made is left for
 * the practitioner to make by hand.
 */
export async function refundCancelledSession(
  context: ApiContext,
  booking: BookingRecord,
  by: CancelledBy,
  now: Date,
): Promise<void> {
  const payments = paymentsIfSetUp(context);
  const service = context.services.find((each) => each.id === booking.serviceId);
  if (!payments || !service || service.price === 0) return;
  try {
    if (booking.seriesId) {
      const series = await findSeries(context.db, booking.seriesId);
      if (series)
        await refundSeriesSession(context, payments, { booking, series, service, by, now });
      return;
    }
    await closeOpenCheckouts(context, payments, booking.id);
    const payment = await settledPaymentForBooking(context.db, booking.id);
    if (!payment) return;
    const amount = refundPence({
      cancelledBy: by === 'practice' ? 'practitioner' : 'client',
      startsAt: booking.start,
      cancelledAt: now,
      feePence: feePerSessionPence(service),
      paidPence: payment.amount - payment.refunded,
    });
    if (amount <= 0) return;
    await refundNow(context, payments, payment.id, amount, booking.id, 'Session cancelled', now);
  } catch (error) {
    console.error(
      'Refund after a cancellation failed:',
      error instanceof Error ? error.name : 'unknown',
    );
  }
}

interface SeriesCancellation {
  booking: BookingRecord;
  series: SeriesRecord;
  service: Service;
  by: CancelledBy;
  now: Date;
}

/** A series' session: its share back from the payment that covered it, or off the next one. */
async function refundSeriesSession(
  context: ApiContext,
  payments: Payments,
  { booking, series, service, by, now }: SeriesCancellation,
) {
  const owed = (feePence: number, paidPence: number) =>
    refundPence({
      cancelledBy: by === 'practice' ? 'practitioner' : 'client',
      startsAt: booking.start,
      cancelledAt: now,
      feePence,
      paidPence,
    });
  const covering = await coveringPayment(context.db, series.id, booking.start);
  if (covering) {
    // A month not paid (failed or still open) took nothing: nothing comes back from another.
    if (covering.status !== 'paid' && covering.status !== 'refunded') return;
    if (!covering.period_start || !covering.period_end) return;
    const period = { start: covering.period_start, end: covering.period_end };
    const credited = (await creditsOf(context.db, [covering.id])).reduce(
      (sum, credit) => sum + credit.amount,
      0,
    );
    const share = sessionSharePence(
      covering.amount + credited,
      sessionsInPeriod(series, period),
      booking.start,
    );
    const amount = owed(share, covering.amount - covering.refunded);
    if (amount <= 0) return;
    await refundNow(context, payments, covering.id, amount, booking.id, 'Session cancelled', now);
    return;
  }
  // Not invoiced yet: its share of the month that will hold it comes off that month's invoice.
  const plan = await planOf(context.db, series.id);
  const latest = await latestInvoiceOfSeries(context.db, series.id);
  const customer = await customerOf(context.db, series.client.uid);
  if (!plan?.stripe_subscription_id || !latest?.period_start || !latest.period_end || !customer)
    return;
  const subscriptionId = plan.stripe_subscription_id;
  const first = latest.period_start;
  let period = { start: latest.period_start, end: latest.period_end };
  while (period.end <= booking.start) period = nextBillingPeriod(period, first);
  const monthly = monthlyPricePence(service);
  const share = sessionSharePence(monthly, sessionsInPeriod(series, period), booking.start);
  const amount = owed(share, share);
  if (amount <= 0) return;
  await context.db.transaction().execute(async (trx) => {
    const credit = await insertCredit(trx, {
      seriesId: series.id,
      bookingId: booking.id,
      sessionStart: booking.start,
      amount,
      reason: 'Session cancelled',
      now,
    });
    if (!credit) return;
    const item = await payments.gateway.creditNextInvoice({
      customer,
      subscriptionId,
      amount,
      currency: MONEY_FACTS.currency,
      description: `Cancelled session, ${booking.start.toISOString().slice(0, 10)}`,
      idempotencyKey: `credit:${credit.id}`,
    });
    await setCreditItem(trx, credit.id, item);
  });
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
