import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';

// The billing rule (shared/billing.ts) end to end: a monthly payment covers the sessions of its
// month, a cancelled session's share comes back from that month's payment, and a month not yet
// invoiced is charged that much less.
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const { client, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  practitioner: { practitioner: true },
});

interface PaymentView {
  id: string;
  amount: number;
  refunded: number;
  periodEnd: string;
  credits: { start: string; amount: number }[];
}
interface ReceiptView {
  total: number;
  refunded: number;
  sessions: { start: string; fee: number }[];
  credits?: { start: string; amount: number }[];
}

describe.each(DATABASE_KINDS)('the billing rule on %s', (kind) => {
  const stack = usePaymentsStack(kind, { start: NOW, practitioner: () => practitioner });
  const { request, clock, stripe } = stack;
  const at = (iso: string) => (clock.now = new Date(iso));
  const sessionOn = async (seriesId: string, date: string) => {
    const found = (await stack.sessionsOf(client, seriesId)).find((each) =>
      each.start.startsWith(date),
    );
    if (!found) throw new Error(`no session on ${date}`);
    return found.id;
  };
  // The client cancels their own; the practitioner anyone's, at her own route.
  const cancel = async (bookingId: string, who = client) =>
    expect(
      (
        await request(
          'POST',
          `${who === practitioner ? '/practice' : ''}/bookings/${bookingId}/cancel`,
          who,
        )
      ).status,
    ).toBe(200);
  const myPayments = async () => {
    const body = (await request('GET', '/payments', client)).json as {
      payments: PaymentView[];
      plans: { nextPaymentCredit?: number; status: string }[];
    };
    return {
      ...body,
      payments: body.payments.sort((a, b) => a.periodEnd.localeCompare(b.periodEnd)),
    };
  };

  it('three months of a weekly series: each cancelled session comes back from the month that holds it, and every receipt adds up', async () => {
    const seriesId = await stack.confirmedSeries(client);
    await stripe().pay(await stack.checkout(client, { seriesId }));
    // March's payment (1 March – 1 April) covers 16, 23 and 30 March: £80.00 each.
    await cancel(await sessionOn(seriesId, '2027-03-23'));
    expect(stripe().refunds.map((each) => each.amount)).toEqual([8000]);
    // 13 April is in a month not yet invoiced: nothing comes back from March; April is £60 less.
    await cancel(await sessionOn(seriesId, '2027-04-13'));
    expect(stripe().refunds.map((each) => each.amount)).toEqual([8000]);
    const beforeApril = await myPayments();
    expect(beforeApril.payments.map((each) => each.refunded)).toEqual([8000]);
    expect(beforeApril.plans[0]?.nextPaymentCredit).toBe(6000);

    const subscription = [...stripe().subscriptions.values()].at(-1);
    if (!subscription) throw new Error('no subscription');
    at('2027-04-01T09:00:00Z');
    await stack.roll();
    expect(await stripe().renew(subscription.id, 'paid')).toBe(200);
    // April's invoice took the credit: £180.00 charged, the credit on its receipt.
    await cancel(await sessionOn(seriesId, '2027-04-20'), practitioner);
    at('2027-05-01T09:00:00Z');
    await stack.roll();
    expect(await stripe().renew(subscription.id, 'paid')).toBe(200);
    await cancel(await sessionOn(seriesId, '2027-05-11'));
    // The practice cancels on the day: its share back as well.
    at('2027-05-18T10:00:00Z');
    await cancel(await sessionOn(seriesId, '2027-05-18'), practitioner);
    expect(stripe().refunds.map((each) => each.amount)).toEqual([8000, 6000, 6000, 6000]);

    const { payments, plans } = await myPayments();
    expect(plans[0]?.nextPaymentCredit).toBe(0);
    expect(payments.map(({ amount, refunded }) => ({ amount, refunded }))).toEqual([
      { amount: 24000, refunded: 8000 },
      { amount: 18000, refunded: 6000 },
      { amount: 24000, refunded: 12000 },
    ]);
    expect(payments[1]?.credits).toEqual([
      { bookingId: expect.any(String), start: '2027-04-13T17:00:00.000Z', amount: 6000 },
    ]);
    // The ledger: on every receipt, the sessions still held are worth what was kept of it.
    for (const payment of payments) {
      const receipt = (await request('GET', `/payments/${payment.id}`, client)).json as ReceiptView;
      const held = receipt.sessions.reduce((sum, each) => sum + each.fee, 0);
      expect(held, `receipt of ${payment.periodEnd}`).toBe(receipt.total - receipt.refunded);
    }
    const april = (await request('GET', `/payments/${payments[1]?.id}`, client))
      .json as ReceiptView;
    expect(april.total).toBe(18000);
    expect(april.credits).toEqual([
      expect.objectContaining({ start: '2027-04-13T17:00:00.000Z', amount: 6000 }),
    ]);
    expect(april.sessions.map((each) => each.fee)).toEqual([6000, 6000]);
  });

  it('a session in an unpaid month, cancelled with notice, takes nothing from the paid month', async () => {
    const seriesId = await stack.confirmedSeries(client);
    await stripe().pay(await stack.checkout(client, { seriesId }));
    const subscription = [...stripe().subscriptions.values()].at(-1);
    if (!subscription) throw new Error('no subscription');
    at('2027-04-01T09:00:00Z');
    expect(await stripe().renew(subscription.id, 'failed')).toBe(200);
    await cancel(await sessionOn(seriesId, '2027-04-13'));
    expect(stripe().refunds).toEqual([]);
    const { payments } = await myPayments();
    expect(payments.map(({ amount, refunded }) => ({ amount, refunded }))).toEqual([
      { amount: 24000, refunded: 0 },
      { amount: 24000, refunded: 0 },
    ]);
  });
});
