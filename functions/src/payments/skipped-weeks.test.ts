import { createAccount, type TestAccount } from '../testing/accounts';
import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';

// Issue 45: "a skipped week is given back like a cancelled one, and the receipt's sessions add up
// to what was paid". The weeks here are skipped by the scheduler's rolling job (series/roll-series.ts),
// after the series was paid for, not at its request.
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const { practitioner } = await createAccounts({ practitioner: { practitioner: true } });
const newClient = () => createAccount({ name: 'Ada Client' });

interface PaymentView {
  id: string;
  amount: number;
  refunded: number;
  periodEnd: string | null;
}

describe.each(DATABASE_KINDS)('a week the rolling job skips, on %s', (kind) => {
  const stack = usePaymentsStack(kind, { start: NOW, practitioner: () => practitioner });
  const { request, clock, stripe } = stack;
  const at = (iso: string) => (clock.now = new Date(iso));
  const refunded = () => stripe().refunds.map((each) => each.amount);
  const myPayments = async (who: TestAccount) =>
    ((await request('GET', '/payments', who)).json as { payments: PaymentView[] }).payments;
  const monthEnding = async (who: TestAccount, month: string) =>
    (await myPayments(who)).find((each) => each.periodEnd?.startsWith(month));
  /** A confirmed weekly series from 16 March (Tuesdays, 18:00 London), its March paid (£240). */
  const paidSeries = async (who: TestAccount) => {
    const seriesId = await stack.confirmedSeries(who);
    await stripe().pay(await stack.checkout(who, { seriesId }));
    const subscription = [...stripe().subscriptions.values()].at(-1);
    if (!subscription) throw new Error('no subscription');
    return { seriesId, subscriptionId: subscription.id };
  };
  /** Another client takes a Tuesday of the series before the rolling job has booked it. */
  const takenBySomeoneElse = async (start: string) => {
    const taken = await request('POST', '/bookings', await newClient(), { serviceId: 1, start });
    expect(taken.status).toBe(201);
  };
  /** On the receipt, the sessions still held are worth what was kept of the payment. */
  const expectReceiptAddsUp = async (who: TestAccount, paymentId: string, sessions: number) => {
    const receipt = (await request('GET', `/payments/${paymentId}`, who)).json as {
      total: number;
      refunded: number;
      sessions: { fee: number }[];
    };
    expect(receipt.sessions).toHaveLength(sessions);
    const held = receipt.sessions.reduce((sum, each) => sum + each.fee, 0);
    expect(held).toBe(receipt.total - receipt.refunded);
  };

  it('a week of a month already paid, skipped by a late run, comes back at once', async () => {
    const client = await newClient();
    const { subscriptionId } = await paidSeries(client);
    // The rolling job last runs on 25 March (booked through 20 May), then not until 3 May (an
    // outage); April and May are paid meanwhile, and someone else takes 25 May.
    at('2027-03-25T09:00:00Z');
    await stack.roll();
    at('2027-04-01T09:00:00Z');
    expect(await stripe().renew(subscriptionId, 'paid')).toBe(200);
    at('2027-04-20T09:00:00Z');
    await takenBySomeoneElse('2027-05-25T17:00:00Z');
    at('2027-05-01T09:00:00Z');
    expect(await stripe().renew(subscriptionId, 'paid')).toBe(200);
    await stripe().settled();
    expect(refunded()).toEqual([]);
    at('2027-05-03T09:00:00Z');
    expect(await stack.roll()).toMatchObject({ skipped: 1 });
    await stack.api.context.reactions.run();
    await stripe().settled();
    // May (4, 11, 18 and 25 May) paid £240: 25 May was not free, its quarter comes back.
    expect(refunded()).toEqual([6000]);
    const may = await monthEnding(client, '2027-06');
    expect(may).toMatchObject({ amount: 24000, refunded: 6000 });
    await expectReceiptAddsUp(client, may?.id ?? '', 3);
    // The job run again, and the reactions again, give nothing back twice.
    expect(await stack.roll()).toMatchObject({ skipped: 0 });
    await stack.api.context.reactions.run();
    await stripe().settled();
    expect(refunded()).toEqual([6000]);
  });

  it('a week of a month not yet invoiced comes back once that month is paid', async () => {
    const client = await newClient();
    const { subscriptionId } = await paidSeries(client);
    at('2027-03-20T09:00:00Z');
    await takenBySomeoneElse('2027-05-11T17:00:00Z');
    at('2027-03-25T09:00:00Z');
    expect(await stack.roll()).toMatchObject({ skipped: 1 });
    await stack.api.context.reactions.run();
    at('2027-04-01T09:00:00Z');
    expect(await stripe().renew(subscriptionId, 'paid')).toBe(200);
    at('2027-05-01T09:00:00Z');
    await stack.roll();
    expect(await stripe().renew(subscriptionId, 'paid')).toBe(200);
    await stack.api.context.reactions.run();
    await stripe().settled();
    // May's four Tuesdays share £240: 11 May's quarter is not kept, whichever way it comes back.
    const may = await monthEnding(client, '2027-06');
    expect((may?.amount ?? 0) - (may?.refunded ?? 0)).toBe(18000);
    await expectReceiptAddsUp(client, may?.id ?? '', 3);
  });
});
