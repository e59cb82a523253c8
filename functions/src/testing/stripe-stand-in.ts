/**
 * A local stand-in for the few Stripe calls the function makes, and for Stripe's hosted Checkout
 * and Customer Portal pages (like MailDev for SMTP). Local stacks and tests only: never deployed.
 * The function reaches it through the official SDK (`host`/`port`/`protocol`); it answers in the
 * SDK's shapes and sends webhooks signed as Stripe signs them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
// Node runs this file as it is (scripts/local-services.mjs starts the stand-in), so the import
// names its extension.
import {
  chargeObject,
  checkoutObject,
  checkoutPage,
  DECLINES,
  escapeHtml,
  invoiceObject,
  monthsAfter,
  newId,
  page,
  parseForm,
  record,
  strings,
  subscriptionObject,
  SUCCEEDS,
  text,
  type CheckoutRecord,
  type SubscriptionRecord,
} from './stripe-shapes.ts';

export interface StripeStandInOptions {
  host: string;
  /** 0 for any free port. */
  port: number;
  /** Where webhooks go (the function's /api/payments/webhook). */
  webhookUrl: string | (() => string);
  webhookSecret: string;
  /** The stand-in's clock, in Unix seconds (tests move it). */
  now?: () => number;
}

export async function startStripeStandIn(options: StripeStandInOptions) {
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
    const intent =
      outcome === 'paid' && invoice.amount_paid > 0
        ? intentFor(invoice.amount_paid, subscription.last4)
        : null;
    return sendEvent(
      outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed',
      invoiceObject(base, subscription, outcome === 'paid', intent, items, invoice.id),
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

  async function handleApi(
    method: string,
    path: string,
    body: Record<string, unknown>,
    query: Record<string, unknown> = {},
  ) {
    if (method === 'POST' && path === '/v1/customers') {
      return {
        id: newId('cus'),
        object: 'customer',
        email: text(body.email) || null,
        metadata: strings(body.metadata),
      };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const item = record(record(body.line_items)['0']);
      const priceData = record(item.price_data);
      const checkout: CheckoutRecord = {
        id: newId('cs_test'),
        mode: text(body.mode) === 'subscription' ? 'subscription' : 'payment',
        amount: Number(text(priceData.unit_amount)) * Number(text(item.quantity) || '1'),
        currency: text(priceData.currency) || 'gbp',
        productName: text(record(priceData.product_data).name),
        customer: text(body.customer) || null,
        customerEmail: text(body.customer_email) || null,
        metadata: strings(body.metadata),
        subscriptionMetadata: strings(record(body.subscription_data).metadata),
        successUrl: text(body.success_url),
        cancelUrl: text(body.cancel_url),
        status: 'open',
        paymentStatus: 'unpaid',
        paymentIntent: null,
        subscription: null,
      };
      if (!Number.isInteger(checkout.amount) || checkout.amount <= 0) {
        return {
          error: { type: 'invalid_request_error', message: 'Invalid amount.' },
          status: 400,
        };
      }
      checkouts.set(checkout.id, checkout);
      return checkoutObject(base, checkout);
    }
    const session = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(path);
    if (session) {
      const found = checkouts.get(session[1]!);
      if (!found)
        return {
          error: { type: 'invalid_request_error', message: 'No such checkout.session.' },
          status: 404,
        };
      if (method === 'POST' && session[2]) {
        if (found.status !== 'open') {
          return {
            error: {
              type: 'invalid_request_error',
              message: 'Only Checkout Sessions with a status in [open] can be expired.',
            },
            status: 400,
          };
        }
        found.status = 'expired';
      }
      return checkoutObject(base, found);
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const intent = text(query.payment_intent);
      return {
        object: 'list',
        has_more: false,
        url: '/v1/refunds',
        data: refunds.filter((each) => each.payment_intent === intent).reverse(),
      };
    }
    if (method === 'POST' && path === '/v1/invoiceitems') {
      const found = subscriptions.get(text(body.subscription));
      const amount = Number(text(body.amount));
      if (!found || !Number.isInteger(amount)) {
        return {
          error: { type: 'invalid_request_error', message: 'No such subscription.' },
          status: 400,
        };
      }
      const item = { id: newId('ii'), amount, description: text(body.description) };
      found.pendingItems.push(item);
      return {
        id: item.id,
        object: 'invoiceitem',
        amount,
        currency: text(body.currency) || found.currency,
        customer: found.customer,
        description: item.description,
        subscription: found.id,
        invoice: null,
      };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = newId('bps');
      portals.set(id, { returnUrl: text(body.return_url), customer: text(body.customer) });
      return {
        id,
        object: 'billing_portal.session',
        customer: text(body.customer),
        return_url: text(body.return_url),
        url: `${base}/portal/${id}`,
      };
    }
    const subscription = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
    if (subscription) {
      const found = subscriptions.get(subscription[1]!);
      if (!found)
        return {
          error: { type: 'invalid_request_error', message: 'No such subscription.' },
          status: 404,
        };
      if (method === 'POST' && body.cancel_at_period_end !== undefined) {
        found.cancelAtPeriodEnd = text(body.cancel_at_period_end) === 'true';
        sendLater('customer.subscription.updated', () => subscriptionObject(found));
      }
      if (method === 'DELETE' && found.status === 'active') cancelSubscription(found);
      return subscriptionObject(found);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(text(body.payment_intent));
      const amount = Number(text(body.amount)) || (intent ? intent.amount - intent.refunded : 0);
      const refund = refundOf(text(body.payment_intent), amount, strings(body.metadata));
      if (!refund) {
        return {
          error: { type: 'invalid_request_error', message: 'Refund not possible.' },
          status: 400,
        };
      }
      return refund;
    }
    const intent = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (intent && method === 'GET') {
      const found = intents.get(intent[1]!);
      if (!found)
        return {
          error: { type: 'invalid_request_error', message: 'No such payment_intent.' },
          status: 404,
        };
      return {
        id: intent[1],
        object: 'payment_intent',
        amount: found.amount,
        status: 'succeeded',
        latest_charge: {
          id: found.charge,
          object: 'charge',
          payment_method_details: { type: 'card', card: { brand: 'visa', last4: found.last4 } },
        },
      };
    }
    return {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}).`,
      },
      status: 404,
    };
  }

  async function settled() {
    let current: Promise<unknown>;
    do {
      current = later;
      await current;
    } while (current !== later);
  }

  /** While paused, requests are held unanswered (as a stopped process would), served on resume. */
  let paused = false;
  const held: (() => void)[] = [];

  const server = http.createServer((request, response) => {
    if (paused) held.push(() => serve(request, response));
    else serve(request, response);
  });

  function serve(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', base);
        const raw = Buffer.concat(chunks).toString('utf8');
        const method = request.method ?? 'GET';
        if (url.pathname.startsWith('/v1/')) {
          const answer = (await handleApi(
            method,
            url.pathname,
            parseForm(raw),
            parseForm(url.search.slice(1)),
          )) as Record<string, unknown>;
          const status = typeof answer.status === 'number' && answer.error ? answer.status : 200;
          if (answer.error) delete answer.status;
          response.writeHead(status, {
            'content-type': 'application/json',
            'request-id': newId('req'),
          });
          response.end(JSON.stringify(answer));
          return;
        }
        const html = (status: number, body: string) => {
          response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
          response.end(body);
        };
        // The browser tests' way to make the race no expiry closes: a card submitted on a page a
        // moment before it expired (payAnyway below, over HTTP).
        const anyway = /^\/test\/pay-anyway\/([\w]+)$/.exec(url.pathname);
        const late = anyway ? checkouts.get(anyway[1]!) : undefined;
        if (late && method === 'POST') {
          await completeCheckout(late, SUCCEEDS.slice(-4));
          response.writeHead(204).end();
          return;
        }
        const pay = /^\/pay\/([\w]+)$/.exec(url.pathname);
        const checkout = pay ? checkouts.get(pay[1]!) : undefined;
        if (checkout?.status === 'expired') {
          // Shown as Stripe shows it (a page, 200); a card sent to it is refused (410).
          return html(
            method === 'GET' ? 200 : 410,
            page(
              'This payment page has expired – Checkout (local stand-in)',
              `<h1>This payment page has expired</h1><p>Nothing was charged. Go back and choose Pay again.</p><p><a class="button" href="${escapeHtml(checkout.cancelUrl)}">Go back</a></p>`,
            ),
          );
        }
        if (checkout && method === 'GET') {
          if (checkout.status === 'complete') {
            response.writeHead(303, { location: checkout.successUrl }).end();
            return;
          }
          return html(200, checkoutPage(checkout));
        }
        if (checkout && method === 'POST') {
          const form = new URLSearchParams(raw);
          const card = (form.get('card') ?? '').replace(/\D/g, '');
          if (card === DECLINES) {
            return html(200, checkoutPage(checkout, 'Your card was declined. Try another card.'));
          }
          if (card !== SUCCEEDS) {
            return html(
              200,
              checkoutPage(checkout, 'Your card number is incorrect. Use a test card.'),
            );
          }
          if (
            !/^\d{2}\s*\/\s*\d{2}$/.test(form.get('expiry') ?? '') ||
            !/^\d{3,4}$/.test(form.get('cvc') ?? '')
          ) {
            return html(
              200,
              checkoutPage(checkout, 'Enter the expiry as MM / YY and the 3-digit CVC.'),
            );
          }
          await completeCheckout(checkout, card.slice(-4), form.get('delayed') === '1');
          response
            .writeHead(303, {
              location: checkout.successUrl.replace('{CHECKOUT_SESSION_ID}', checkout.id),
            })
            .end();
          return;
        }
        const portal = /^\/portal\/([\w]+)(\/cancel)?$/.exec(url.pathname);
        const session = portal ? portals.get(portal[1]!) : undefined;
        const live = [...subscriptions.values()].filter(
          (each) =>
            each.customer === session?.customer &&
            each.status === 'active' &&
            !each.cancelAtPeriodEnd,
        );
        if (portal && session && portal[2] && method === 'POST') {
          // The Portal cancels at the period's end, as the practice's Portal settings ask.
          for (const subscription of live) {
            subscription.cancelAtPeriodEnd = true;
            await sendEvent('customer.subscription.updated', subscriptionObject(subscription));
          }
          response.writeHead(303, { location: session.returnUrl }).end();
          return;
        }
        if (portal && method === 'GET') {
          const back = session?.returnUrl ?? '/';
          const cancel = live.length
            ? `<form method="post" action="/portal/${escapeHtml(portal[1]!)}/cancel"><button type="submit">Cancel plan</button></form>`
            : '';
          return html(
            200,
            page(
              'Billing – Customer portal (local stand-in)',
              `<h1>Your billing</h1><p>Card on file: Visa ending 4242.</p><p>In Stripe's Customer Portal the client updates the card or cancels here.</p>${cancel}<p><a class="button" href="${escapeHtml(back)}">Return to the site</a></p>`,
            ),
          );
        }
        return html(404, page('Not found', '<h1>Not found</h1>'));
      })().catch((error: unknown) => {
        response.writeHead(500).end(error instanceof Error ? error.message : 'error');
      });
    });
  }
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://${options.host}:${port}`;
  return {
    url: base,
    port,
    /** Pays a Checkout as the hosted page would, with a card's last four digits. */
    pay: async (checkoutUrl: string, card = SUCCEEDS) => {
      const response = await fetch(checkoutUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ card, expiry: '12 / 34', cvc: '123' }).toString(),
        redirect: 'manual',
      });
      return {
        status: response.status,
        location: response.headers.get('location'),
        body: await response.text(),
      };
    },
    /**
     * Pays a Checkout even though it was expired: a card submitted a moment before the expiry
     * (the race no expiry can close; the webhook must refund what then arrives).
     */
    payAnyway: async (checkoutUrl: string) => {
      const id = /\/pay\/([\w]+)$/.exec(checkoutUrl)?.[1] ?? '';
      const checkout = checkouts.get(id);
      if (!checkout) throw new Error(`No checkout ${id}`);
      await completeCheckout(checkout, SUCCEEDS.slice(-4));
      return checkout;
    },
    /** Starts a delayed payment (Bacs Direct Debit): Checkout completes, the money is not in yet. */
    payDelayed: async (checkoutUrl: string) => {
      const id = /\/pay\/([\w]+)$/.exec(checkoutUrl)?.[1] ?? '';
      const checkout = checkouts.get(id);
      if (!checkout) throw new Error(`No checkout ${id}`);
      await completeCheckout(checkout, '1001', true);
      return checkout;
    },
    /** A delayed payment settles (the money arrives) or fails, days later. */
    settleDelayed: async (checkoutId: string, outcome: 'succeeded' | 'failed') => {
      const checkout = checkouts.get(checkoutId);
      if (!checkout) throw new Error(`No checkout ${checkoutId}`);
      checkout.paymentStatus = outcome === 'succeeded' ? 'paid' : 'unpaid';
      return sendEvent(`checkout.session.async_payment_${outcome}`, checkoutObject(base, checkout));
    },
    /** The client cancels in the Customer Portal: the plan ends at the period's end. */
    portalCancel: async (subscriptionId: string) => {
      const found = subscriptions.get(subscriptionId);
      if (!found) throw new Error(`No subscription ${subscriptionId}`);
      found.cancelAtPeriodEnd = true;
      return sendEvent('customer.subscription.updated', subscriptionObject(found));
    },
    /** The period of a subscription set to cancel has ended: Stripe deletes it. */
    endPeriod: async (subscriptionId: string) => {
      const found = subscriptions.get(subscriptionId);
      if (!found) throw new Error(`No subscription ${subscriptionId}`);
      found.status = 'canceled';
      return sendEvent('customer.subscription.deleted', subscriptionObject(found));
    },
    /** Someone refunds in Stripe's Dashboard (no metadata of ours); `charge.refunded` follows. */
    dashboardRefund: async (paymentIntentId: string, amount: number) => {
      const refund = refundOf(paymentIntentId, amount, {});
      if (!refund) throw new Error(`Cannot refund ${amount} of ${paymentIntentId}`);
      await settled();
      return refund;
    },
    /** Waits for the events Stripe sends a moment after answering (see sendLater). */
    settled,
    renew,
    sendEvent,
    checkouts,
    subscriptions,
    refunds,
    delivered,
    /** Holds every request from now on without answering (the equivalent of SIGSTOP). */
    pause: () => {
      paused = true;
    },
    /** Serves the held requests (their callers may have given up) and answers again. */
    resume: () => {
      paused = false;
      for (const next of held.splice(0)) next();
    },
    close: () =>
      new Promise<void>((resolve) => {
        paused = false;
        held.length = 0;
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
