import { createAccount, type TestAccount } from '../testing/accounts';
import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';
import { retryPendingRefunds } from './refunds';

// Every way a series' session ends, the money follows it (issue 45): ending the series, deleting
// the account, a moved session, a month whose invoice failed, a week the scheduler skipped.
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const { practitioner } = await createAccounts({ practitioner: { practitioner: true } });
// A client of their own for each test: deleting the account deletes its sign-in too.
const newClient = () => createAccount({ name: 'Ada Client' });

interface PaymentView {
  id: string;
  amount: number;
  refunded: number;
  status: string;
  periodEnd: string | null;
}

describe.each(DATABASE_KINDS)('money that follows a session on %s', (kind) => {
  const stack = usePaymentsStack(kind, { start: NOW, practitioner: () => practitioner });
  const { request, clock, stripe } = stack;
  const at = (iso: string) => (clock.now = new Date(iso));
  const refunded = () => stripe().refunds.map((each) => each.amount);
  const myPayments = async (who: TestAccount) =>
    ((await request('GET', '/payments', who)).json as { payments: PaymentView[] }).payments;
  const sessionOn = async (who: TestAccount, seriesId: string, date: string) => {
    const found = (await stack.sessionsOf(who, seriesId)).find((each) =>
      each.start.startsWith(date),
    );
    if (!found) throw new Error(`no session on ${date}`);
    return found.id;
  };
  /** A confirmed weekly series from 16 March, its March paid (£240: 16, 23 and 30 March). */
  const paidSeries = async (who: TestAccount) => {
    const seriesId = await stack.confirmedSeries(who);
    await stripe().pay(await stack.checkout(who, { seriesId }));
    return seriesId;
  };

  it('the client ends a paid series: each paid session it cancels comes back, by the cancellation rule', async () => {
    const client = await newClient();
    const seriesId = await paidSeries(client);
    at('2027-03-17T09:00:00Z');
    expect((await request('POST', `/series/${seriesId}/end`, client)).status).toBe(200);
    // 23 and 30 March are cancelled with notice: a third of the month each.
    expect(refunded()).toEqual([8000, 8000]);
    const [march] = await myPayments(client);
    expect(march).toMatchObject({ amount: 24000, refunded: 16000 });
    const left = await stack.sessionsOf(client, seriesId);
    expect(left.filter((each) => each.status === 'confirmed').map((each) => each.start)).toEqual([
      '2027-03-16T18:00:00.000Z',
    ]);
  });

  it('the practice ends a paid series on the day of a session: that one comes back too', async () => {
    const client = await newClient();
    const seriesId = await paidSeries(client);
    at('2027-03-23T10:00:00Z');
    expect((await request('POST', `/practice/series/${seriesId}/end`, practitioner)).status).toBe(
      200,
    );
    expect(refunded()).toEqual([8000, 8000]);
    // Ending it twice gives nothing back twice.
    expect((await request('POST', `/practice/series/${seriesId}/end`, practitioner)).status).toBe(
      409,
    );
    expect(refunded()).toEqual([8000, 8000]);
  });

  it('deleting an account with a paid plan: no live subscription, its sessions ahead refunded, its open Checkout expired, a payment arriving afterwards refunded in full', async () => {
    const client = await newClient();
    const seriesId = await paidSeries(client);
    const oneOff = await stack.confirmedSession(client, 4);
    const open = await stack.checkout(client, { bookingId: oneOff });
    at('2027-03-17T09:00:00Z');
    expect((await request('POST', '/account/deletion', client)).status).toBe(200);
    const subscriptions = [...stripe().subscriptions.values()];
    expect(subscriptions.map((each) => each.status)).toEqual(['canceled']);
    // 23 and 30 March were ahead: their share back (16 March was held).
    expect(refunded()).toEqual([8000, 8000]);
    const checkout = [...stripe().checkouts.values()].find((each) => each.mode === 'payment');
    expect(checkout?.status).toBe('expired');
    // A card submitted a moment before the expiry: the money is given back in full.
    await stripe().payAnyway(open);
    await stripe().settled();
    expect(refunded()).toEqual([8000, 8000, 6000]);
    expect(seriesId).toBeTruthy();
  });

  it('deleting an account while Stripe does not answer: the minute job then cancels its subscription, expires its Checkout and refunds its sessions ahead, once', async () => {
    const client = await newClient();
    await paidSeries(client);
    const oneOff = await stack.confirmedSession(client, 4);
    await stack.checkout(client, { bookingId: oneOff });
    const live = () => [...stripe().subscriptions.values()].map((each) => each.status);
    const checkoutStatus = () =>
      [...stripe().checkouts.values()].find((each) => each.mode === 'payment')?.status;
    at('2027-03-17T09:00:00Z');
    // Every call the deletion makes is lost on the way (the SDK tries each twice).
    stripe().dropNext(1000);
    expect((await request('POST', '/account/deletion', client)).status).toBe(200);
    stripe().dropNext(0);
    expect(live()).toEqual(['active']);
    expect(checkoutStatus()).toBe('open');
    expect(refunded()).toEqual([]);
    // The minute job, as Cloud Scheduler runs it, once the first wait has passed.
    const minuteJob = async () => {
      await stack.api.context.reactions.run();
      await retryPendingRefunds(stack.api.context, clock.now);
      await stripe().settled();
    };
    at('2027-03-17T09:05:00Z');
    await minuteJob();
    expect(live()).toEqual(['canceled']);
    expect(checkoutStatus()).toBe('expired');
    expect(refunded()).toEqual([8000, 8000]);
    at('2027-03-17T10:00:00Z');
    await minuteJob();
    expect(refunded()).toEqual([8000, 8000]);
  });

  it('a credit shown on a kept receipt stays with it when the client deletes their account', async () => {
    // Found by the money simulation (seed 7): the credit went with the series, and the kept
    // April receipt no longer said why it was £60 less than its sessions.
    const client = await newClient();
    const seriesId = await paidSeries(client);
    const cancel = async (date: string) =>
      expect(
        (
          await request(
            'POST',
            `/bookings/${await sessionOn(client, seriesId, date)}/cancel`,
            client,
          )
        ).status,
      ).toBe(200);
    await cancel('2027-04-13'); // in a month not yet invoiced: April is £60 less
    const subscription = [...stripe().subscriptions.values()].at(-1);
    if (!subscription) throw new Error('no subscription');
    at('2027-04-01T09:00:00Z');
    await stack.roll();
    expect(await stripe().renew(subscription.id, 'paid')).toBe(200);
    const april = (await myPayments(client)).find((each) => each.periodEnd?.startsWith('2027-05'));
    expect(april?.amount).toBe(18000);
    // A credit still waiting for an invoice goes with the series: no invoice is to come.
    await cancel('2027-05-11');

    expect((await request('POST', '/account/deletion', client)).status).toBe(200);
    const kept = await request('GET', `/practice/payments/${april?.id}`, practitioner);
    expect(kept.status).toBe(200);
    expect(kept.json).toMatchObject({
      total: 18000,
      credits: [expect.objectContaining({ start: '2027-04-13T17:00:00.000Z', amount: 6000 })],
    });
    const waiting = await stack.db
      .selectFrom('payment_credits')
      .select('session_start')
      .where('payment_id', 'is', null)
      .execute();
    expect(waiting).toEqual([]);
  });

  it('a session moved within its month and then cancelled with notice is refunded its share of that month', async () => {
    const client = await newClient();
    const seriesId = await paidSeries(client);
    const session = await sessionOn(client, seriesId, '2027-03-23');
    const moved = await request('POST', `/practice/bookings/${session}/move`, practitioner, {
      start: '2027-03-24T18:00:00Z',
    });
    expect(moved.status).toBe(200);
    expect((await request('POST', `/bookings/${session}/cancel`, client)).status).toBe(200);
    expect(refunded()).toEqual([8000]);
  });

  it('a session moved into the next month keeps the share of the month that paid for it', async () => {
    const client = await newClient();
    const seriesId = await paidSeries(client);
    const session = await sessionOn(client, seriesId, '2027-03-30');
    const moved = await request('POST', `/practice/bookings/${session}/move`, practitioner, {
      start: '2027-04-01T17:00:00Z',
    });
    expect(moved.status).toBe(200);
    expect((await request('POST', `/bookings/${session}/cancel`, client)).status).toBe(200);
    expect(refunded()).toEqual([8000]);
    const [march] = await myPayments(client);
    expect(march).toMatchObject({ amount: 24000, refunded: 8000 });
  });

  it('a session cancelled in a month whose invoice failed comes back when that month is paid', async () => {
    const client = await newClient();
    const seriesId = await paidSeries(client);
    const subscription = [...stripe().subscriptions.values()].at(-1);
    if (!subscription) throw new Error('no subscription');
    at('2027-04-01T09:00:00Z');
    await stack.roll();
    expect(await stripe().renew(subscription.id, 'failed')).toBe(200);
    // April (6, 13, 20 and 27 April, £60 each) has taken nothing: nothing comes back yet.
    await request(
      'POST',
      `/bookings/${await sessionOn(client, seriesId, '2027-04-13')}/cancel`,
      client,
    );
    expect(refunded()).toEqual([]);
    at('2027-04-04T09:00:00Z');
    expect(await stripe().collectFailed(subscription.id)).toBe(200);
    await stripe().settled();
    expect(refunded()).toEqual([6000]);
    const april = (await myPayments(client)).find((each) => each.periodEnd?.startsWith('2027-05'));
    expect(april).toMatchObject({ amount: 24000, refunded: 6000 });
    await expectReceiptAddsUp(client, april?.id ?? '', 3);
  });

  it('a week the scheduler skipped comes back like a cancelled one, and the receipt adds up', async () => {
    const client = await newClient();
    const other = await newClient();
    const taken = await request('POST', '/bookings', other, {
      serviceId: 1,
      start: '2027-03-23T18:00:00Z',
    });
    expect(taken.status).toBe(201);
    const seriesId = await paidSeries(client);
    await stripe().settled();
    // 16, 23 and 30 March share March's £240; 23 March was not free: its third comes back.
    expect(refunded()).toEqual([8000]);
    const [march] = await myPayments(client);
    expect(march).toMatchObject({ amount: 24000, refunded: 8000 });
    await expectReceiptAddsUp(client, march?.id ?? '', 2);
    expect(seriesId).toBeTruthy();
  });

  /** On the receipt, the sessions still held are worth what was kept of the payment. */
  async function expectReceiptAddsUp(who: TestAccount, paymentId: string, sessions: number) {
    const receipt = (await request('GET', `/payments/${paymentId}`, who)).json as {
      total: number;
      refunded: number;
      sessions: { fee: number }[];
    };
    expect(receipt.sessions).toHaveLength(sessions);
    const held = receipt.sessions.reduce((sum, each) => sum + each.fee, 0);
    expect(held).toBe(receipt.total - receipt.refunded);
  }
});
