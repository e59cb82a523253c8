/**
 * The card payment service (Stripe), behind the few calls the practice makes. The only file that
 * imports the `stripe` package: it makes the client, speaks Stripe's shapes, and turns a verified
 * webhook into a PaymentEvent.
 */
import Stripe from 'stripe';
import { problems } from '../platform/http/problems';
import type { ApiContext, PaymentsSettings } from '../platform/http/types';
import type { PaymentEvent, RefundFacts, Settlement } from './webhook-rules';

/**
 * Each try waits at most 5 s for Stripe (the SDK's default is 80 s), and a try that times out or
 * fails to connect is tried once more, after 0.5 s: a stalled Stripe costs a request at most
 * 5 + 0.5 + 5 = 10.5 s, so the client's answer (a 502 problem) comes well within 15 s, and far
 * within the function's own time limit. Stripe answers its API calls in well under a second
 * normally; one retry (with the SDK's idempotency key) still rides out a dropped connection.
 */
export const STRIPE_TIMEOUT_MS = 5_000;
export const STRIPE_RETRIES = 1;

/**
 * The one Stripe API version the code speaks (the SDK's own, pinned here so that an SDK upgrade
 * is a visible change): the shapes read below, e.g. an invoice's payment intent under
 * `payments`, are this version's. The webhook endpoint is set to the same version.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** The official SDK; locally its host, port and protocol point at the stand-in. */
function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  const limits = {
    apiVersion: STRIPE_API_VERSION,
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: STRIPE_RETRIES,
  } as const;
  if (!apiUrl) return new Stripe(secretKey, limits);
  const url = new URL(apiUrl);
  return new Stripe(secretKey, {
    ...limits,
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    telemetry: false,
  });
}

/** A Stripe call; any failure (a timeout, an error answer) is the same 502 problem. */
async function provider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // Stripe's messages can echo what was sent (an email, a name): only the kind is logged.
    const kind = error instanceof Stripe.errors.StripeError ? error.type : 'unknown';
    console.error('Stripe call failed:', kind);
    throw problems.paymentProvider(
      'The card payment service did not answer. Try again in a minute.',
    );
  }
}

interface CheckoutInput {
  mode: 'payment' | 'subscription';
  customer: string;
  /** What the client sees on Checkout's page. */
  productName: string;
  /** Pence (a month's, for a subscription). */
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
}

function gatewayOf(stripe: Stripe) {
  return {
    /** One customer per client: a second request at once gets the same customer back. */
    async createCustomer(input: { email: string; name: string; clientUid: string }) {
      const customer = await provider(() =>
        stripe.customers.create(
          {
            email: input.email,
            name: input.name || undefined,
            metadata: { clientUid: input.clientUid },
          },
          { idempotencyKey: `customer:${input.clientUid}` },
        ),
      );
      return customer.id;
    },

    /**
     * Closes a Checkout page so it can no longer take a payment: 'expired', or 'complete' when
     * the client has paid on it already (its webhook is on the way).
     */
    async expireCheckout(id: string): Promise<'expired' | 'complete'> {
      try {
        await stripe.checkout.sessions.expire(id);
        return 'expired';
      } catch {
        const found = await provider(() => stripe.checkout.sessions.retrieve(id));
        return found.status === 'complete' ? 'complete' : 'expired';
      }
    },

    /** Ends a subscription now (a second one for a series, or one for a series that ended). */
    async cancelSubscription(subscriptionId: string): Promise<void> {
      await provider(() => stripe.subscriptions.cancel(subscriptionId));
    },

    /** The refunds of a payment intent, as the rules read them. */
    async refundsOf(paymentIntentId: string): Promise<RefundFacts[]> {
      const list = await provider(() =>
        stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }),
      );
      return list.data.map(refundFactsOf);
    },

    /** Stripe Checkout: its session's id, and the page to send the client to. */
    async openCheckout(input: CheckoutInput): Promise<{ id: string; url: string | null }> {
      const monthly = input.mode === 'subscription';
      const session = await provider(() =>
        stripe.checkout.sessions.create({
          mode: input.mode,
          customer: input.customer,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amount,
                ...(monthly && { recurring: { interval: 'month' as const } }),
                product_data: { name: input.productName },
              },
            },
          ],
          metadata: input.metadata,
          ...(monthly && { subscription_data: { metadata: input.metadata } }),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        }),
      );
      return { id: session.id, url: session.url };
    },

    /** Stripe's Customer Portal: the page's address. */
    async openPortal(customer: string, returnUrl: string): Promise<string> {
      const session = await provider(() =>
        stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }),
      );
      return session.url;
    },

    /**
     * Gives back part of a card payment, for our refund row `refundId` (recorded first): the same
     * row asks again with the same key and gets the same refund. Stripe's refund id and status.
     */
    async refund(input: {
      paymentIntentId: string;
      amount: number;
      refundId: string;
      /** The key when our refund's row is not yet committed (see webhook.ts refundInFull). */
      idempotencyKey?: string;
    }) {
      const given = await provider(() =>
        stripe.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            amount: input.amount,
            metadata: { refundId: input.refundId },
          },
          { idempotencyKey: input.idempotencyKey ?? `refund:${input.refundId}` },
        ),
      );
      return refundFactsOf(given);
    },

    /**
     * Takes an amount off the subscription's next invoice (a negative invoice item, shown on that
     * invoice's receipt); the key makes a retry the same item.
     */
    async creditNextInvoice(input: {
      customer: string;
      subscriptionId: string;
      amount: number;
      currency: string;
      description: string;
      idempotencyKey: string;
    }): Promise<string> {
      const item = await provider(() =>
        stripe.invoiceItems.create(
          {
            customer: input.customer,
            subscription: input.subscriptionId,
            amount: -input.amount,
            currency: input.currency.toLowerCase(),
            description: input.description,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return item.id;
    },

    async cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
      await provider(() =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      );
    },

    /** A webhook's event if its signature is Stripe's over this body; bad-signature otherwise. */
    verifyEvent(rawBody: Buffer | undefined, signature: string | undefined, secret: string) {
      let event: Stripe.Event;
      try {
        if (!rawBody || !signature) throw new Error('missing');
        event = stripe.webhooks.constructEvent(rawBody, signature, secret);
      } catch {
        throw problems.badSignature('The Stripe-Signature header does not match this body.');
      }
      return paymentEventOf(event);
    },

    /** The card a payment intent was paid with; null when Stripe does not say (or fails). */
    async cardOf(paymentIntentId: string): Promise<Settlement['card']> {
      try {
        const found = await stripe.paymentIntents.retrieve(paymentIntentId, {
          expand: ['latest_charge'],
        });
        const charge = found.latest_charge;
        const details =
          typeof charge === 'object' && charge ? charge.payment_method_details?.card : undefined;
        return details ? { brand: details.brand ?? 'card', last4: details.last4 ?? '' } : null;
      } catch {
        return null;
      }
    },
  };
}

type PaymentGateway = ReturnType<typeof gatewayOf>;

/** What the payment handlers need: the settings, and the gateway made from them. */
export interface Payments {
  settings: PaymentsSettings;
  gateway: PaymentGateway;
}

const gateways = new WeakMap<PaymentsSettings, PaymentGateway>();

/** The payments set up on this server, or undefined where none are. */
export function paymentsIfSetUp(context: ApiContext): Payments | undefined {
  const settings = context.payments;
  if (!settings) return undefined;
  let gateway = gateways.get(settings);
  if (!gateway) {
    gateway = gatewayOf(stripeClient(settings.secretKey, settings.apiUrl));
    gateways.set(settings, gateway);
  }
  return { settings, gateway };
}

/** The payments set up on this server; a 503 problem where none are. */
export function paymentsOf(context: ApiContext): Payments {
  const payments = paymentsIfSetUp(context);
  if (!payments) {
    throw problems.paymentsUnavailable(
      'Card payments are not set up on this server yet. Please pay the practice directly.',
    );
  }
  return payments;
}

function paymentIntentOf(object: Record<string, unknown>): string | null {
  if (typeof object.payment_intent === 'string') return object.payment_intent;
  const payments = (
    object.payments as { data?: { payment?: { payment_intent?: unknown } }[] } | undefined
  )?.data;
  const intent = payments?.[0]?.payment?.payment_intent;
  return typeof intent === 'string' ? intent : null;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

function refundFactsOf(refund: Stripe.Refund): RefundFacts {
  return {
    stripeRefundId: refund.id,
    paymentIntentId: idOf(refund.payment_intent),
    amount: refund.amount,
    status:
      refund.status === 'succeeded'
        ? 'succeeded'
        : refund.status === 'failed' || refund.status === 'canceled'
          ? 'failed'
          : 'pending',
    ourRefundId: refund.metadata?.refundId ?? null,
  };
}

/** A Stripe event in the rules' terms (webhook-rules.ts). */
function paymentEventOf(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, stripeType: event.type, created: new Date(event.created * 1000) };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      if (session.mode === 'subscription') {
        return {
          ...base,
          type: 'subscription-checkout-completed',
          seriesId: session.metadata?.seriesId ?? '',
          subscriptionId: idOf(session.subscription),
          checkoutSessionId: session.id,
        };
      }
      return {
        ...base,
        type:
          event.type === 'checkout.session.async_payment_failed'
            ? 'checkout-failed'
            : 'checkout-completed',
        checkoutSessionId: session.id,
        paid: session.payment_status === 'paid',
        paymentIntentId: paymentIntentOf(session as unknown as Record<string, unknown>),
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        ...base,
        type: 'subscription-changed',
        subscriptionId: subscription.id,
        seriesId: subscription.metadata?.seriesId ?? '',
        ended: event.type === 'customer.subscription.deleted' || subscription.status === 'canceled',
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        endsAt: subscription.cancel_at ? new Date(subscription.cancel_at * 1000) : null,
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        ...base,
        type: 'refunds-changed',
        paymentIntentId: idOf(charge.payment_intent),
        refunds: null,
      };
    }
    case 'refund.updated': {
      const refund = refundFactsOf(event.data.object);
      return {
        ...base,
        type: 'refunds-changed',
        paymentIntentId: refund.paymentIntentId,
        refunds: [refund],
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const line = invoice.lines.data[0];
      const paid = event.type === 'invoice.paid';
      return {
        ...base,
        type: paid ? 'invoice-paid' : 'invoice-failed',
        invoiceId: invoice.id ?? null,
        seriesId: details?.metadata?.seriesId ?? '',
        subscriptionId: idOf(details?.subscription),
        amountPaid: invoice.amount_paid,
        amountDue: invoice.amount_due,
        currency: (invoice.currency ?? '').toUpperCase(),
        periodStart: new Date((line?.period.start ?? invoice.period_start) * 1000),
        periodEnd: new Date((line?.period.end ?? invoice.period_end) * 1000),
        paymentIntentId: paid
          ? paymentIntentOf(invoice as unknown as Record<string, unknown>)
          : null,
      };
    }
    default:
      return { ...base, type: 'ignored' };
  }
}
