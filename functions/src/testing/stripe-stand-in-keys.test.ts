import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../payments/gateway';
import { localEnv } from './local-env';
import { checkStripeShapes, type SentObject } from './stripe-openapi-check';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

// The stand-in keeps an idempotency key no longer than Stripe promises to (24 hours, by its own
// clock: https://docs.stripe.com/api/idempotent_requests), and lists a customer's invoice items,
// pending or already on an invoice, as Stripe does (https://docs.stripe.com/api/invoiceitems/list), each answer checked
// against Stripe's OpenAPI description (stripe-openapi-check.ts).

const DAY = 24 * 60 * 60;
let clock = Math.floor(new Date('2027-04-02T09:00:00Z').getTime() / 1000);
let standIn: StripeStandIn;
let hook: http.Server;
const seen: SentObject[] = [];
const kept = <T>(type: string, json: T): T => {
  seen.push({ type, json: JSON.parse(JSON.stringify(json)) as unknown });
  return json;
};

beforeAll(async () => {
  // The invoice's events are taken and dropped: only the items are looked at here.
  hook = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200).end('{}'));
  });
  await new Promise<void>((resolve) => hook.listen(0, localEnv.host(), resolve));
  const { port } = hook.address() as AddressInfo;
  standIn = await startStripeStandIn({
    host: localEnv.host(),
    port: 0,
    webhookUrl: `http://${localEnv.host()}:${port}/`,
    webhookSecret: 'whsec_stand_in_keys',
    now: () => clock,
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

/** A subscription of a customer, put straight into the stand-in's books. */
function subscriptionOf(customer: string) {
  const id = `sub_keys_${customer}`;
  standIn.subscriptions.set(id, {
    id,
    customer,
    amount: 24000,
    currency: 'gbp',
    metadata: {},
    anchor: clock,
    periodStart: clock,
    periodEnd: clock + 30 * DAY,
    cancelAtPeriodEnd: false,
    status: 'active',
    last4: '4242',
    pendingItems: [],
    invoicedItems: [],
  });
  return id;
}

describe('the Stripe stand-in’s keys and invoice items', () => {
  it('keeps a key for less than 24 hours: the same answer, then a new object after a day', async () => {
    const stripe = client();
    const ask = (name: string) =>
      stripe.customers.create({ name }, { idempotencyKey: 'customer:keys' });
    const first = kept('Customer', await ask('Ada'));
    clock += DAY - 1;
    expect((await ask('Ada')).id).toBe(first.id);
    await expect(ask('Bea')).rejects.toMatchObject({ rawType: 'idempotency_error' });
    clock += 1;
    const again = kept('Customer', await ask('Bea'));
    expect(again.id).not.toBe(first.id);
  });

  it('lists a customer’s pending invoice items, newest first, with their metadata, page by page', async () => {
    const stripe = client();
    const subscription = subscriptionOf('cus_keys_one');
    const other = subscriptionOf('cus_keys_two');
    const credit = (sub: string, customer: string, bookingId: string) =>
      stripe.invoiceItems.create({
        customer,
        subscription: sub,
        amount: -6000,
        currency: 'gbp',
        description: 'Cancelled session',
        metadata: { bookingId },
      });
    const made = [];
    for (const bookingId of ['b1', 'b2', 'b3']) {
      made.push(kept('InvoiceItem', await credit(subscription, 'cus_keys_one', bookingId)));
      clock += 60;
    }
    await credit(other, 'cus_keys_two', 'b4');
    const page = kept(
      'ApiList<InvoiceItem>',
      await stripe.invoiceItems.list({ customer: 'cus_keys_one', pending: true, limit: 2 }),
    );
    expect(page.data.map((each) => each.metadata?.bookingId)).toEqual(['b3', 'b2']);
    expect(page.has_more).toBe(true);
    const all = await stripe.invoiceItems
      .list({ customer: 'cus_keys_one', pending: true, limit: 2 })
      .autoPagingToArray({ limit: 10 });
    expect(all.map((each) => each.id)).toEqual(made.map((each) => each.id).reverse());
    // Once its invoice takes them they are pending no more.
    expect(await standIn.renew(subscription, 'paid')).toBe(200);
    const after = await stripe.invoiceItems.list({ customer: 'cus_keys_one', pending: true });
    expect(after.data).toEqual([]);
    // But they are still listed without the filter, or with pending=false, naming that invoice.
    const invoiced = kept(
      'ApiList<InvoiceItem>',
      await stripe.invoiceItems.list({ customer: 'cus_keys_one' }),
    );
    expect(invoiced.data.map((each) => each.metadata?.bookingId)).toEqual(['b3', 'b2', 'b1']);
    const invoiceId = invoiced.data[0]?.invoice;
    expect(invoiceId).toMatch(/^in_/);
    expect(invoiced.data.every((each) => each.invoice === invoiceId)).toBe(true);
    const onIt = await stripe.invoiceItems.list({ invoice: String(invoiceId) });
    expect(onIt.data).toHaveLength(3);
    const notPending = await stripe.invoiceItems.list({ customer: 'cus_keys_one', pending: false });
    expect(notPending.data).toHaveLength(3);
    // The other customer's item is still pending, and only that.
    const others = await stripe.invoiceItems.list({ customer: 'cus_keys_two', pending: false });
    expect(others.data).toEqual([]);
  });

  it('every object it answered has the shape Stripe’s OpenAPI description gives it', () => {
    expect(seen.length).toBeGreaterThan(3);
    expect(checkStripeShapes(seen)).toEqual([]);
  });
});
