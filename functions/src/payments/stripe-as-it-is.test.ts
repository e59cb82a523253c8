import { sql } from 'kysely';
import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';

// What holds on Stripe as it is, not only on a lenient stand-in: an invoice's payment intent is
// asked for (no event carries it), a second cancel is an answer, a subscription's line is found
// wherever it is, and a refund asked again carries the same parameters as the first time.
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const FEE = 6000;
const MONTHLY = 24000;
const { client, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  practitioner: { practitioner: true },
});

interface PaymentView {
  id: string;
  amount: number;
  status: string;
  refunded: number;
  creditNotes: { number: string; amount: number }[];
}

describe.each(DATABASE_KINDS)('payments on Stripe as it is, on %s', (kind) => {
  const stack = usePaymentsStack(kind, { start: NOW, practitioner: () => practitioner });
  const { request, stripe, mailTo, db } = stack;
  const mine = async () =>
    ((await request('GET', '/payments', client)).json as { payments: PaymentView[] }).payments;
  const plans = async () =>
    (
      (await request('GET', '/payments', client)).json as {
        plans: { status: string; paidUntil?: string }[];
      }
    ).plans;
  const everyWebhookAnswered = () =>
    expect(stripe().delivered.filter((each) => each.status !== 200)).toEqual([]);

  it('a monthly payment keeps its payment intent (no invoice event carries it): she can refund it', async () => {
    const seriesId = await stack.confirmedSeries(client);
    await stripe().pay(await stack.checkout(client, { seriesId }));
    const [payment] = await mine();
    const answer = await request('POST', `/practice/payments/${payment?.id}/refund`, practitioner, {
      amount: 1000,
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    expect(stripe().refunds.map((each) => each.amount)).toEqual([1000]);
    await mailTo(client.email, /^Refund of £10\.00$/);
    everyWebhookAnswered();
  });

  it('a second subscription, cancelled by both its events, is refunded once; every event, and its retry, answers 2xx', async () => {
    const seriesId = await stack.confirmedSeries(client);
    const first = await stack.checkout(client, { seriesId });
    const second = await stack.checkout(client, { seriesId });
    expect((await stripe().pay(second)).status).toBe(303);
    await stripe().payAnyway(first);
    await stripe().settled();
    everyWebhookAnswered();
    expect(stripe().refunds.map((each) => each.amount)).toEqual([MONTHLY]);
    const live = [...stripe().subscriptions.values()].filter((each) => each.status === 'active');
    expect(live).toHaveLength(1);
    // Stripe retries each of them (as after a timeout): answered 200, nothing done twice.
    for (const event of [...stripe().sent]) expect(await stripe().redeliver(event.id)).toBe(200);
    await stripe().settled();
    expect(stripe().refunds.map((each) => each.amount)).toEqual([MONTHLY]);
    expect((await mine()).map((each) => each.status).sort()).toEqual(['paid', 'refunded']);
  });

  it('a renewal with a credit line before the subscription’s: the month paid is the subscription line’s', async () => {
    const seriesId = await stack.confirmedSeries(client);
    await stripe().pay(await stack.checkout(client, { seriesId }));
    stack.clock.now = new Date('2027-03-05T09:00:00Z');
    await stack.roll();
    const april = (await stack.sessionsOf(client, seriesId)).find((each) =>
      each.start.startsWith('2027-04'),
    );
    expect((await request('POST', `/bookings/${april?.id}/cancel`, client)).status).toBe(200);
    const subscription = [...stripe().subscriptions.values()][0];
    if (!subscription) throw new Error('no subscription');
    stack.clock.now = new Date('2027-04-01T09:00:00Z');
    expect(await stripe().renew(subscription.id, 'paid')).toBe(200);
    expect((await plans())[0]).toMatchObject({
      status: 'paid',
      paidUntil: '2027-05-01T09:00:00.000Z',
    });
    expect((await mine()).map((each) => each.amount).sort()).toEqual([MONTHLY - FEE, MONTHLY]);
  });

  it('a full refund whose commit failed is settled, and Stripe’s retry of the event answers 200', async () => {
    const bookingId = await stack.confirmedSession(client);
    const first = await stack.checkout(client, { bookingId });
    const second = await stack.checkout(client, { bookingId });
    expect((await stripe().pay(second)).status).toBe(303);
    // The database refuses the first write that records Stripe's refund id (once).
    await sql`create sequence refund_commit_fails`.execute(db);
    await sql`create or replace function refund_commit_fails() returns trigger language plpgsql as $$
      begin
        if new.stripe_refund_id is not null then
          if nextval('refund_commit_fails') = 1 then
            raise exception 'the commit failed';
          end if;
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger refund_commit_fails before update or insert on payment_refunds for each row execute function refund_commit_fails()`.execute(
      db,
    );
    try {
      // A card submitted on the expired page: the session is paid already, so refunded in full.
      await stripe().payAnyway(first);
      await stripe().settled();
    } finally {
      await sql`drop trigger refund_commit_fails on payment_refunds`.execute(db);
      await sql`drop function refund_commit_fails`.execute(db);
      await sql`drop sequence refund_commit_fails`.execute(db);
    }
    const late = stripe()
      .sent.filter((each) => each.type === 'checkout.session.completed')
      .at(-1);
    if (!late) throw new Error('no event');
    expect(await stripe().redeliver(late.id)).toBe(200);
    await stripe().settled();
    expect(stripe().refunds.map((each) => each.amount)).toEqual([FEE]);
    const refunded = (await mine()).find((each) => each.status === 'refunded');
    expect(refunded).toMatchObject({
      refunded: FEE,
      creditNotes: [expect.objectContaining({ amount: FEE })],
    });
    await mailTo(client.email, /^Refund of £60\.00$/);
  });

  it.each(['as-made', 'reversed'] as const)(
    'a subscription’s events delivered %s end the same: ended, and a new plan can start',
    async (order) => {
      const seriesId = await stack.confirmedSeries(client);
      await stripe().pay(await stack.checkout(client, { seriesId }));
      const subscription = [...stripe().subscriptions.values()][0];
      if (!subscription) throw new Error('no subscription');
      stripe().hold();
      stack.clock.now = new Date('2027-04-01T09:00:00Z');
      await stripe().renew(subscription.id, 'failed');
      stack.clock.now = new Date('2027-04-02T09:00:00Z');
      await stripe().endPeriod(subscription.id);
      expect(await stripe().release(order)).toEqual([200, 200]);
      expect((await plans())[0]).toMatchObject({ status: 'ended' });
      // The ended subscription is not the plan's: the client can set up a new monthly payment.
      const again = await request('POST', '/payments/checkout', client, { seriesId });
      expect(again.status, JSON.stringify(again.json)).toBe(201);
    },
  );
});
