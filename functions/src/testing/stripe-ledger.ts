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
  invoiceAsSent,
  invoiceObject,
  monthsAfter,
  newId,
  noSuch,
  stripeError,
  subscriptionObject,
  type StripeErrorAnswer,
  type CheckoutRecord,
  type InvoiceObject,
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
  /** Each paid invoice's payment (GET /v1/invoice_payments?invoice=…). */
  const invoicePayments = new Map<
    string,
    {
      id: string;
      paymentId: string;
      intent: string;
      amount: number;
      currency: string;
      created: number;
    }
  >();
  /** Every invoice made, with all its lines (GET /v1/invoices/:id/lines lists them). */
  const invoices = new Map<string, InvoiceObject>();
  const portals = new Map<string, { returnUrl: string; customer: string }>();
  /** Customers made by POST /v1/customers (an update of another is refused, as Stripe does). */
  const customers = new Map<
    string,
    { email: string | null; name: string | null; metadata: Record<string, string> }
  >();
  const delivered: { type: string; status: number }[] = [];
  /** Every event sent, as signed (a test sends one again, as Stripe retries it). */
  const sent: { id: string; type: string; payload: string }[] = [];
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
    sent.push({ id: event.id, type, payload });
    if (held) {
      held.push({ type, payload });
      return 0;
    }
    return deliver(type, payload);
  }

  /**
   * Stripe does not promise to deliver events in the order they happened: while holding, events
   * wait; `release` delivers them in the order asked (https://docs.stripe.com/webhooks#event-ordering).
   */
  let held: { type: string; payload: string }[] | undefined;
  function hold() {
    held = [];
  }
  async function release(order: 'as-made' | 'reversed'): Promise<number[]> {
    const events = held ?? [];
    held = undefined;
    const statuses: number[] = [];
    for (const event of order === 'reversed' ? [...events].reverse() : events)
      statuses.push(await deliver(event.type, event.payload));
    return statuses;
  }

  /** Sends an event's payload (again), signed now, as Stripe's retry of it does. */
  async function deliver(type: string, payload: string): Promise<number> {
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

  /** Stripe's retry of an event sent before: the same event, the same id. */
  function redeliver(eventId: string): Promise<number> {
    const event = sent.find((each) => each.id === eventId);
    if (!event) throw new Error(`No event ${eventId}`);
    return deliver(event.type, event.payload);
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

  /**
   * A refund of a payment intent, as the API or the Dashboard makes it; `charge.refunded` follows.
   * Refused as Stripe refuses it (https://docs.stripe.com/api/refunds/create): an unknown payment
   * intent (404 resource_missing), a charge refunded in full already (400
   * `charge_already_refunded`, https://docs.stripe.com/error-codes/charge-already-refunded), and
   * more than is left (400 on `amount`, no code).
   */
  function refundOf(
    intentId: string,
    requested: number | null,
    metadata: Record<string, string>,
  ): Stripe.Refund | StripeErrorAnswer {
    const intent = intents.get(intentId);
    if (!intent) return noSuch('payment_intent', intentId, 'payment_intent');
    const left = intent.amount - intent.refunded;
    if (left <= 0)
      return stripeError(
        400,
        'invalid_request_error',
        `Charge ${intent.charge} has already been refunded.`,
        { code: 'charge_already_refunded' },
      );
    const amount = requested ?? left;
    if (!Number.isInteger(amount) || amount <= 0)
      return stripeError(400, 'invalid_request_error', 'Invalid positive integer', {
        param: 'amount',
      });
    if (amount > left)
      return stripeError(
        400,
        'invalid_request_error',
        `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`,
        { param: 'amount' },
      );
    intent.refunded += amount;
    const refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: intent.charge,
      created: now(),
      currency: 'gbp',
      metadata,
      payment_intent: intentId,
      reason: null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
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
    return sendInvoice(subscription, outcome, items);
  }

  /** An invoice of a subscription, paid (its payment recorded) or failed, and its webhook. */
  function sendInvoice(
    subscription: SubscriptionRecord,
    outcome: 'paid' | 'failed',
    items: SubscriptionRecord['pendingItems'] = [],
    invoiceId?: string,
  ): Promise<number> {
    const made = invoiceObject(base, subscription, outcome === 'paid', items, invoiceId, now());
    // A failed invoice collected later is the same invoice: the same lines, the same period.
    const before = invoices.get(made.id);
    const invoice = before ? { ...made, lines: before.lines } : made;
    invoices.set(invoice.id, invoice);
    // Its items stay listed, now naming their invoice (a failed one collected later: once).
    for (const item of items)
      if (!subscription.invoicedItems.some((each) => each.id === item.id))
        subscription.invoicedItems.push({ ...item, invoice: invoice.id });
    if (outcome === 'failed') failedInvoices.set(subscription.id, { id: invoice.id, items });
    if (outcome === 'paid' && invoice.amount_paid > 0) {
      invoicePayments.set(invoice.id, {
        id: invoice.id,
        paymentId: newId('inpay'),
        intent: intentFor(invoice.amount_paid, subscription.last4),
        amount: invoice.amount_paid,
        currency: invoice.currency,
        created: now(),
      });
    }
    return sendEvent(
      outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed',
      invoiceAsSent(invoice),
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
    return sendInvoice(subscription, 'paid', failed.items, failed.id);
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
      invoicedItems: [],
    };
    subscriptions.set(subscription.id, subscription);
    checkout.subscription = subscription.id;
    await sendEvent('checkout.session.completed', checkoutObject(base, checkout));
    await sendInvoice(subscription, 'paid');
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
    invoices,
    invoicePayments,
    portals,
    customers,
    delivered,
    sent,
    sendEvent,
    redeliver,
    hold,
    release,
    sendLater,
    intentFor,
    refundOf,
    cancelSubscription,
    renew,
    collectFailed,
    sendInvoice,
    completeCheckout,
    settled,
  };
}

export type StripeLedger = ReturnType<typeof createStripeLedger>;
