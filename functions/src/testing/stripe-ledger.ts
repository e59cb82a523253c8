/**
 * The Stripe stand-in's books (stripe-stand-in.ts): its checkouts, subscriptions, payments and
 * refunds, and the signed webhooks each change sends, as Stripe sends them.
 */
import Stripe from 'stripe';
// Node runs these files as they are (scripts/local-services.mjs starts the stand-in), so imports
// name their extension.
import {
  chargeObject,
  checkoutObject,
  invoiceObject,
  monthsAfter,
  newId,
  subscriptionObject,
  type CheckoutRecord,
  type SubscriptionRecord,
} from './stripe-shapes.ts';

export interface StripeLedgerOptions {
  /** Where webhooks go (the function's /api/payments/webhook). */
  webhookUrl: string | (() => string);
  webhookSecret: string;
  /** The stand-in's clock, in Unix seconds (tests move it). */
  now?: () => number;
}

export function createStripeLedger(options: StripeLedgerOptions) {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const signer = new Stripe('sk_test_stand_in');
  const checkouts = new Map<string, CheckoutRecord>();
  const subscriptions = new Map<string, SubscriptionRecord>();
  const intents = new Map<
    string,
    { id: string; charge: string; amount: number; refunded: number; last4: string }
  >();
  const refunds: Stripe.Refund[] = [];
  const portals = new Map<string, { returnUrl: string; customer: string }>();
  const delivered: { type: string; status: number }[] = [];
  /** The stand-in's own address, set once it listens (hosted pages' links). */
  let base = '';

  async function sendEvent(type: string, object: unknown): Promise<number> {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.webhookSecret,
    });
    const target =
      typeof options.webhookUrl === 'string' ? options.webhookUrl : options.webhookUrl();
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    }).catch(() => undefined);
    const status = response?.status ?? 0;
    delivered.push({ type, status });
    return status;
  }

  function intentFor(amount: number, last4: string): string {
    const id = newId('pi');
    intents.set(id, { id, charge: newId('ch'), amount, refunded: 0, last4 });
    return id;
  }

  /**
   * Events Stripe sends a moment after it answers a call (a refund's `charge.refunded`, a
   * cancelled subscription's `customer.subscription.deleted`): sent after the answer, in order.
   * `settled()` waits for them.
   */
  let later: Promise<unknown> = Promise.resolve();
  function sendLater(type: string, object: () => unknown) {
    later = later
      .then(() => new Promise((resolve) => setTimeout(resolve, 30)))
      .then(() => sendEvent(type, object()));
  }

  /** A refund of a payment intent, as the API or the Dashboard makes it; `charge.refunded` follows. */
  function refundOf(
    intentId: string,
    amount: number,
    metadata: Record<string, string>,
  ): Stripe.Refund | undefined {
    const intent = intents.get(intentId);
    if (!intent || amount <= 0 || amount > intent.amount - intent.refunded) return undefined;
    intent.refunded += amount;
    const refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: 'gbp',
      charge: intent.charge,
      payment_intent: intentId,
      metadata,
      status: 'succeeded',
      created: now(),
    } as unknown as Stripe.Refund;
    refunds.push(refund);
    sendLater('charge.refunded', () => chargeObject(intent));
    return refund;
  }

  /** Ends a subscription now (`DELETE /v1/subscriptions/:id`, or the period end reached). */
  function cancelSubscription(subscription: SubscriptionRecord) {
    subscription.status = 'canceled';
    sendLater('customer.subscription.deleted', () => subscriptionObject(subscription));
  }

  /** The next month of a subscription, paid or failed (what Stripe does at each renewal). */
  async function renew(subscriptionId: string, outcome: 'paid' | 'failed'): Promise<number> {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`No subscription ${subscriptionId}`);
    subscription.periodStart = subscription.periodEnd;
    let months = 1;
    while (monthsAfter(subscription.anchor, months) <= subscription.periodStart) months += 1;
    subscription.periodEnd = monthsAfter(subscription.anchor, months);
    // The items waiting (a credit for a cancelled session) go on this invoice, once.
    const items = subscription.pendingItems.splice(0);
    const invoice = invoiceObject(base, subscription, outcome === 'paid', null, items);
    if (outcome === 'failed') failedInvoices.set(subscription.id, { id: invoice.id, items });
    const intent =
      outcome === 'paid' && invoice.amount_paid > 0
        ? intentFor(invoice.amount_paid, subscription.last4)
        : null;
    return sendEvent(
      outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed',
      invoiceObject(base, subscription, outcome === 'paid', intent, items, invoice.id),
    );
  }

  /** The last failed invoices, by subscription: Stripe's retry (or the Portal) collects them. */
  const failedInvoices = new Map<
    string,
    { id: string; items: SubscriptionRecord['pendingItems'] }
  >();

  /**
   * Stripe's automatic retry, or the client paying in the Portal, collects the subscription's
   * last failed invoice (same invoice id, its period unchanged): `invoice.paid` follows.
   */
  async function collectFailed(subscriptionId: string): Promise<number> {
    const subscription = subscriptions.get(subscriptionId);
    const failed = failedInvoices.get(subscriptionId);
    if (!subscription || !failed) throw new Error(`No failed invoice of ${subscriptionId}`);
    failedInvoices.delete(subscriptionId);
    const draft = invoiceObject(base, subscription, true, null, failed.items, failed.id);
    const intent = draft.amount_paid > 0 ? intentFor(draft.amount_paid, subscription.last4) : null;
    return sendEvent(
      'invoice.paid',
      invoiceObject(base, subscription, true, intent, failed.items, failed.id),
    );
  }

  async function completeCheckout(checkout: CheckoutRecord, last4: string, delayed = false) {
    checkout.status = 'complete';
    if (checkout.mode === 'payment') {
      checkout.paymentIntent = intentFor(checkout.amount, last4);
      checkout.paymentStatus = delayed ? 'unpaid' : 'paid';
      await sendEvent('checkout.session.completed', checkoutObject(base, checkout));
      return;
    }
    checkout.paymentStatus = 'paid';
    const start = now();
    const subscription: SubscriptionRecord = {
      id: newId('sub'),
      customer: checkout.customer ?? newId('cus'),
      amount: checkout.amount,
      currency: checkout.currency,
      metadata: checkout.subscriptionMetadata,
      anchor: start,
      periodStart: start,
      periodEnd: monthsAfter(start, 1),
      cancelAtPeriodEnd: false,
      status: 'active',
      last4,
      pendingItems: [],
    };
    subscriptions.set(subscription.id, subscription);
    checkout.subscription = subscription.id;
    await sendEvent('checkout.session.completed', checkoutObject(base, checkout));
    const intent = intentFor(subscription.amount, last4);
    await sendEvent('invoice.paid', invoiceObject(base, subscription, true, intent));
  }

  async function settled() {
    let current: Promise<unknown>;
    do {
      current = later;
      await current;
    } while (current !== later);
  }

  return {
    get base() {
      return base;
    },
    set base(url: string) {
      base = url;
    },
    now,
    checkouts,
    subscriptions,
    intents,
    refunds,
    portals,
    delivered,
    sendEvent,
    sendLater,
    intentFor,
    refundOf,
    cancelSubscription,
    renew,
    collectFailed,
    completeCheckout,
    settled,
  };
}

export type StripeLedger = ReturnType<typeof createStripeLedger>;
