import Stripe from 'stripe';
import { feePerSessionPence, monthlyPricePence } from '../../../shared/money';
import type { Database } from '../platform/database/database';
import { loadServices } from '../platform/services';
import type { MailMessage } from '../platform/mail/transport';
import type { Mailer } from '../platform/mail/transport';
import { createAccount, type TestAccount } from '../testing/accounts';
import { API_TESTS_LINK_SECRET, call, startApiServer } from '../testing/api-server';
import { DATABASE_KINDS, emptyTables, freshDatabase } from '../testing/databases';
import { localEnv } from '../testing/local-env';
import { startStripeStandIn, type StripeStandIn } from '../testing/stripe-stand-in';
import { signedQuery } from './receipts/signed-links';

const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const DAY = 86_400_000;
// A monthly plan's periods are calendar months from its first payment (as Stripe bills them).
const APRIL = new Date('2027-04-01T09:00:00Z');
const MAY = new Date('2027-05-01T09:00:00Z');
const JUNE = new Date('2027-06-01T09:00:00Z');
const SECRET = 'whsec_api_tests_signing_secret';
const services = loadServices();
const individual = services.find((each) => each.id === 1);
if (!individual) throw new Error('service 1 is missing');
const FEE = feePerSessionPence(individual);
const MONTHLY = monthlyPricePence(individual);

let client: TestAccount;
let other: TestAccount;
let practitioner: TestAccount;
let unverified: TestAccount;
const racers: TestAccount[] = [];

beforeAll(async () => {
  [client, other, practitioner, unverified] = await Promise.all([
    createAccount({ name: 'Ada Client' }),
    createAccount({ name: 'Ben Client' }),
    createAccount({ practitioner: true }),
    createAccount({ verified: false }),
  ]);
  racers.push(...(await Promise.all(Array.from({ length: 20 }, () => createAccount()))));
});

describe.each(DATABASE_KINDS)('payments on %s', (kind) => {
  let db: Database;
  let clock: Date;
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      sent.push(message);
    },
  };
  let api: Awaited<ReturnType<typeof startApiServer>>;
  let stripe: StripeStandIn;
  const request = (method: string, path: string, who?: TestAccount, body?: unknown) =>
    call(api.url, method, path, { ...(who && { token: who.idToken }), body });
  const mailTo = async (to: string, subject: RegExp) => {
    await api.deliveryIdle();
    const found = sent.filter((message) => message.to === to && subject.test(message.subject));
    expect(found.length, `an email to ${to} matching ${subject}`).toBeGreaterThan(0);
    return found.at(-1) as MailMessage;
  };
  const count = async (table: 'payments' | 'payment_events' | 'payment_refunds') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A one-off session of service 1, confirmed by the practitioner, `daysAhead` from now. */
  async function confirmedSession(who: TestAccount, daysAhead = 3, hour = 10) {
    const start = new Date(NOW.getTime() + daysAhead * DAY);
    start.setUTCHours(hour, 0, 0, 0);
    const made = await request('POST', '/bookings', who, {
      serviceId: 1,
      start: start.toISOString(),
    });
    expect(made.status).toBe(201);
    expect((await request('POST', `/bookings/${made.json.id}/confirm`, practitioner)).status).toBe(
      200,
    );
    return made.json.id as string;
  }

  async function confirmedSeries(who: TestAccount) {
    const made = await request('POST', '/series', who, {
      serviceId: 1,
      start: '2027-03-16T18:00:00Z',
    });
    expect(made.status).toBe(201);
    expect((await request('POST', `/series/${made.json.id}/confirm`, practitioner)).status).toBe(
      200,
    );
    return made.json.id as string;
  }

  async function payOneOff(who: TestAccount, bookingId: string, card = '4242424242424242') {
    const checkout = await request('POST', '/payments/checkout', who, { bookingId, amount: 1 });
    expect(checkout.status).toBe(201);
    return stripe.pay(checkout.json.url, card);
  }

  beforeAll(async () => {
    db = await freshDatabase(kind);
    stripe = await startStripeStandIn({
      host: localEnv.host(),
      port: 0,
      webhookUrl: () => `${api.url}/payments/webhook`,
      webhookSecret: SECRET,
      now: () => Math.floor(clock.getTime() / 1000),
    });
    api = await startApiServer({
      db,
      now: () => clock,
      smtpUrl: localEnv.smtpUrl(),
      mailer,
      stripe: { apiUrl: stripe.url, webhookSecret: SECRET },
    });
  });
  afterAll(async () => {
    await api.deliveryIdle();
    await api.close();
    await stripe.close();
    await db.destroy();
  });
  beforeEach(async () => {
    // The last test's webhooks and emails finish before the tables are emptied: a webhook still
    // writing while they are truncated deadlocked once (PostgreSQL).
    await stripe.settled();
    await api.deliveryIdle();
    await emptyTables(db);
    clock = NOW;
    sent.length = 0;
    stripe.refunds.length = 0;
  });

  it('a one-off session: Checkout at the server fee (a body amount is ignored), receipt, email, PDF', async () => {
    const bookingId = await confirmedSession(client);
    const before = (await request('GET', '/bookings', client)).json.bookings[0];
    expect(before.payment).toEqual({ status: 'unpaid', amount: FEE });
    const checkout = await request('POST', '/payments/checkout', client, { bookingId, amount: 1 });
    expect(checkout.status).toBe(201);
    expect(checkout.json.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_test_/);
    const opened = [...stripe.checkouts.values()].at(-1);
    expect(opened?.amount).toBe(FEE);
    // The return from Checkout marks nothing paid by itself: only the webhook does.
    expect((await request('GET', '/payments', client)).json.payments).toEqual([]);
    const paid = await stripe.pay(checkout.json.url);
    expect(paid.status).toBe(303);
    expect(paid.location).toMatch(/^http:\/\/site\.test\/account\/billing\?paid=cs_test_/);
    const mine = await request('GET', '/payments', client);
    expect(mine.json.payments).toEqual([
      expect.objectContaining({
        amount: FEE,
        currency: 'GBP',
        status: 'paid',
        receiptNumber: 'MP-2027-0001',
        sessions: [expect.objectContaining({ bookingId })],
        refunded: 0,
      }),
    ]);
    expect((await request('GET', '/bookings', client)).json.bookings[0].payment).toEqual({
      status: 'paid',
    });
    const email = await mailTo(client.email, /^Receipt MP-2027-0001/);
    const id = mine.json.payments[0].id as string;
    expect(email.text).toContain(`http://site.test/account/billing/receipts/${id}`);
    expect(email.text).toMatch(
      new RegExp(`/api/payments/${id}/signed-receipt\\.pdf\\?expires=\\d+&signature=[0-9a-f]{64}`),
    );
    const receipt = await request('GET', `/payments/${id}`, client);
    expect(receipt.status).toBe(200);
    expect(receipt.json).toMatchObject({
      number: 'MP-2027-0001',
      practitioner: { membershipNumber: '387204' },
      total: FEE,
      feePerSession: FEE,
      card: { brand: 'visa', last4: '4242' },
      sessions: [expect.objectContaining({ bookingId, minutes: 50, time: '10:00' })],
    });
    expect(receipt.json.vatSentence).toBe(
      'Mindful Path Counselling is not registered for VAT: no VAT is charged.',
    );
    const pdf = await fetch(`${api.url}/payments/${id}/receipt.pdf`, {
      headers: { authorization: `Bearer ${client.idToken}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // Someone else's receipt is not there for them; the practitioner may read it.
    expect((await request('GET', `/payments/${id}`, other)).status).toBe(404);
    expect((await request('GET', `/practice/payments/${id}`, practitioner)).status).toBe(200);
    // Paid already: a second Checkout is refused.
    expect((await request('POST', '/payments/checkout', client, { bookingId })).status).toBe(409);
  });

  it('a stalled card payment service: Checkout answers a problem within 15 s, not a hang', async () => {
    const bookingId = await confirmedSession(client);
    stripe.pause();
    try {
      const started = performance.now();
      const answer = await fetch(`${api.url}/payments/checkout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${client.idToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ bookingId }),
        signal: AbortSignal.timeout(20_000),
      });
      const elapsed = performance.now() - started;
      const problem = (await answer.json()) as { detail?: string };
      console.info(`Checkout with the card service stalled answered in ${Math.round(elapsed)} ms`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('content-type')).toMatch(/problem\+json/);
      expect(problem.detail).toBe(
        'The card payment service did not answer; nothing was charged. Try again in a minute.',
      );
      expect(elapsed).toBeLessThan(15_000);
    } finally {
      stripe.resume();
    }
    expect((await request('GET', '/payments', client)).json.payments).toEqual([]);
  });

  it('a declined card pays nothing', async () => {
    const bookingId = await confirmedSession(client);
    const declined = await payOneOff(client, bookingId, '4000000000000002');
    expect(declined.status).toBe(200);
    expect(declined.body).toContain('Your card was declined.');
    expect((await request('GET', '/payments', client)).json.payments).toEqual([]);
  });

  it('refuses what cannot be paid: free, not confirmed, not yours, not verified, hostile bodies', async () => {
    const requested = await request('POST', '/bookings', client, {
      serviceId: 1,
      start: '2027-03-05T10:00:00Z',
    });
    const check = (who: TestAccount | undefined, body: unknown) =>
      request('POST', '/payments/checkout', who, body);
    expect((await check(client, { bookingId: requested.json.id })).status).toBe(422);
    const free = await request('POST', '/bookings', client, {
      serviceId: 1000,
      start: '2027-03-05T14:00:00Z',
      phone: '07400 123456',
    });
    await request('POST', `/bookings/${free.json.id}/confirm`, practitioner);
    expect((await check(client, { bookingId: free.json.id })).status).toBe(422);
    const mine = await confirmedSession(client, 4, 15);
    expect((await check(other, { bookingId: mine })).status).toBe(403);
    expect((await check(undefined, { bookingId: mine })).status).toBe(401);
    expect((await check(unverified, { bookingId: mine })).status).toBe(403);
    for (const body of [null, [], 'x', { bookingId: 5 }, { bookingId: 'x'.repeat(500) }, {}]) {
      const answer = await check(client, body);
      expect([400, 404]).toContain(answer.status);
      expect(answer.contentType).toMatch(/problem\+json/);
    }
    expect((await check(client, { bookingId: 'not-a-uuid' })).status).toBe(404);
    expect((await request('POST', '/payments/portal', undefined)).status).toBe(401);
    expect((await request('GET', '/payments', undefined)).status).toBe(401);
    expect((await request('GET', '/practice/payments', client)).status).toBe(403);
    expect((await request('GET', '/practice/payments?month=2027-13', practitioner)).status).toBe(
      400,
    );
    expect((await request('POST', '/practice/payments/x/refund', client, {})).status).toBe(403);
    expect(
      (await request('POST', '/practice/payments/x/refund', practitioner, { amount: -5 })).status,
    ).toBe(400);
    expect((await request('GET', '/payments/nothing-here', client)).status).toBe(404);
    const portal = await request('POST', '/payments/portal', client);
    expect(portal.status).toBe(201);
    expect(portal.json.url).toMatch(/\/portal\/bps_/);
  });

  it('a webhook with a bad or missing signature is refused and changes nothing', async () => {
    const bookingId = await confirmedSession(client);
    await request('POST', '/payments/checkout', client, { bookingId });
    const session = [...stripe.checkouts.values()].at(-1);
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(clock.getTime() / 1000),
      data: { object: { id: session?.id, mode: 'payment', payment_status: 'paid' } },
    });
    const forged = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_not_ours',
    });
    const webhook = (headers: Record<string, string>) =>
      fetch(`${api.url}/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: payload,
      });
    expect((await webhook({ 'stripe-signature': forged })).status).toBe(400);
    expect((await webhook({})).status).toBe(400);
    expect((await webhook({ 'stripe-signature': 'garbage' })).status).toBe(400);
    expect(await count('payment_events')).toBe(0);
    expect((await request('GET', '/payments', client)).json.payments).toEqual([]);
  });

  it('the same event twice changes things once', async () => {
    const bookingId = await confirmedSession(client);
    await request('POST', '/payments/checkout', client, { bookingId });
    const session = [...stripe.checkouts.values()].at(-1);
    if (!session) throw new Error('no checkout');
    const event = {
      id: 'evt_once',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(clock.getTime() / 1000),
      data: {
        object: {
          id: session.id,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
        },
      },
    };
    const payload = JSON.stringify(event);
    const send = () =>
      fetch(`${api.url}/payments/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': new Stripe('sk_test_x').webhooks.generateTestHeaderString({
            payload,
            secret: SECRET,
          }),
        },
        body: payload,
      });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    await api.deliveryIdle();
    expect(sent.filter((message) => /^Receipt/.test(message.subject))).toHaveLength(1);
    expect(await count('payment_events')).toBe(1);
    const payments = (await request('GET', '/payments', client)).json.payments;
    expect(payments).toHaveLength(1);
    expect(payments[0].receiptNumber).toBe('MP-2027-0001');
  });

  it('a series: monthly subscription, renewal, failed renewal due with an email, out of order, end cancels at period end', async () => {
    const seriesId = await confirmedSeries(client);
    const listed = (await request('GET', '/series', client)).json.series[0];
    expect(listed.payment).toEqual({ status: 'unpaid', amount: MONTHLY });
    const checkout = await request('POST', '/payments/checkout', client, { seriesId, amount: 5 });
    expect(checkout.status).toBe(201);
    expect([...stripe.checkouts.values()].at(-1)).toMatchObject({
      mode: 'subscription',
      amount: MONTHLY,
    });
    await stripe.pay(checkout.json.url);
    const first = await request('GET', '/payments', client);
    const paidUntil = APRIL.toISOString();
    expect(first.json.plans).toEqual([
      expect.objectContaining({ seriesId, status: 'paid', paidUntil }),
    ]);
    expect(first.json.payments).toEqual([
      expect.objectContaining({ amount: MONTHLY, status: 'paid', receiptNumber: 'MP-2027-0001' }),
    ]);
    expect(first.json.payments[0].sessions.length).toBeGreaterThan(0);
    expect((await request('GET', '/series', client)).json.series[0].payment).toEqual({
      status: 'paid',
      paidUntil,
    });
    await mailTo(client.email, /^Receipt MP-2027-0001/);
    expect((await request('POST', '/payments/checkout', client, { seriesId })).status).toBe(409);

    const subscription = [...stripe.subscriptions.values()].at(-1);
    if (!subscription) throw new Error('no subscription');
    // Renewal: paid to the next period's end.
    clock = APRIL;
    expect(await stripe.renew(subscription.id, 'paid')).toBe(200);
    const renewed = (await request('GET', '/payments', client)).json;
    expect(renewed.plans[0]).toMatchObject({
      status: 'paid',
      paidUntil: MAY.toISOString(),
    });
    expect(
      renewed.payments.map((each: { receiptNumber: string }) => each.receiptNumber).sort(),
    ).toEqual(['MP-2027-0001', 'MP-2027-0002']);
    // The next renewal fails: due, to both sides, and the client is emailed a link to pay.
    clock = MAY;
    sent.length = 0;
    expect(await stripe.renew(subscription.id, 'failed')).toBe(200);
    expect((await request('GET', '/payments', client)).json.plans[0].status).toBe('due');
    const due = await mailTo(client.email, /^Payment due/);
    expect(due.text).toContain('http://site.test/account/billing');
    const month = await request('GET', '/practice/payments?month=2027-03', practitioner);
    expect(month.status).toBe(200);
    // The first month in March, the renewal on 1 April.
    expect(month.json.payments).toHaveLength(1);
    const april = await request('GET', '/practice/payments?month=2027-04', practitioner);
    expect(april.json.payments).toHaveLength(1);
    const may = await request('GET', '/practice/payments?month=2027-05', practitioner);
    expect(may.json.due).toEqual([
      expect.objectContaining({ seriesId, status: 'due', amount: MONTHLY }),
    ]);
    // Out of order: an older failure arriving after a later payment leaves the plan paid.
    await stripe.sendEvent('invoice.paid', {
      id: 'in_out_of_order_paid',
      object: 'invoice',
      currency: 'gbp',
      amount_paid: MONTHLY,
      amount_due: MONTHLY,
      period_start: Math.floor(MAY.getTime() / 1000),
      period_end: Math.floor(JUNE.getTime() / 1000),
      lines: {
        data: [
          {
            period: {
              start: Math.floor(MAY.getTime() / 1000),
              end: Math.floor(JUNE.getTime() / 1000),
            },
          },
        ],
      },
      parent: { subscription_details: { subscription: subscription.id, metadata: { seriesId } } },
      payments: { data: [] },
    });
    await stripe.sendEvent('invoice.payment_failed', {
      id: 'in_out_of_order_paid',
      object: 'invoice',
      currency: 'gbp',
      amount_paid: 0,
      amount_due: MONTHLY,
      period_start: Math.floor(MAY.getTime() / 1000),
      period_end: Math.floor(JUNE.getTime() / 1000),
      lines: {
        data: [
          {
            period: {
              start: Math.floor(MAY.getTime() / 1000),
              end: Math.floor(JUNE.getTime() / 1000),
            },
          },
        ],
      },
      parent: { subscription_details: { subscription: subscription.id, metadata: { seriesId } } },
      payments: { data: [] },
    });
    expect((await request('GET', '/payments', client)).json.plans[0]).toMatchObject({
      status: 'paid',
      paidUntil: JUNE.toISOString(),
    });
  });

  it('an unpaid series is owed only in the months it has sessions, not in a month before it began', async () => {
    const seriesId = await confirmedSeries(client); // weekly from 16 March 2027
    const owedIn = async (month: string) =>
      (await request('GET', `/practice/payments?month=${month}`, practitioner)).json.due;
    expect(await owedIn('2027-03')).toEqual([
      expect.objectContaining({ seriesId, status: 'unpaid', amount: MONTHLY }),
    ]);
    expect(await owedIn('2027-04')).toEqual([expect.objectContaining({ seriesId })]);
    expect(await owedIn('2027-02')).toEqual([]);
    expect(await owedIn('2026-01')).toEqual([]);
  });

  it('20 payments at once get receipt numbers with no gap and no repeat', async () => {
    const urls: string[] = [];
    for (const [index, racer] of racers.entries()) {
      const bookingId = await confirmedSession(racer, 3 + Math.floor(index / 8), 8 + (index % 8));
      const checkout = await request('POST', '/payments/checkout', racer, { bookingId });
      expect(checkout.status).toBe(201);
      urls.push(checkout.json.url);
    }
    const results = await Promise.all(urls.map((url) => stripe.pay(url)));
    expect(results.every((each) => each.status === 303)).toBe(true);
    const rows = await db
      .selectFrom('payments')
      .select(['receipt_sequence'])
      .where('status', '=', 'paid')
      .execute();
    expect(rows.map((row) => row.receipt_sequence).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('the practitioner refunds by hand up to what was paid, each with a credit note', async () => {
    const bookingId = await confirmedSession(client);
    await payOneOff(client, bookingId);
    const id = (await request('GET', '/payments', client)).json.payments[0].id as string;
    const tooMuch = await request('POST', `/practice/payments/${id}/refund`, practitioner, {
      amount: FEE + 1,
    });
    expect(tooMuch.status).toBe(422);
    const part = await request('POST', `/practice/payments/${id}/refund`, practitioner, {
      amount: 1000,
    });
    expect(part.status).toBe(201);
    expect(part.json).toMatchObject({ creditNoteNumber: 'MP-CN-2027-0001', amount: 1000 });
    const rest = await request('POST', `/practice/payments/${id}/refund`, practitioner, {});
    expect(rest.json).toMatchObject({ creditNoteNumber: 'MP-CN-2027-0002', amount: FEE - 1000 });
    expect(
      (await request('POST', `/practice/payments/${id}/refund`, practitioner, {})).status,
    ).toBe(409);
    expect(stripe.refunds.map((refund) => refund.amount)).toEqual([1000, FEE - 1000]);
    const mine = (await request('GET', '/payments', client)).json.payments[0];
    expect(mine).toMatchObject({ status: 'refunded', refunded: FEE });
    expect((await request('GET', '/bookings', client)).json.bookings[0].payment.status).toBe(
      'refunded',
    );
    const month = await request('GET', '/practice/payments?month=2027-03', practitioner);
    expect(month.json.totals).toMatchObject({ paid: FEE, refunded: FEE });
    expect(await count('payment_refunds')).toBe(2);
  });
  it('a paid session that has begun cannot be cancelled, so nothing is refunded; her refund is its own act', async () => {
    const id = await confirmedSession(client, 3);
    await payOneOff(client, id);
    const start = new Date(NOW.getTime() + 3 * DAY);
    start.setUTCHours(10, 0, 0, 0);
    clock = new Date(start.getTime() + 10 * 60_000);
    const cancelled = await request('POST', `/practice/bookings/${id}/cancel`, practitioner);
    expect(cancelled.status).toBe(409);
    expect(cancelled.json.detail).toMatch(/already begun, so it cannot be cancelled/);
    expect(stripe.refunds).toEqual([]);
    const mine = (await request('GET', '/payments', client)).json.payments[0];
    expect(mine).toMatchObject({ status: 'paid', refunded: 0 });
    const refunded = await request(
      'POST',
      `/practice/payments/${mine.id}/refund`,
      practitioner,
      {},
    );
    expect(refunded.status).toBe(201);
    expect(stripe.refunds.map((refund) => refund.amount)).toEqual([FEE]);
    stripe.refunds.length = 0;
  });

  it('cancel with notice → its fee refunded with a credit note; too late → refused, nothing refunded', async () => {
    const early = await confirmedSession(client, 5);
    await payOneOff(client, early);
    expect((await request('POST', `/bookings/${early}/cancel`, client)).status).toBe(200);
    expect(stripe.refunds.map((refund) => refund.amount)).toEqual([FEE]);
    const mine = (await request('GET', '/payments', client)).json.payments[0];
    expect(mine).toMatchObject({ status: 'refunded', refunded: FEE });
    expect(mine.creditNotes).toEqual([
      expect.objectContaining({ number: 'MP-CN-2027-0001', amount: FEE }),
    ]);
    // Less than the notice period to go: the client cannot cancel here, and nothing is refunded.
    const soon = await confirmedSession(client, 2);
    await payOneOff(client, soon);
    clock = new Date(NOW.getTime() + 2 * DAY - 3_600_000);
    expect((await request('POST', `/bookings/${soon}/cancel`, client)).status).toBe(422);
    expect(stripe.refunds).toHaveLength(1);
    // The practitioner cancels at any time: refunded.
    expect((await request('POST', `/practice/bookings/${soon}/cancel`, practitioner)).status).toBe(
      200,
    );
    expect(stripe.refunds.map((refund) => refund.amount)).toEqual([FEE, FEE]);
    stripe.refunds.length = 0;
  });

  it('a series session cancelled with notice is refunded its share of the month’s payment; ending the series cancels at period end', async () => {
    const seriesId = await confirmedSeries(client);
    const checkout = await request('POST', '/payments/checkout', client, { seriesId });
    await stripe.pay(checkout.json.url);
    const series = (await request('GET', '/series', client)).json.series[0];
    const session = series.sessions[0].id as string;
    expect((await request('POST', `/bookings/${session}/cancel`, client)).status).toBe(200);
    // 1 March – 1 April holds three of its Tuesdays (16, 23, 30): a third of the month each.
    const share = MONTHLY / 3;
    expect(stripe.refunds.at(-1)?.amount).toBe(share);
    const payment = (await request('GET', '/payments', client)).json.payments[0];
    expect(payment.refunded).toBe(share);
    expect((await request('POST', `/series/${seriesId}/end`, client)).status).toBe(200);
    const subscription = [...stripe.subscriptions.values()].at(-1);
    expect(subscription?.cancelAtPeriodEnd).toBe(true);
    expect((await request('GET', '/payments', client)).json.plans[0].status).toBe('ended');
    stripe.refunds.length = 0;
  });
  /** The site-relative link in an email (the API tests' site is http://site.test). */
  const linkIn = (text: string, pattern: RegExp) => {
    const found = pattern.exec(text)?.[0];
    expect(found, `a link matching ${pattern}`).toBeDefined();
    return (found ?? '').replace(/^\/api/, '');
  };
  const pdfText = async (path: string, who?: TestAccount) => {
    const answer = await fetch(`${api.url}${path}`, {
      ...(who && { headers: { authorization: `Bearer ${who.idToken}` } }),
    });
    const bytes = Buffer.from(await answer.arrayBuffer());
    return { status: answer.status, type: answer.headers.get('content-type'), bytes };
  };

  it('a refund has its own credit note (JSON and PDF, its client and the practitioner only) and an email linking it', async () => {
    const bookingId = await confirmedSession(client);
    await payOneOff(client, bookingId);
    const paymentId = (await request('GET', '/payments', client)).json.payments[0].id as string;
    clock = new Date(NOW.getTime() + 3_600_000);
    const refund = await request('POST', `/practice/payments/${paymentId}/refund`, practitioner, {
      amount: 2500,
    });
    expect(refund.status).toBe(201);
    const noteId = refund.json.id as string;
    const note = await request('GET', `/payments/credit-notes/${noteId}`, client);
    expect(note.status).toBe(200);
    expect(note.json).toMatchObject({
      kind: 'credit-note',
      paymentId,
      number: 'MP-CN-2027-0001',
      receiptNumber: 'MP-2027-0001',
      date: clock.toISOString(),
      client: { name: 'Ada Client' },
      practitioner: { membershipNumber: '387204', professionalBody: expect.any(String) },
      total: 2500,
      card: { brand: 'visa', last4: '4242' },
      sessions: [expect.objectContaining({ bookingId, minutes: 50 })],
      pdfPath: `/payments/credit-notes/${noteId}/credit-note.pdf`,
    });
    expect(note.json.vatSentence).toMatch(/not registered for VAT/);
    expect(
      (await request('GET', `/practice/payments/credit-notes/${noteId}`, practitioner)).status,
    ).toBe(200);
    const notTheirs = await request('GET', `/payments/credit-notes/${noteId}`, other);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.json.detail).toBe('There is no such credit note. Open your payments again.');
    expect((await request('GET', `/payments/credit-notes/${noteId}`)).status).toBe(401);
    expect((await request('GET', '/payments/credit-notes/not-an-id', client)).status).toBe(404);
    const pdf = await pdfText(`/payments/credit-notes/${noteId}/credit-note.pdf`, client);
    expect(pdf).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await pdfText(`/payments/credit-notes/${noteId}/credit-note.pdf`, other)).status).toBe(
      404,
    );
    // The refund's email: its amount, the credit note's page and its signed PDF, no sign-in needed.
    const email = await mailTo(client.email, /^Refund of £25\.00$/);
    expect(email.text).toContain('MP-CN-2027-0001');
    expect(email.text).toContain(`http://site.test/account/billing/credit-notes/${noteId}`);
    const signed = linkIn(
      email.text,
      /\/api\/payments\/credit-notes\/\S+\/signed-credit-note\.pdf\S*/,
    );
    const opened = await pdfText(signed);
    expect(opened).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(opened.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The month's list links the credit note by its id.
    const month = await request('GET', '/practice/payments?month=2027-03', practitioner);
    expect(month.json.refunds).toEqual([
      expect.objectContaining({ id: noteId, creditNoteNumber: 'MP-CN-2027-0001' }),
    ]);
  });

  it('the emailed receipt link opens the PDF without sign-in; tampered, expired or another’s → 404', async () => {
    const first = await confirmedSession(client, 3, 10);
    const second = await confirmedSession(other, 3, 12);
    await payOneOff(client, first);
    await payOneOff(other, second);
    const email = await mailTo(client.email, /^Receipt MP-2027-0001/);
    const good = linkIn(email.text, /\/api\/payments\/\S+\/signed-receipt\.pdf\S*/);
    const opened = await pdfText(good);
    expect(opened).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(opened.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const url = new URL(good, 'http://site.test');
    const id = url.pathname.split('/')[2] ?? '';
    const signature = url.searchParams.get('signature') ?? '';
    const expires = url.searchParams.get('expires') ?? '';
    // One character of the signature changed.
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const tampered = await request(
      'GET',
      `/payments/${id}/signed-receipt.pdf?expires=${expires}&signature=${flipped}`,
    );
    expect(tampered.status).toBe(404);
    expect(tampered.json.detail).toMatch(/not valid or has expired/);
    // A later expiry with the old signature.
    expect(
      (
        await pdfText(
          `/payments/${id}/signed-receipt.pdf?expires=${Number(expires) + 1}&signature=${signature}`,
        )
      ).status,
    ).toBe(404);
    // No signature at all, or a short one.
    expect((await pdfText(`/payments/${id}/signed-receipt.pdf`)).status).toBe(404);
    expect(
      (await pdfText(`/payments/${id}/signed-receipt.pdf?expires=${expires}&signature=ab`)).status,
    ).toBe(404);
    // The other client's payment with this one's signature.
    const otherId = (await request('GET', '/payments', other)).json.payments[0].id as string;
    expect(
      (
        await pdfText(
          `/payments/${otherId}/signed-receipt.pdf?expires=${expires}&signature=${signature}`,
        )
      ).status,
    ).toBe(404);
    // A credit note's signature for the same id does not open a receipt.
    const asCreditNote = signedQuery(API_TESTS_LINK_SECRET, 'credit-note', id, clock);
    expect((await pdfText(`/payments/${id}/signed-receipt.pdf?${asCreditNote}`)).status).toBe(404);
    // Still good a day before the year is out; expired after it.
    clock = new Date(NOW.getTime() + 364 * DAY);
    expect((await pdfText(good)).status).toBe(200);
    clock = new Date(NOW.getTime() + 366 * DAY);
    expect((await pdfText(good)).status).toBe(404);
  });

  it('blocking time that holds paid sessions cancels them with the practitioner’s message (as text) and refunds each once', async () => {
    const paid = await confirmedSession(client, 4, 10);
    const unpaid = await confirmedSession(other, 4, 12);
    await payOneOff(client, paid);
    sent.length = 0;
    const day = new Date(NOW.getTime() + 4 * DAY);
    const start = new Date(day);
    start.setUTCHours(8, 0, 0, 0);
    const end = new Date(day);
    end.setUTCHours(18, 0, 0, 0);
    const hostile = '<script>alert("x")</script> & <b>sorry</b>\nI am unwell.';
    const block = {
      start: start.toISOString(),
      end: end.toISOString(),
      reason: 'Private: dentist',
      cancelCovered: true,
      message: hostile,
    };
    const blocked = await request('POST', '/practice/blocks', practitioner, block);
    expect(blocked.status).toBe(201);
    expect(blocked.json.covered.map((each: { status: string }) => each.status)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    expect(stripe.refunds.map((each) => each.amount)).toEqual([FEE]);
    const mine = (await request('GET', '/payments', client)).json.payments[0];
    expect(mine).toMatchObject({ status: 'refunded', refunded: FEE });
    // Each client's cancellation carries the message, exactly as typed (plain text, never markup).
    for (const who of [client, other]) {
      const email = await mailTo(who.email, /cancelled/);
      expect(email.text).toContain('> <script>alert("x")</script> & <b>sorry</b>\n> I am unwell.');
      expect(email.text).not.toContain('dentist');
    }
    expect((await mailTo(client.email, /^Refund of £60\.00$/)).text).toContain('MP-CN-2027-0001');
    // The same block again (a retry) covers nothing new and refunds nothing more.
    const again = await request('POST', '/practice/blocks', practitioner, block);
    expect(again.status).toBe(201);
    expect(again.json.covered).toEqual([]);
    expect(stripe.refunds).toHaveLength(1);
    expect(await count('payment_refunds')).toBe(1);
    expect(unpaid).toBeTruthy();
    // Too long a message is refused by the field, and nothing is blocked.
    const tooLong = await request('POST', '/practice/blocks', practitioner, {
      ...block,
      message: 'x'.repeat(501),
    });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.json)).toContain('Keep the message to at most 500 characters.');
  });
});
