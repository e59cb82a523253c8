import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../payments/gateway';
import { localEnv } from './local-env';
import { checkStripeShapes, type SentObject } from './stripe-openapi-check';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

// The stand-in is no more lenient than Stripe: each refusal below is the one Stripe's API
// reference gives (status, type, code), includable fields are left out unless asked for, an
// invoice's lines come in no promised order, and every object it answers or sends is checked
// against the shapes of Stripe's OpenAPI description (stripe-openapi-check.ts).

const WEBHOOK_SECRET = 'whsec_stand_in_tests';
let standIn: StripeStandIn;
let hook: http.Server;
const events: Stripe.Event[] = [];
/** Every object answered or sent, with the type Stripe's description gives it. */
const seen: SentObject[] = [];

beforeAll(async () => {
  hook = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Stripe.Event;
      events.push(event);
      seen.push({ type: 'Event', json: event });
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, localEnv.host(), resolve));
  const { port } = hook.address() as AddressInfo;
  standIn = await startStripeStandIn({
    host: localEnv.host(),
    port: 0,
    webhookUrl: `http://${localEnv.host()}:${port}/`,
    webhookSecret: WEBHOOK_SECRET,
  });
});

afterAll(async () => {
  await standIn.close();
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});

const client = () => {
  const url = new URL(standIn.url);
  return new Stripe('sk_test_stand_in', {
    apiVersion: STRIPE_API_VERSION,
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
};

/** Stripe's error as the SDK raises it: status, type and code. */
async function refusal(call: () => Promise<unknown>) {
  try {
    await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    return {
      status: error.statusCode,
      type: error.rawType,
      code: error.code ?? null,
      param: error.param ?? null,
    };
  }
  throw new Error('Stripe answered instead of refusing');
}

const kept = <T>(type: string, json: T): T => {
  seen.push({ type, json: JSON.parse(JSON.stringify(json)) as unknown });
  return json;
};

async function paidCheckout(stripe: Stripe, mode: 'payment' | 'subscription', amount: number) {
  const made = kept('Customer', await stripe.customers.create({ metadata: { clientUid: 'u1' } }));
  // https://docs.stripe.com/api/customers/update: what is sent changes, the rest stays.
  const customer = kept(
    'Customer',
    await stripe.customers.update(made.id, { email: 'ada@example.test', name: 'Ada' }),
  );
  expect(customer).toMatchObject({ email: 'ada@example.test', metadata: { clientUid: 'u1' } });
  const session = kept(
    'Checkout.Session',
    await stripe.checkout.sessions.create({
      mode,
      customer: customer.id,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'gbp',
            unit_amount: amount,
            ...(mode === 'subscription' && { recurring: { interval: 'month' as const } }),
            product_data: { name: 'Counselling' },
          },
        },
      ],
      metadata: { seriesId: 's' },
      ...(mode === 'subscription' && { subscription_data: { metadata: { seriesId: 's' } } }),
      success_url: 'http://site.test/ok',
      cancel_url: 'http://site.test/back',
    }),
  );
  expect((await standIn.pay(session.url ?? '')).status).toBe(303);
  await standIn.settled();
  return kept('Checkout.Session', await stripe.checkout.sessions.retrieve(session.id));
}

describe('the Stripe stand-in answers as Stripe does', () => {
  it('an unknown id: 404 invalid_request_error resource_missing', async () => {
    const stripe = client();
    for (const call of [
      () => stripe.subscriptions.retrieve('sub_unknown'),
      () => stripe.subscriptions.cancel('sub_unknown'),
      () => stripe.paymentIntents.retrieve('pi_unknown'),
      () => stripe.checkout.sessions.retrieve('cs_test_unknown'),
      () => stripe.customers.update('cus_unknown', { name: 'Ada' }),
    ])
      expect(await refusal(call)).toMatchObject({
        status: 404,
        type: 'invalid_request_error',
        code: 'resource_missing',
      });
    expect(
      await refusal(() => stripe.refunds.create({ payment_intent: 'pi_unknown', amount: 100 })),
    ).toEqual({
      status: 404,
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'payment_intent',
    });
  });

  it('refunding more than is left: 400 on amount; a charge refunded in full: charge_already_refunded', async () => {
    const stripe = client();
    const session = await paidCheckout(stripe, 'payment', 6000);
    const intent = String(session.payment_intent);
    kept('Refund', await stripe.refunds.create({ payment_intent: intent, amount: 2000 }));
    expect(
      await refusal(() => stripe.refunds.create({ payment_intent: intent, amount: 4001 })),
    ).toEqual({ status: 400, type: 'invalid_request_error', code: null, param: 'amount' });
    kept('Refund', await stripe.refunds.create({ payment_intent: intent }));
    expect(
      await refusal(() => stripe.refunds.create({ payment_intent: intent, amount: 1 })),
    ).toEqual({
      status: 400,
      type: 'invalid_request_error',
      code: 'charge_already_refunded',
      param: null,
    });
    const listed = kept('ApiList<Refund>', await stripe.refunds.list({ payment_intent: intent }));
    expect(listed.data.map((each) => each.amount)).toEqual([4000, 2000]);
    await standIn.settled();
    const charge = events.filter((each) => each.type === 'charge.refunded').at(-1);
    expect(charge?.data.object).toMatchObject({ amount_refunded: 6000, refunded: true });
  });

  it('an idempotency key again: the same answer for the same parameters, idempotency_error for others', async () => {
    const stripe = client();
    const session = await paidCheckout(stripe, 'payment', 6000);
    const intent = String(session.payment_intent);
    const ask = (amount: number, refundId: string) =>
      stripe.refunds.create(
        { payment_intent: intent, amount, metadata: { refundId } },
        { idempotencyKey: 'refund:one' },
      );
    const first = await ask(1000, 'one');
    expect((await ask(1000, 'one')).id).toBe(first.id);
    expect(await refusal(() => ask(1000, 'another'))).toEqual({
      status: 400,
      type: 'idempotency_error',
      code: null,
      param: null,
    });
    expect(standIn.refunds.filter((each) => each.payment_intent === intent)).toHaveLength(1);
  });

  it('cancelling a cancelled subscription answers as an unknown id; it is still there, cancelled', async () => {
    const stripe = client();
    const session = await paidCheckout(stripe, 'subscription', 24000);
    const id = String(session.subscription);
    kept('Subscription', await stripe.subscriptions.cancel(id));
    expect(await refusal(() => stripe.subscriptions.cancel(id))).toEqual({
      status: 404,
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'id',
    });
    expect(
      await refusal(() => stripe.subscriptions.update(id, { cancel_at_period_end: true })),
    ).toMatchObject({ status: 400, type: 'invalid_request_error' });
    expect(kept('Subscription', await stripe.subscriptions.retrieve(id)).status).toBe('canceled');
    await standIn.settled();
    expect(events.map((each) => each.type)).toContain('customer.subscription.deleted');
  });

  it('an invoice is sent without its includable payments, with its first line only (its credit’s); its lines and payment are listed', async () => {
    const stripe = client();
    const session = await paidCheckout(stripe, 'subscription', 24000);
    const subscription = String(session.subscription);
    kept(
      'InvoiceItem',
      await stripe.invoiceItems.create({
        customer: String(session.customer),
        subscription,
        amount: -6000,
        currency: 'gbp',
        description: 'Cancelled session',
      }),
    );
    expect(await standIn.renew(subscription, 'paid')).toBe(200);
    const invoices = events
      .filter((each) => each.type === 'invoice.paid')
      .map((each) => each.data.object as Stripe.Invoice);
    const renewal = invoices.at(-1);
    if (!renewal?.id) throw new Error('no invoice');
    for (const invoice of invoices) expect(invoice).not.toHaveProperty('payments');
    // The first handful of its lines: here one, the credit's, and `has_more`.
    expect(renewal.lines.data.map((line) => line.parent?.type)).toEqual(['invoice_item_details']);
    expect(renewal.lines.has_more).toBe(true);
    const lines = kept('ApiList<InvoiceLineItem>', await stripe.invoices.listLineItems(renewal.id));
    expect(lines.data.map((line) => line.parent?.type)).toEqual([
      'invoice_item_details',
      'subscription_item_details',
    ]);
    expect(lines.has_more).toBe(false);
    const [first, second] = lines.data;
    const paged = await stripe.invoices.listLineItems(renewal.id, { limit: 1 });
    expect([paged.data[0]?.id, paged.has_more]).toEqual([first?.id, true]);
    const next = await stripe.invoices.listLineItems(renewal.id, {
      limit: 1,
      starting_after: first?.id,
    });
    expect([next.data[0]?.id, next.has_more]).toEqual([second?.id, false]);
    expect(await refusal(() => stripe.invoices.listLineItems('in_unknown'))).toMatchObject({
      status: 404,
      type: 'invalid_request_error',
      code: 'resource_missing',
    });
    const payments = kept(
      'ApiList<InvoicePayment>',
      await stripe.invoicePayments.list({ invoice: renewal.id, status: 'paid' }),
    );
    expect(payments.data).toHaveLength(1);
    const intent = String(payments.data[0]?.payment.payment_intent);
    expect(kept('PaymentIntent', await stripe.paymentIntents.retrieve(intent)).amount).toBe(18000);
    // An expandable field is an id unless expanded.
    const plain = await stripe.paymentIntents.retrieve(intent);
    expect(typeof plain.latest_charge).toBe('string');
    const expanded = kept(
      'PaymentIntent',
      await stripe.paymentIntents.retrieve(intent, { expand: ['latest_charge'] }),
    );
    expect(expanded.latest_charge).toMatchObject({ object: 'charge' });
  });

  it('expires a Checkout once; opens the Customer Portal', async () => {
    const stripe = client();
    const session = kept(
      'Checkout.Session',
      await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'gbp', unit_amount: 6000, product_data: { name: 'x' } },
          },
        ],
        success_url: 'http://site.test/ok',
        cancel_url: 'http://site.test/back',
      }),
    );
    kept('Checkout.Session', await stripe.checkout.sessions.expire(session.id));
    expect(await refusal(() => stripe.checkout.sessions.expire(session.id))).toMatchObject({
      status: 400,
      type: 'invalid_request_error',
    });
    kept(
      'BillingPortal.Session',
      await stripe.billingPortal.sessions.create({
        customer: 'cus_x',
        return_url: 'http://site.test/account/billing',
      }),
    );
  });

  it('every object it answered or sent has the shape Stripe’s OpenAPI description gives it', () => {
    expect(seen.length).toBeGreaterThan(20);
    expect(checkStripeShapes(seen)).toEqual([]);
  });
});
