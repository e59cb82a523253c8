/**
 * The card payment service (Stripe), behind the few calls the practice makes. The only file that
 * imports the `stripe` package: it makes the client, speaks Stripe's shapes, and turns a verified
 * webhook into a PaymentEvent.
 */
import Stripe from 'stripe';
import { problems } from '../platform/http/problems';
import type { ApiContext, PaymentsSettings } from '../platform/http/types';
import { idOf, paymentEventOf, refundFactsOf } from './gateway-events';
import {
  STRIPE_TRY_MS,
  StripeBudgetSpent,
  stripeDidNotAnswer,
  withinBudget,
} from './stripe-budget';
import type { CheckoutInput, RefundInput } from './gateway-inputs';
import type { RefundFacts, Settlement } from './webhook-rules';

/**
 * The one Stripe API version the code speaks (the SDK's own, pinned here so that an SDK upgrade
 * is a visible change): the shapes read below, e.g. an invoice's payment intent under
 * `payments`, are this version's. The webhook endpoint is set to the same version.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** The official SDK; locally its host, port and protocol point at the stand-in. */
function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  // Each call is given its own limits from the request's budget (stripe-budget.ts); these are
  // the SDK's defaults for any call that is not.
  const limits = {
    apiVersion: STRIPE_API_VERSION,
    timeout: STRIPE_TRY_MS,
    maxNetworkRetries: 1,
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

/**
 * What a failed Stripe call is answered with: 503 when Stripe did not answer (the budget spent,
 * a timeout, a lost connection: asking again in a minute can help), 502 when it answered with an
 * error.
 */
function asProblem(error: unknown) {
  // Stripe's messages can echo what was sent (an email, a name): only the kind is logged.
  const kind =
    error instanceof Stripe.errors.StripeError
      ? error.type
      : error instanceof StripeBudgetSpent
        ? error.name
        : 'unknown';
  console.error('Stripe call failed:', kind);
  if (error instanceof StripeBudgetSpent || error instanceof Stripe.errors.StripeConnectionError)
    return stripeDidNotAnswer();
  return problems.paymentProvider(
    'The card payment service did not answer. Try again in a minute.',
  );
}

/** A Stripe call within the request's budget; any failure is a problem (asProblem). */
async function provider<T>(
  call: (limits: { timeout: number; maxNetworkRetries: number }) => Promise<T>,
): Promise<T> {
  try {
    return await withinBudget(call);
  } catch (error) {
    throw asProblem(error);
  }
}

function gatewayOf(stripe: Stripe) {
  /**
   * The same refund, with Stripe's refusal as an answer (its code): a 4xx that asking again
   * cannot change (more than is left, a payment Stripe does not know, the key reused with other
   * parameters). A failure to answer is the usual problem (asProblem).
   */
  async function refundUnlessRefused(
    input: RefundInput,
  ): Promise<RefundFacts | { refused: string }> {
    try {
      const given = await withinBudget((limits) =>
        stripe.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            amount: input.amount,
            metadata: { refundId: input.refundId },
          },
          // The row's id: the same key always carries the same parameters, as Stripe requires.
          { idempotencyKey: `refund:${input.refundId}`, ...limits },
        ),
      );
      return refundFactsOf(given);
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError ||
        error instanceof Stripe.errors.StripeIdempotencyError
      )
        return { refused: error.code ?? error.type };
      throw asProblem(error);
    }
  }

  return {
    /**
     * One customer per client: a second request at once gets the same customer back. Under the
     * key `customer:<uid>` only what never changes is sent (her uid): Stripe refuses a key reused
     * with other parameters for 24 hours (`idempotency_error`,
     * https://docs.stripe.com/api/idempotent_requests), and her name and email can change between
     * a try whose answer was lost and the next. They are set by an update once it is made
     * (https://docs.stripe.com/api/customers/update), which is the same on every try.
     */
    async createCustomer(input: { email: string; name: string; clientUid: string }) {
      const customer = await provider((limits) =>
        stripe.customers.create(
          { metadata: { clientUid: input.clientUid } },
          { idempotencyKey: `customer:${input.clientUid}`, ...limits },
        ),
      );
      await provider((limits) =>
        stripe.customers.update(
          customer.id,
          { email: input.email, ...(input.name && { name: input.name }) },
          limits,
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
        await withinBudget((limits) => stripe.checkout.sessions.expire(id, {}, limits));
        return 'expired';
      } catch (error) {
        // Refused (expired already, or paid): what it is now says which.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw asProblem(error);
        const found = await provider((limits) => stripe.checkout.sessions.retrieve(id, {}, limits));
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
        await withinBudget((limits) => stripe.subscriptions.cancel(subscriptionId, {}, limits));
        return;
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeError) || error.code !== 'resource_missing')
          throw asProblem(error);
      }
      const found = await provider((limits) =>
        stripe.subscriptions.retrieve(subscriptionId, {}, limits),
      );
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
      const list = await provider((limits) =>
        stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 10 }, limits),
      );
      const paid = list.data.find((each) => typeof each.payment.payment_intent === 'string');
      return idOf(paid?.payment.payment_intent);
    },

    /**
     * Every line of an invoice, in Stripe's order: an invoice (in an event too) carries only the
     * first handful, and `has_more` says when there are others
     * (https://docs.stripe.com/api/invoice-line-item/retrieve), listed page by page here.
     */
    async invoiceLines(invoiceId: string): Promise<Stripe.InvoiceLineItem[]> {
      const lines: Stripe.InvoiceLineItem[] = [];
      for (let more = true; more;) {
        const after = lines.at(-1)?.id;
        const page = await provider((limits) =>
          stripe.invoices.listLineItems(
            invoiceId,
            { limit: 100, ...(after && { starting_after: after }) },
            limits,
          ),
        );
        lines.push(...page.data);
        more = page.has_more && page.data.length > 0;
      }
      return lines;
    },

    /** The refunds of a payment intent, as the rules read them. */
    async refundsOf(paymentIntentId: string): Promise<RefundFacts[]> {
      const list = await provider((limits) =>
        stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }, limits),
      );
      return list.data.map(refundFactsOf);
    },

    /** Stripe Checkout: its session's id, and the page to send the client to. */
    async openCheckout(input: CheckoutInput): Promise<{ id: string; url: string | null }> {
      const monthly = input.mode === 'subscription';
      const session = await provider((limits) =>
        stripe.checkout.sessions.create(
          {
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
          },
          // The opening's own key: a second ask for it is the same Checkout.
          { idempotencyKey: input.idempotencyKey, ...limits },
        ),
      );
      return { id: session.id, url: session.url };
    },

    /** Stripe's Customer Portal: the page's address. */
    async openPortal(customer: string, returnUrl: string): Promise<string> {
      const session = await provider((limits) =>
        stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }, limits),
      );
      return session.url;
    },

    /**
     * Gives back part of a card payment, for our refund row `refundId` (recorded first): the same
     * row asks again with the same key and gets the same refund. Stripe's refund id and status.
     */
    async refund(input: RefundInput) {
      const answer = await refundUnlessRefused(input);
      // Refused (more than is left, refunded already): asking again cannot change it (409).
      if ('refused' in answer)
        throw problems.paymentProviderRefused(
          `The card payment service refused this refund (Stripe’s reason: ${answer.refused}). Open the payment again to see what is left.`,
        );
      return answer;
    },

    refundUnlessRefused,

    /**
     * Takes an amount off the subscription's next invoice (a negative invoice item, shown on that
     * invoice's receipt); the key `credit:<booking id>` makes a retry the same item for 24 hours.
     */
    async creditNextInvoice(input: {
      customer: string;
      subscriptionId: string;
      amount: number;
      currency: string;
      description: string;
      bookingId: string;
    }): Promise<string> {
      const item = await provider((limits) =>
        stripe.invoiceItems.create(
          {
            customer: input.customer,
            subscription: input.subscriptionId,
            amount: -input.amount,
            currency: input.currency.toLowerCase(),
            description: input.description,
            metadata: { bookingId: input.bookingId },
          },
          { idempotencyKey: `credit:${input.bookingId}`, ...limits },
        ),
      );
      return item.id;
    },

    /**
     * The session's credit among all the customer's invoice items, by its metadata: pending or
     * already on an invoice (draft, open or paid), when its `invoice` names it
     * (https://docs.stripe.com/api/invoiceitems/list, no `pending` filter). A key older than
     * 24 hours protects nothing, and an item an invoice has taken is no longer pending.
     */
    async creditItemOf(customer: string, bookingId: string) {
      const items = await provider((limits) =>
        stripe.invoiceItems
          .list({ customer, limit: 100 }, limits)
          .autoPagingToArray({ limit: 10_000 }),
      );
      const found = items.find((each) => each.metadata?.bookingId === bookingId);
      return found && { id: found.id, invoiceId: idOf(found.invoice) };
    },

    async cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
      await provider((limits) =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }, limits),
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
        const found = await withinBudget((limits) =>
          stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }, limits),
        );
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

export type PaymentGateway = ReturnType<typeof gatewayOf>;

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
