/**
 * The card payment service (Stripe), behind the few calls the practice makes. The only file that
 * imports the `stripe` package: it makes the client, speaks Stripe's shapes, and turns a verified
 * webhook into a PaymentEvent.
 */
import Stripe from 'stripe';
import { problems } from '../platform/http/problems';
import type { ApiContext, PaymentsSettings } from '../platform/http/types';
import { idOf, paymentEventOf, refundFactsOf } from './gateway-events';
import type { RefundFacts, Settlement } from './webhook-rules';

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

/** A refund of ours: the payment intent, the pence, and our refund row's id (its key). */
interface RefundInput {
  paymentIntentId: string;
  amount: number;
  refundId: string;
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
  /**
   * The same refund, with Stripe's refusal as an answer (its code): a 4xx that asking again
   * cannot change (more than is left, a payment Stripe does not know, the key reused with other
   * parameters). A failure to answer is the usual 502 problem.
   */
  async function refundUnlessRefused(
    input: RefundInput,
  ): Promise<RefundFacts | { refused: string }> {
    try {
      const given = await stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          amount: input.amount,
          metadata: { refundId: input.refundId },
        },
        // The row's id: the same key always carries the same parameters, as Stripe requires.
        { idempotencyKey: `refund:${input.refundId}` },
      );
      return refundFactsOf(given);
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError ||
        error instanceof Stripe.errors.StripeIdempotencyError
      )
        return { refused: error.code ?? error.type };
      return provider(() => Promise.reject(error));
    }
  }

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

    /**
     * Ends a subscription now (a second one for a series, or one for a series that ended). One
     * cancelled already is done: Stripe answers a second cancel as it answers an unknown id (404
     * `resource_missing`), so that answer is checked against the subscription itself.
     */
    async cancelSubscription(subscriptionId: string): Promise<void> {
      try {
        await stripe.subscriptions.cancel(subscriptionId);
        return;
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeError) || error.code !== 'resource_missing')
          return provider(() => Promise.reject(error));
      }
      const found = await provider(() => stripe.subscriptions.retrieve(subscriptionId));
      if (found.status !== 'canceled' && found.status !== 'incomplete_expired')
        throw problems.paymentProvider(
          'The card payment service did not cancel the subscription. Try again in a minute.',
        );
    },

    /**
     * The payment intent that paid an invoice. An invoice's `payments` is an includable field
     * that Stripe leaves out unless asked for, and never sends in a webhook, so it is listed
     * (https://docs.stripe.com/api/invoice-payment/list). Null for an invoice of £0.00.
     */
    async paymentIntentOfInvoice(invoiceId: string): Promise<string | null> {
      const list = await provider(() =>
        stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 10 }),
      );
      const paid = list.data.find((each) => typeof each.payment.payment_intent === 'string');
      return idOf(paid?.payment.payment_intent);
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
    async refund(input: RefundInput) {
      const answer = await refundUnlessRefused(input);
      if ('refused' in answer)
        throw problems.paymentProvider(
          'The card payment service refused this refund. Open the payment again to see what is left.',
        );
      return answer;
    },

    refundUnlessRefused,

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
