import { clientBookings } from '../bookings';
import { clientSeries } from '../series';
import type { Database } from '../platform/database/database';
import type { ApiContext } from '../platform/http/types';
import { sessionRefundOwed } from './effects';
import { paymentsIfSetUp, type Payments } from './gateway';
import { withinRequestBudget } from './stripe-budget';
import { markCheckoutExpired } from './queries';
import { openOneOffCheckoutsOfClient, runningPlansOfClient } from './queries-money';
import { rememberDeletedSeries } from './queries-plans';
import { findRefund } from './queries-refunds';
import { holdWhatPaidMonthsOwe } from './paid-months';
import { askRefund, holdRefund } from './refunds';
import { holdWaitingRefunds } from './waiting-refunds';

/**
 * What a deleted account's money needs from Stripe, decided in the deletion's transaction while
 * its sessions and plans are still there (they are gone once it commits): published by payments
 * itself inside that transaction, so that the Stripe calls run from the durable queue.
 */
export interface AccountMoneyHeld {
  type: 'account-money.held';
  /** Subscriptions to cancel at once (no further charge). */
  subscriptionIds: string[];
  /** Open Checkouts to expire; `paymentId` is the one-off payment it would pay, if any. */
  checkouts: { paymentId: string | null; checkoutId: string }[];
  /** Refunds of the paid sessions ahead, held pending with their credit notes. */
  refundIds: string[];
  occurredAt: string;
}

/** What payments reads of the account's deletion (account.deleted, published above it). */
interface DeletedAccount {
  uid: string;
  bookingIds: readonly string[];
  occurredAt: string;
}

/**
 * The account's deletion, inside its transaction: each paid session ahead refunded by the
 * cancellation rule, as a cancellation by the client (held pending with its credit note, so the
 * refund commits with the deletion); its running subscriptions and open Checkouts noted for
 * Stripe. Stripe is asked after the commit (releaseAccountMoney).
 */
export async function holdMoneyOnAccountDeleted(
  db: Database,
  event: DeletedAccount,
  context: ApiContext,
): Promise<void> {
  if (!context.payments) return;
  const now = new Date(event.occurredAt);
  // Money can still arrive for her series once they are gone: the webhook refunds it in full.
  await rememberDeletedSeries(db, event.uid, now);
  const booked = (await clientBookings(db, event.uid)).filter((each) =>
    event.bookingIds.includes(each.id),
  );
  const plans = await runningPlansOfClient(db, event.uid);
  const openOneOffs = await openOneOffCheckoutsOfClient(db, event.uid);
  const refundIds: string[] = [];
  for (const booking of booked) {
    if (booking.status !== 'confirmed' || booking.start <= now) continue;
    const owed = await sessionRefundOwed(db, context, { booking, by: 'client', now });
    if (owed?.kind !== 'refund') continue;
    const held = await holdRefund(db, {
      paymentId: owed.paymentId,
      amount: owed.amount,
      bookingId: booking.id,
      reason: 'Account deleted',
      now,
      sessionStart: owed.sessionStart,
    });
    refundIds.push(held.row.id);
  }
  // Sessions cancelled before the deletion whose refund the minute job has not made yet.
  refundIds.push(...(await holdWaitingRefunds(db, context, booked, now)));
  // What her paid months owe (sessions cancelled or weeks skipped while a month was unpaid),
  // whose give-back may still wait in the queue: once her series are gone it would find nothing.
  for (const series of await clientSeries(db, event.uid))
    for (const held of await holdWhatPaidMonthsOwe(db, context, series, now))
      if (!refundIds.includes(held.row.id)) refundIds.push(held.row.id);
  const money: AccountMoneyHeld = {
    type: 'account-money.held',
    subscriptionIds: plans.flatMap((plan) =>
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
    refundIds,
    occurredAt: event.occurredAt,
  };
  if (money.subscriptionIds.length + money.checkouts.length + refundIds.length === 0) return;
  await context.reactions.publish(db, money);
}

/**
 * From the durable queue, after the deletion commits: each subscription cancelled at once (one
 * already ended counts as done), each open Checkout expired (a payment still arriving on it is
 * refunded in full by the webhook), each held refund asked of Stripe with its own id as the key
 * (one Stripe refuses is released with a note in her payments). Every step is tried; if any
 * failed, the whole is tried again later, each step safe to repeat.
 */
export async function releaseAccountMoney(event: AccountMoneyHeld, context: ApiContext) {
  const payments = paymentsIfSetUp(context);
  if (!payments) return;
  // Within one Stripe budget (stripe-budget.ts) when the deletion's request runs it; what the
  // budget leaves undone fails this try, and the queue tries again.
  await withinRequestBudget(context, () => release(event, context, payments));
}

async function release(event: AccountMoneyHeld, context: ApiContext, payments: Payments) {
  const failures: unknown[] = [];
  const attempt = async (step: () => Promise<void>) => {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  };
  for (const subscriptionId of event.subscriptionIds)
    await attempt(() => payments.gateway.cancelSubscription(subscriptionId));
  for (const { paymentId, checkoutId } of event.checkouts)
    await attempt(async () => {
      const outcome = await payments.gateway.expireCheckout(checkoutId);
      if (outcome === 'expired' && paymentId)
        await markCheckoutExpired(context.db, paymentId, context.now());
    });
  for (const refundId of event.refundIds)
    await attempt(async () => {
      await askRefund(context, refundId, context.now());
      if ((await findRefund(context.db, refundId))?.status === 'pending')
        throw new StripeRefundPending();
    });
  // The credit notes' emails of the refunds made.
  context.outbox.deliver();
  if (failures.length > 0) throw failures[0];
}

/** A refund Stripe has not made yet (no answer): the reaction is tried again. */
class StripeRefundPending extends Error {
  override name = 'StripeRefundPending';
}
