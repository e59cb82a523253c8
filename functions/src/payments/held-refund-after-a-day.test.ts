import { createAccount } from '../testing/accounts';
import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';

/**
 * A held refund given again more than a day later. A cancelled session's refund is held
 * (recorded pending) and committed, then asked of Stripe with the key `refund:<our id>`; the
 * queue's retry asks again with the same key and gets the same refund. But Stripe keeps a key
 * for 24 hours only (https://docs.stripe.com/api/idempotent_requests) and the queue's later
 * tries (a growing wait, then Try again) come after that: so a refund first held more than 24
 * hours ago is looked for first among the payment's refunds at Stripe, by the `refundId` in its
 * metadata (https://docs.stripe.com/api/refunds/list), as the minute job's askRefund does.
 *
 * Here Stripe makes the refund but its answer never reaches us (the request's budget is spent
 * while the stand-in holds the call; nothing is committed of it), its `charge.refunded` is late,
 * and the queue's retry comes 25 hours later, when the stand-in has forgotten the key.
 */
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const { practitioner } = await createAccounts({ practitioner: { practitioner: true } });

describe.each(DATABASE_KINDS)('a held refund given again a day later, on %s', (kind) => {
  const stack = usePaymentsStack(kind, {
    start: NOW,
    practitioner: () => practitioner,
    stripeBudgetMs: 1_500,
  });
  const { request, clock, stripe } = stack;

  it('Stripe made it, our side never heard; the retry 25 hours later finds it: refunded once', async () => {
    const client = await createAccount({ name: 'Ada Client' });
    // A weekly series from 16 March on Tuesdays: March (three sessions, £80 each) paid.
    const seriesId = await stack.confirmedSeries(client);
    await stripe().pay(await stack.checkout(client, { seriesId }));
    await stripe().settled();
    const march23 = (await stack.sessionsOf(client, seriesId)).find((each) =>
      each.start.startsWith('2027-03-23'),
    );
    const slow = stripe().slowDown('POST /v1/refunds');
    try {
      expect((await request('POST', `/bookings/${march23?.id}/cancel`, client)).status).toBe(200);
      await slow.hungUp;
      // Stripe's charge.refunded is late (its retries take hours): held, not delivered.
      stripe().hold();
    } finally {
      slow.release();
    }
    await stripe().settled();
    expect(stripe().refunds.map((each) => each.amount)).toEqual([8000]);

    clock.now = new Date(NOW.getTime() + 25 * 60 * 60_000);
    await stack.api.context.reactions.run();
    await stripe().settled();
    expect(stripe().refunds.map((each) => each.amount)).toEqual([8000]);

    // Stripe's late event changes nothing: £80 back, one credit note.
    await stripe().release('as-made');
    await stripe().settled();
    await stack.api.deliveryIdle();
    const [march] = (await request('GET', '/payments', client)).json.payments as {
      refunded: number;
      creditNotes: { amount: number }[];
    }[];
    expect(march?.refunded).toBe(8000);
    expect(march?.creditNotes.map((each) => each.amount)).toEqual([8000]);
  });
});
