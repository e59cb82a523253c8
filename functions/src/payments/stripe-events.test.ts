import { sql } from 'kysely';
import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';

// Money and our records never part: a payment that arrives late or twice is refunded, a second
// subscription cancelled, and whatever Stripe does outside the app (the Portal, the Dashboard, a
// delayed method) is recorded, each event once, never with a 500.
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
  receiptNumber: string | null;
  creditNotes: { number: string; amount: number }[];
}

describe.each(DATABASE_KINDS)('Stripe’s events on %s', (kind) => {
  const stack = usePaymentsStack(kind, { start: NOW, practitioner: () => practitioner });
  const { request, stripe, mailTo, db } = stack;
  const mine = async () =>
    ((await request('GET', '/payments', client)).json as { payments: PaymentView[] }).payments;
  const plans = async () =>
    ((await request('GET', '/payments', client)).json as { plans: { status: string }[] }).plans;
  const everyWebhookAnswered = () =>
    expect(stripe().delivered.filter((each) => each.status !== 200)).toEqual([]);

  it('two tabs paying one session: the first page is expired; a payment still made on it is refunded in full and shown', async () => {
    const bookingId = await stack.confirmedSession(client);
    const first = await stack.checkout(client, { bookingId });
    const second = await stack.checkout(client, { bookingId });
    // The first tab's page no longer takes a card.
    expect((await stripe().pay(first)).status).toBe(410);
    expect((await stripe().pay(second)).status).toBe(303);
    // A card submitted on the first page a moment before it expired still goes through.
    await stripe().payAnyway(first);
    await stripe().settled();
    const payments = await mine();
    expect(
      payments
        .map(({ status, refunded }) => ({ status, refunded }))
        .sort((a, b) => a.status.localeCompare(b.status)),
    ).toEqual([
      { status: 'paid', refunded: 0 },
      { status: 'refunded', refunded: FEE },
    ]);
    expect(stripe().refunds.map((each) => each.amount)).toEqual([FEE]);
    const refunded = payments.find((each) => each.status === 'refunded');
    expect(refunded?.creditNotes).toEqual([expect.objectContaining({ amount: FEE })]);
    await mailTo(client.email, /^Refund of £60\.00$/);
    const month = await request('GET', '/practice/payments?month=2027-03', practitioner);
    expect(month.json.refunds).toEqual([
      expect.objectContaining({
        amount: FEE,
        reason: 'Refunded automatically: the session was already paid',
      }),
    ]);
    expect((await request('GET', '/bookings', client)).json.bookings[0].payment.status).toBe(
      'paid',
    );
    everyWebhookAnswered();
  });

  it('two completions for one session at once: no webhook answers 500; one kept, one refunded', async () => {
    const bookingId = await stack.confirmedSession(client);
    const first = await stack.checkout(client, { bookingId });
    const second = await stack.checkout(client, { bookingId });
    await Promise.all([stripe().payAnyway(first), stripe().pay(second)]);
    await stripe().settled();
    everyWebhookAnswered();
    expect((await mine()).map((each) => each.status).sort()).toEqual(['paid', 'refunded']);
    expect(stripe().refunds.map((each) => each.amount)).toEqual([FEE]);
  });

  it('a session cancelled while its Checkout is open: the page is expired; a payment still arriving is refunded', async () => {
    const bookingId = await stack.confirmedSession(client, 5);
    const url = await stack.checkout(client, { bookingId });
    expect((await request('POST', `/bookings/${bookingId}/cancel`, client)).status).toBe(200);
    expect((await stripe().pay(url)).status).toBe(410);
    await stripe().payAnyway(url);
    await stripe().settled();
    expect((await mine()).map(({ status, refunded }) => ({ status, refunded }))).toEqual([
      { status: 'refunded', refunded: FEE },
    ]);
    expect(stripe().refunds.map((each) => each.amount)).toEqual([FEE]);
    everyWebhookAnswered();
  });

  it('two tabs for one series: one subscription stays live; the other is cancelled and its charge refunded', async () => {
    const seriesId = await stack.confirmedSeries(client);
    const first = await stack.checkout(client, { seriesId });
    const second = await stack.checkout(client, { seriesId });
    expect((await stripe().pay(second)).status).toBe(303);
    await stripe().payAnyway(first);
    await stripe().settled();
    const live = [...stripe().subscriptions.values()].filter((each) => each.status === 'active');
    expect(live).toHaveLength(1);
    expect(stripe().subscriptions.size).toBe(2);
    expect(stripe().refunds.map((each) => each.amount)).toEqual([MONTHLY]);
    const payments = await mine();
    expect(payments.map((each) => each.status).sort()).toEqual(['paid', 'refunded']);
    expect((await plans())[0]?.status).toBe('paid');
    // Ending the series cancels the live one: the one the plan kept.
    expect((await request('POST', `/series/${seriesId}/end`, client)).status).toBe(200);
    expect(live[0]?.cancelAtPeriodEnd).toBe(true);
    everyWebhookAnswered();
  });

  it('a cancellation in the Customer Portal: the plan ends at its period’s end, then ended', async () => {
    const seriesId = await stack.confirmedSeries(client);
    await stripe().pay(await stack.checkout(client, { seriesId }));
    const subscription = [...stripe().subscriptions.values()][0];
    if (!subscription) throw new Error('no subscription');
    expect(await stripe().portalCancel(subscription.id)).toBe(200);
    expect((await plans())[0]).toMatchObject({
      status: 'ending',
      paidUntil: '2027-04-01T09:00:00.000Z',
    });
    stack.clock.now = new Date('2027-04-01T09:00:00Z');
    expect(await stripe().endPeriod(subscription.id)).toBe(200);
    expect((await plans())[0]).toMatchObject({ status: 'ended', cancelledInPortal: true });
    // The practitioner's payments say so: the series still stands, she decides.
    const report = await request('GET', '/practice/payments?month=2027-04', practitioner);
    expect(report.json.cancelledPlans).toEqual([
      expect.objectContaining({ seriesId, status: 'ended', clientName: 'Ada Client' }),
    ]);
    everyWebhookAnswered();
  });

  it('a delayed payment (Bacs Direct Debit): paid when it succeeds, with its receipt; unpaid when it fails', async () => {
    const paidLater = await stack.confirmedSession(client, 4, 10);
    const checkout = await stripe().payDelayed(
      await stack.checkout(client, { bookingId: paidLater }),
    );
    expect(await mine()).toEqual([]);
    expect(await stripe().settleDelayed(checkout.id, 'succeeded')).toBe(200);
    expect(await mine()).toEqual([
      expect.objectContaining({ status: 'paid', amount: FEE, receiptNumber: 'MP-2027-0001' }),
    ]);
    await mailTo(client.email, /^Receipt MP-2027-0001/);

    const failsLater = await stack.confirmedSession(client, 4, 12);
    const other = await stripe().payDelayed(
      await stack.checkout(client, { bookingId: failsLater }),
    );
    expect(await stripe().settleDelayed(other.id, 'failed')).toBe(200);
    const bookings = (await request('GET', '/bookings', client)).json.bookings as {
      id: string;
      payment: { status: string };
    }[];
    expect(bookings.find((each) => each.id === failsLater)?.payment.status).toBe('unpaid');
    // It can be paid again by card.
    expect(
      (await stripe().pay(await stack.checkout(client, { bookingId: failsLater }))).status,
    ).toBe(303);
    expect(bookings.find((each) => each.id === paidLater)?.payment.status).toBe('paid');
    everyWebhookAnswered();
  });

  it('a refund made in Stripe’s Dashboard is recorded with its credit note and the client told', async () => {
    const bookingId = await stack.confirmedSession(client);
    await stripe().pay(await stack.checkout(client, { bookingId }));
    const intent = [...stripe().checkouts.values()][0]?.paymentIntent;
    if (!intent) throw new Error('no payment intent');
    await stripe().dashboardRefund(intent, 2000);
    const [payment] = await mine();
    expect(payment).toMatchObject({
      refunded: 2000,
      creditNotes: [expect.objectContaining({ amount: 2000, number: 'MP-CN-2027-0001' })],
    });
    await mailTo(client.email, /^Refund of £20\.00$/);
    everyWebhookAnswered();
  });

  it('a refund whose commit fails after Stripe made it is recovered from the webhook', async () => {
    const bookingId = await stack.confirmedSession(client);
    await stripe().pay(await stack.checkout(client, { bookingId }));
    const paymentId = (await mine())[0]?.id;
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
      const answer = await request(
        'POST',
        `/practice/payments/${paymentId}/refund`,
        practitioner,
        {},
      );
      // Stripe made the refund: the practitioner is answered as usual, the row still pending.
      expect(answer.status).toBe(201);
      expect(stripe().refunds.map((each) => each.amount)).toEqual([FEE]);
      await stripe().settled();
    } finally {
      await sql`drop trigger refund_commit_fails on payment_refunds`.execute(db);
      await sql`drop function refund_commit_fails`.execute(db);
      await sql`drop sequence refund_commit_fails`.execute(db);
    }
    const [payment] = await mine();
    expect(payment).toMatchObject({
      status: 'refunded',
      refunded: FEE,
      creditNotes: [expect.objectContaining({ amount: FEE })],
    });
    await mailTo(client.email, /^Refund of £60\.00$/);
    // Asked again, nothing more goes back.
    expect(
      (await request('POST', `/practice/payments/${paymentId}/refund`, practitioner, {})).status,
    ).toBe(409);
    expect(stripe().refunds).toHaveLength(1);
  });

  it('a zero invoice (every session of its month credited) makes no receipt, and the month is still paid', async () => {
    const seriesId = await stack.confirmedSeries(client);
    await stripe().pay(await stack.checkout(client, { seriesId }));
    const april = (await stack.sessionsOf(client, seriesId)).filter((each) =>
      each.start.startsWith('2027-04'),
    );
    expect(april).toHaveLength(3);
    stack.clock.now = new Date('2027-03-05T09:00:00Z');
    await stack.roll();
    for (const session of (await stack.sessionsOf(client, seriesId)).filter((each) =>
      each.start.startsWith('2027-04'),
    ))
      expect((await request('POST', `/bookings/${session.id}/cancel`, client)).status).toBe(200);
    const subscription = [...stripe().subscriptions.values()][0];
    if (!subscription) throw new Error('no subscription');
    stack.clock.now = new Date('2027-04-01T09:00:00Z');
    stack.sent.length = 0;
    expect(await stripe().renew(subscription.id, 'paid')).toBe(200);
    await stack.api.deliveryIdle();
    expect(stack.sent.filter((each) => /^Receipt/.test(each.subject))).toEqual([]);
    expect((await mine()).map((each) => each.receiptNumber)).toEqual(['MP-2027-0001']);
    expect((await plans())[0]).toMatchObject({
      status: 'paid',
      paidUntil: '2027-05-01T09:00:00.000Z',
    });
  });
});
