import { createAccount } from '../testing/accounts';
import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';
import { retryPendingRefunds } from './refunds';

/**
 * Money for a series that arrives after its account was deleted (issue 45: "refunds in full any
 * payment that arrives afterwards"). The series and its plan go with the account, so the webhook
 * found no series for `checkout.session.completed` or `invoice.paid` and did nothing: the month
 * was kept for a deleted account, and a subscription born of a Checkout paid a moment before its
 * expiry was never cancelled (Stripe charges it every month).
 */
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const { practitioner } = await createAccounts({ practitioner: { practitioner: true } });

describe.each(DATABASE_KINDS)('a series payment after its account was deleted, on %s', (kind) => {
  const stack = usePaymentsStack(kind, { start: NOW, practitioner: () => practitioner });
  const { request, clock, stripe } = stack;
  const at = (iso: string) => (clock.now = new Date(iso));
  const liveSubscriptions = () =>
    [...stripe().subscriptions.values()].filter((each) => each.status !== 'canceled');
  // What each payment of this test took and gave back (the stand-in keeps every test's).
  let before = 0;
  beforeEach(() => {
    before = stripe().intents.size;
  });
  const taken = () =>
    [...stripe().intents.values()].slice(before).map((each) => [each.amount, each.refunded]);

  it('a series’ Checkout paid a moment before the deletion expired it: cancelled and given back in full', async () => {
    const client = await createAccount({ name: 'Ada Client' });
    const seriesId = await stack.confirmedSeries(client);
    const open = await stack.checkout(client, { seriesId });
    at('2027-03-02T09:00:00Z');
    expect((await request('POST', '/account/deletion', client)).status).toBe(200);
    expect([...stripe().checkouts.values()].map((each) => each.status)).toEqual(['expired']);
    // The card was submitted a moment before the expiry.
    await stripe().payAnyway(open);
    await stripe().settled();
    await stack.api.context.reactions.run();
    await stripe().settled();
    expect(liveSubscriptions()).toEqual([]);
    // What the first month took comes back, all of it.
    const [first] = taken();
    expect(first?.[0]).toBeGreaterThan(0);
    expect(taken()).toEqual([[first?.[0], first?.[0]]]);
  });

  it('a month Stripe collects before the deletion’s cancel reaches it: given back in full', async () => {
    const client = await createAccount({ name: 'Ada Client' });
    const seriesId = await stack.confirmedSeries(client);
    await stripe().pay(await stack.checkout(client, { seriesId }));
    const [subscription] = [...stripe().subscriptions.values()];
    if (!subscription) throw new Error('no subscription');
    at('2027-03-31T09:00:00Z');
    // Stripe does not answer the deletion's calls: its subscription is still live.
    stripe().dropNext(1000);
    expect((await request('POST', '/account/deletion', client)).status).toBe(200);
    stripe().dropNext(0);
    // April is collected before the minute job cancels the subscription.
    at('2027-04-01T09:00:00Z');
    await stripe().renew(subscription.id, 'paid');
    await stripe().settled();
    at('2027-04-01T09:05:00Z');
    await stack.api.context.reactions.run();
    await retryPendingRefunds(stack.api.context, clock.now);
    await stripe().settled();
    expect(liveSubscriptions()).toEqual([]);
    // March (£240, its sessions held before the deletion) is kept; April comes back in full.
    expect(taken()).toEqual([
      [24000, 0],
      [24000, 24000],
    ]);
  });

  it('a Dashboard refund of a deleted account’s kept month: answered 2xx once, on her books as the rest of the month', async () => {
    const client = await createAccount({ name: 'Ada Client' });
    const seriesId = await stack.confirmedSeries(client);
    await stripe().pay(await stack.checkout(client, { seriesId }));
    // 16 and 23 March held; 30 March, ahead, comes back with the deletion.
    at('2027-03-24T09:00:00Z');
    expect((await request('POST', '/account/deletion', client)).status).toBe(200);
    await stripe().settled();
    const [intent] = [...stripe().intents.keys()].slice(before);
    if (!intent) throw new Error('no payment intent');
    expect(taken()).toEqual([[24000, 8000]]);
    const ours = stripe().refunds.length;

    // She gives the rest back in Stripe's Dashboard; Stripe sends its event twice.
    await stripe().dashboardRefund(intent, 16000);
    const event = stripe()
      .sent.filter((each) => each.type === 'charge.refunded')
      .at(-1);
    if (!event) throw new Error('no charge.refunded');
    expect(await stripe().redeliver(event.id)).toBe(200);
    expect(stripe().delivered.filter((each) => each.status >= 300)).toEqual([]);
    expect(stripe().refunds.length).toBe(ours + 1);
    expect(taken()).toEqual([[24000, 24000]]);
    const month = await request('GET', '/practice/payments?month=2027-03', practitioner);
    expect(month.status).toBe(200);
    expect(
      (month.json.refunds as { amount: number }[]).map((each) => each.amount).sort((a, b) => a - b),
    ).toEqual([8000, 16000]);
  });
});
