import type { BookingRecord } from '../bookings';
import type { Database } from '../platform/database/database';
import type { ApiContext } from '../platform/http/types';
import { sessionRefundOwed } from './effects';
import { paymentsIfSetUp, withinRequestBudget, type Payments } from './gateway';
import { markCheckoutExpired } from './queries';
import { openOneOffCheckoutsOfClient, runningPlansOfClient } from './queries-money';
import { giveHeldRefund, holdRefund, type HeldRefund } from './refunds';

/** What a deleted account's money needs from Stripe once the deletion has committed. */
export interface AccountMoney {
  subscriptions: string[];
  checkouts: { paymentId: string | null; checkoutId: string }[];
  refunds: HeldRefund[];
}

const NOTHING: AccountMoney = { subscriptions: [], checkouts: [], refunds: [] };

/**
 * Decided in the deletion's transaction, before its sessions and plans go: the subscriptions to
 * cancel at once (no further charge), the open Checkouts to expire, and each paid session ahead
 * refunded by the cancellation rule, as a cancellation by the client (held pending with its
 * credit note, so the refund commits with the deletion).
 */
export async function holdAccountMoney(
  db: Database,
  context: Pick<ApiContext, 'services' | 'payments'>,
  sessionsAhead: readonly BookingRecord[],
  clientUid: string,
  now: Date,
): Promise<AccountMoney> {
  if (!context.payments) return NOTHING;
  const plans = await runningPlansOfClient(db, clientUid);
  const openOneOffs = await openOneOffCheckoutsOfClient(db, clientUid);
  const refunds: HeldRefund[] = [];
  for (const booking of sessionsAhead) {
    if (booking.status !== 'confirmed' || booking.start <= now) continue;
    const owed = await sessionRefundOwed(db, context, { booking, by: 'client', now });
    if (owed?.kind !== 'refund') continue;
    refunds.push(
      await holdRefund(db, {
        paymentId: owed.paymentId,
        amount: owed.amount,
        bookingId: booking.id,
        reason: 'Account deleted',
        now,
        sessionStart: owed.sessionStart,
      }),
    );
  }
  return {
    subscriptions: plans.flatMap((plan) =>
      plan.stripe_subscription_id ? [plan.stripe_subscription_id] : [],
    ),
    checkouts: [
      ...plans.flatMap((plan) =>
        plan.open_checkout_id ? [{ paymentId: null, checkoutId: plan.open_checkout_id }] : [],
      ),
      ...openOneOffs.flatMap((row) =>
        row.checkout_session_id ? [{ paymentId: row.id, checkoutId: row.checkout_session_id }] : [],
      ),
    ],
    refunds,
  };
}

/**
 * After the deletion commits: each subscription cancelled at once (one already ended counts as
 * done), each open Checkout expired (a payment still arriving on it is refunded in full by the
 * webhook), each held refund asked of Stripe. A step that fails is logged by its kind and the
 * others go on: a held refund stays pending for Stripe's webhook or the minute job. All of it
 * within one Stripe budget (stripe-budget.ts): the deletion answers within 15 s however many
 * there are; what the budget leaves undone is logged like a failure.
 */
export async function releaseAccountMoney(context: ApiContext, money: AccountMoney, now: Date) {
  const payments = paymentsIfSetUp(context);
  if (!payments) return;
  await withinRequestBudget(context, () => release(context, payments, money, now));
}

async function release(context: ApiContext, payments: Payments, money: AccountMoney, now: Date) {
  const attempt = async (what: string, step: () => Promise<unknown>) => {
    try {
      await step();
    } catch (error) {
      console.error(`${what} failed:`, error instanceof Error ? error.name : 'unknown');
    }
  };
  for (const subscriptionId of money.subscriptions)
    await attempt('Cancelling a deleted account’s subscription', () =>
      payments.gateway.cancelSubscription(subscriptionId),
    );
  for (const { paymentId, checkoutId } of money.checkouts)
    await attempt('Expiring a deleted account’s Checkout', async () => {
      const outcome = await payments.gateway.expireCheckout(checkoutId);
      if (outcome === 'expired' && paymentId) await markCheckoutExpired(context.db, paymentId, now);
    });
  for (const held of money.refunds)
    await attempt('A deleted account’s refund', () => giveHeldRefund(context, payments, held, now));
}
