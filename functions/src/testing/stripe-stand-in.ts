/**
 * A local stand-in for the few Stripe calls the function makes, and for Stripe's hosted Checkout
 * and Customer Portal pages (like MailDev for SMTP). Local stacks and tests only: never deployed.
 * The function reaches it through the official SDK (`host`/`port`/`protocol`); it answers in the
 * SDK's shapes (stripe-api.ts) and sends webhooks signed as Stripe signs them (stripe-ledger.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// Node runs these files as they are (scripts/local-services.mjs starts the stand-in), so imports
// name their extension.
import { answerStripeApi } from './stripe-api.ts';
import { serveHostedPage } from './stripe-hosted-pages.ts';
import { createStripeLedger, type StripeLedgerOptions } from './stripe-ledger.ts';
import {
  checkoutObject,
  newId,
  parseForm,
  stripeError,
  subscriptionObject,
  SUCCEEDS,
} from './stripe-shapes.ts';

export interface StripeStandInOptions extends StripeLedgerOptions {
  host: string;
  /** 0 for any free port. */
  port: number;
}

export async function startStripeStandIn(options: StripeStandInOptions) {
  const ledger = createStripeLedger(options);
  const { checkouts, subscriptions, refunds, delivered } = ledger;
  const { sendEvent, refundOf, settled, renew, completeCheckout } = ledger;

  /** While paused, requests are held unanswered (as a stopped process would), served on resume. */
  let paused = false;
  const held: (() => void)[] = [];

  /**
   * Slow answers to one API call (`POST /v1/checkout/sessions`, say): each such request is held
   * unanswered, its retries too, until released, as a Stripe that is slow to answer it would.
   */
  const slow = new Map<string, { held: (() => void)[]; arrived: () => void }>();

  const server = http.createServer((request, response) => {
    const slowed = slow.get(`${request.method ?? 'GET'} ${(request.url ?? '').split('?')[0]}`);
    if (paused) held.push(() => serve(request, response));
    else if (slowed) {
      slowed.held.push(() => serve(request, response));
      slowed.arrived();
    } else serve(request, response);
  });

  /**
   * Stripe keeps the first answer to a POST with an `Idempotency-Key` and gives it again to the
   * same request; the same key with another endpoint or other parameters is refused with a 400
   * `idempotency_error` (https://docs.stripe.com/api/idempotent_requests).
   */
  const idempotent = new Map<string, { request: string; status: number; body: string }>();
  function answerIdempotently(
    request: http.IncomingMessage,
    method: string,
    url: URL,
    raw: string,
  ): { status: number; body: string } {
    const header = request.headers['idempotency-key'];
    const key = method === 'POST' && typeof header === 'string' ? header : undefined;
    const asked = `${method} ${url.pathname} ${raw}`;
    const seen = key ? idempotent.get(key) : undefined;
    if (seen && seen.request !== asked) {
      const refused = stripeError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
      return { status: refused.status, body: JSON.stringify({ error: refused.error }) };
    }
    if (seen) return seen;
    const answer = answerStripeApi(
      ledger,
      method,
      url.pathname,
      parseForm(raw),
      parseForm(url.search.slice(1)),
    ) as Record<string, unknown>;
    const status = typeof answer.status === 'number' && answer.error ? answer.status : 200;
    if (answer.error) delete answer.status;
    const answered = { status, body: JSON.stringify(answer) };
    if (key) idempotent.set(key, { request: asked, ...answered });
    return answered;
  }

  /** API requests still to be dropped unanswered (a connection lost on the way). */
  let dropping = 0;

  function serve(request: http.IncomingMessage, response: http.ServerResponse) {
    if (dropping > 0 && (request.url ?? '').startsWith('/v1/')) {
      dropping -= 1;
      request.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', ledger.base);
        const raw = Buffer.concat(chunks).toString('utf8');
        const method = request.method ?? 'GET';
        if (url.pathname.startsWith('/v1/')) {
          const { status, body } = answerIdempotently(request, method, url, raw);
          response.writeHead(status, {
            'content-type': 'application/json',
            'request-id': newId('req'),
          });
          response.end(body);
          return;
        }
        await serveHostedPage(ledger, method, url, raw, response);
      })().catch((error: unknown) => {
        response.writeHead(500).end(error instanceof Error ? error.message : 'error');
      });
    });
  }
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  ledger.base = `http://${options.host}:${port}`;
  return {
    url: ledger.base,
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
      return sendEvent(
        `checkout.session.async_payment_${outcome}`,
        checkoutObject(ledger.base, checkout),
      );
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
      if ('error' in refund) throw new Error(refund.error.message);
      await settled();
      return refund;
    },
    /** Waits for the events Stripe sends a moment after answering (see sendLater). */
    settled,
    renew,
    collectFailed: ledger.collectFailed,
    sendInvoice: ledger.sendInvoice,
    sendEvent,
    /** Every event sent; `redeliver(id)` sends one again, as Stripe's retry does. */
    sent: ledger.sent,
    redeliver: ledger.redeliver,
    /** Events wait from now on, until `release` delivers them in the order asked. */
    hold: ledger.hold,
    release: ledger.release,
    checkouts,
    subscriptions,
    /** The customers made, with the name and email each has now. */
    customers: ledger.customers,
    /** Stripe's payment intents: what each took and has refunded. */
    intents: ledger.intents,
    /** Every invoice made, with all its lines. */
    invoices: ledger.invoices,
    refunds,
    delivered,
    /**
     * Drops the next `count` API requests unanswered, as a lost connection does (the SDK tries a
     * call twice: 2 make one call fail). Stripe never saw them: nothing is kept for their keys.
     */
    dropNext: (count: number) => {
      dropping = count;
    },
    /**
     * Slows one API call down (`POST /v1/checkout/sessions`): its requests wait unanswered from
     * now on. `arrived` resolves once the first has come; `release` answers them and ends it.
     */
    slowDown: (call: string) => {
      let arrived = () => {};
      const first = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const entry = { held: [] as (() => void)[], arrived };
      slow.set(call, entry);
      return {
        arrived: first,
        release: () => {
          slow.delete(call);
          for (const next of entry.held.splice(0)) next();
        },
      };
    },
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
        slow.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
