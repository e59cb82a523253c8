import { refundPence } from '../../../shared/booking-rules';
import { feePerSessionPence } from '../../../shared/money';
import { latestPaidOfSeries, settledPaymentForBooking } from './queries';
import { markPlanEnding, planOf } from './queries-plans';
import type { BookingRecord } from '../bookings';
import { paymentsIfSetUp } from './gateway';
import { refundNow } from './refunds';
import type { ApiContext } from '../platform/http/types';

/**
 * After a session is cancelled: the refund the rule in shared/booking-rules.ts gives (with notice
 * or by the practice: its fee per session; late: nothing). A one-off session is refunded from its
 * own payment, a series' session from the latest paid invoice. The cancellation stands whatever
 * Stripe answers; a refund that could not be made is left for the practitioner to make by hand.
 */
export async function refundCancelledSession(
  context: ApiContext,
  booking: BookingRecord,
  by: 'client' | 'practice',
  now: Date,
): Promise<void> {
  const payments = paymentsIfSetUp(context);
  const service = context.services.find((each) => each.id === booking.serviceId);
  if (!payments || !service || service.price === 0) return;
  try {
    const payment = booking.seriesId
      ? await latestPaidOfSeries(context.db, booking.seriesId)
      : await settledPaymentForBooking(context.db, booking.id);
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
      error instanceof Error ? error.message : 'unknown',
    );
  }
}

/** After a series ends: its subscription is cancelled at the end of the period paid for. */
export async function endSubscription(context: ApiContext, seriesId: string, now: Date) {
  const payments = paymentsIfSetUp(context);
  if (!payments) return;
  const plan = await planOf(context.db, seriesId);
  if (!plan?.stripe_subscription_id) return;
  try {
    await payments.gateway.cancelAtPeriodEnd(plan.stripe_subscription_id);
    await markPlanEnding(context.db, seriesId, now);
  } catch (error) {
    console.error(
      'Cancelling a subscription failed:',
      error instanceof Error ? error.message : 'unknown',
    );
  }
}
