import { createAccount, type TestAccount } from '../testing/accounts';
import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';

// A guard (the attack on issue 45's skipped weeks): a week skipped while its month's invoice had
// failed is given back once Stripe's retry collects that month, and only once however often the
// skip's reaction and the paid invoice's event come again.
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const { practitioner } = await createAccounts({ practitioner: { practitioner: true } });
const newClient = () => createAccount({ name: 'Ada Client' });

interface PaymentView {
  amount: number;
  refunded: number;
  periodEnd: string | null;
}

describe.each(DATABASE_KINDS)('a week skipped in a month paid late, on %s', (kind) => {
  const stack = usePaymentsStack(kind, { start: NOW, practitioner: () => practitioner });
  const { request, clock, stripe } = stack;
  const at = (iso: string) => (clock.now = new Date(iso));
  const refunded = () => stripe().refunds.map((each) => each.amount);
  const monthEnding = async (who: TestAccount, month: string) =>
    ((await request('GET', '/payments', who)).json as { payments: PaymentView[] }).payments.find(
      (each) => each.periodEnd?.startsWith(month),
    );

  it('comes back once, when Stripe’s retry collects the month', async () => {
    const client = await newClient();
    const seriesId = await stack.confirmedSeries(client);
    await stripe().pay(await stack.checkout(client, { seriesId }));
    const subscription = [...stripe().subscriptions.values()].at(-1);
    if (!subscription) throw new Error('no subscription');
    // The rolling job last runs on 25 March (booked through 20 May), then not until 3 May.
    at('2027-03-25T09:00:00Z');
    await stack.roll();
    at('2027-04-01T09:00:00Z');
    expect(await stripe().renew(subscription.id, 'paid')).toBe(200);
    at('2027-04-20T09:00:00Z');
    const taken = await request('POST', '/bookings', await newClient(), {
      serviceId: 1,
      start: '2027-05-25T17:00:00Z',
    });
    expect(taken.status).toBe(201);
    // May's invoice fails; 25 May is skipped while it is unpaid: nothing to give back yet.
    at('2027-05-01T09:00:00Z');
    expect(await stripe().renew(subscription.id, 'failed')).toBe(200);
    at('2027-05-03T09:00:00Z');
    expect(await stack.roll()).toMatchObject({ skipped: 1 });
    await stack.api.context.reactions.run();
    await stripe().settled();
    expect(refunded()).toEqual([]);
    // Stripe's retry collects May: 25 May's quarter comes back.
    at('2027-05-04T09:00:00Z');
    expect(await stripe().collectFailed(subscription.id)).toBe(200);
    await stripe().settled();
    expect(refunded()).toEqual([6000]);
    expect(await monthEnding(client, '2027-06')).toMatchObject({ amount: 24000, refunded: 6000 });
    // The paid invoice's event again, and the skip's reaction again: nothing twice.
    const paidEvents = stripe().sent.filter((each) => each.type === 'invoice.paid');
    for (const event of paidEvents) expect(await stripe().redeliver(event.id)).toBe(200);
    at('2027-05-04T10:00:00Z');
    await stack.api.context.reactions.run();
    await stripe().settled();
    expect(refunded()).toEqual([6000]);
  });
});
