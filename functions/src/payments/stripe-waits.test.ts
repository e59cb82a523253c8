import { createAccount, type TestAccount } from '../testing/accounts';
import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';
import { releaseStaleOpenings } from './queries-openings';
import { retryPendingRefunds } from './refunds';
import { STRIPE_SILENT } from './stripe-budget';

// No Stripe call while a session's row or a receipt counter is locked, and every request that
// calls Stripe answers within its budget (issue 45).
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const { practitioner } = await createAccounts({ practitioner: { practitioner: true } });
/** A test's budget for all of a request's Stripe calls (15 s in production). */
const SHORT_BUDGET_MS = 1_500;

interface PaymentView {
  id: string;
  status: string;
  receiptNumber: string | null;
}

describe.each(DATABASE_KINDS)('Stripe slow or silent on %s', (kind) => {
  describe('nothing waits on Stripe behind a lock', () => {
    const stack = usePaymentsStack(kind, { start: NOW, practitioner: () => practitioner });
    const { request, stripe } = stack;
    let client: TestAccount;
    beforeEach(async () => {
      client = await createAccount({ name: 'Ada Client' });
    });
    const checkoutsAt = () => [...stripe().checkouts.values()].map((each) => each.status);

    it('while Stripe is slow to open a Checkout, her cancelling the session answers at once; the Checkout is closed and the client told why', async () => {
      const bookingId = await stack.confirmedSession(client, 5);
      const slow = stripe().slowDown('POST /v1/checkout/sessions');
      const answered: string[] = [];
      try {
        const paying = request('POST', '/payments/checkout', client, { bookingId }).then(
          (answer) => {
            answered.push('checkout');
            return answer;
          },
        );
        await slow.arrived;
        const cancelled = await request(
          'POST',
          `/practice/bookings/${bookingId}/cancel`,
          practitioner,
        );
        answered.push('cancel');
        expect(cancelled.status).toBe(200);
        // Her answer came while the client's Checkout was still waiting on Stripe.
        expect(answered).toEqual(['cancel']);
        slow.release();
        const paid = await paying;
        expect(paid.status).toBe(422);
        expect(paid.json.detail).toBe(
          'This session was cancelled, so nothing is owed for it. To meet again, choose Book a session on My bookings.',
        );
      } finally {
        slow.release();
      }
      // The Checkout Stripe made meanwhile cannot take a payment; the next Pay is refused.
      expect(checkoutsAt()).toEqual(['expired']);
      expect((await request('POST', '/payments/checkout', client, { bookingId })).status).toBe(422);
    });

    it('a second Pay while the first Checkout is being opened is answered at once; the first opens, and Pay again later works', async () => {
      const bookingId = await stack.confirmedSession(client, 5);
      const slow = stripe().slowDown('POST /v1/checkout/sessions');
      try {
        const first = request('POST', '/payments/checkout', client, { bookingId });
        await slow.arrived;
        const second = await request('POST', '/payments/checkout', client, { bookingId });
        expect(second.status).toBe(409);
        expect(second.contentType).toMatch(/problem\+json/);
        expect(second.json.detail).toBe(
          'A payment page for this is being opened in another tab or window: use that one, or try again in a minute.',
        );
        slow.release();
        expect((await first).status).toBe(201);
      } finally {
        slow.release();
      }
      // One Checkout at a time: asking again now closes the first.
      const again = await request('POST', '/payments/checkout', client, { bookingId });
      expect(again.status).toBe(201);
      expect(checkoutsAt().sort()).toEqual(['expired', 'open']);
    });

    it('an opening left by a request that never finished (its process ended) is released by the minute job, once stale', async () => {
      const bookingId = await stack.confirmedSession(client, 5);
      await stack.db
        .insertInto('checkout_openings')
        .values({ booking_id: bookingId, client_uid: client.uid, started_at: NOW })
        .execute();
      const pay = () => request('POST', '/payments/checkout', client, { bookingId });
      expect((await pay()).status).toBe(409);
      const seconds = (count: number) => new Date(NOW.getTime() + count * 1000);
      expect(await releaseStaleOpenings(stack.db, seconds(30))).toBe(0);
      expect((await pay()).status).toBe(409);
      expect(await releaseStaleOpenings(stack.db, seconds(61))).toBe(1);
      expect(await releaseStaleOpenings(stack.db, seconds(61))).toBe(0);
      expect((await pay()).status).toBe(201);
    });

    it('two payments at once: the receipt counter is not held across Stripe; the second is not kept waiting, and the numbers follow on', async () => {
      const other = await createAccount({ name: 'Ben Client' });
      const first = await stack.checkout(client, {
        bookingId: await stack.confirmedSession(client),
      });
      const second = await stack.checkout(other, {
        bookingId: await stack.confirmedSession(other, 4),
      });
      stripe().hold();
      await stripe().pay(first);
      await stripe().pay(second);
      const [firstEvent, secondEvent] = stripe().sent.filter(
        (each) => each.type === 'checkout.session.completed',
      );
      const firstIntent = [...stripe().checkouts.values()].find((each) =>
        first.endsWith(each.id),
      )?.paymentIntent;
      if (!firstEvent || !secondEvent || !firstIntent) throw new Error('not paid');
      // Stripe is slow to tell the first payment's card: its webhook waits on it.
      const slow = stripe().slowDown(`GET /v1/payment_intents/${firstIntent}`);
      try {
        const firstDelivered = stripe().redeliver(firstEvent.id);
        await slow.arrived;
        expect(await stripe().redeliver(secondEvent.id)).toBe(200);
        const [secondPaid] = (await request('GET', '/payments', other)).json
          .payments as PaymentView[];
        expect(secondPaid?.receiptNumber).toBe('MP-2027-0001');
        expect((await request('GET', '/payments', client)).json.payments).toEqual([]);
        slow.release();
        expect(await firstDelivered).toBe(200);
      } finally {
        slow.release();
        await stripe().release('as-made');
      }
      const [firstPaid] = (await request('GET', '/payments', client)).json
        .payments as PaymentView[];
      expect(firstPaid?.receiptNumber).toBe('MP-2027-0002');
    });
  });

  describe('a Stripe that does not answer', () => {
    const stack = usePaymentsStack(kind, {
      start: NOW,
      practitioner: () => practitioner,
      stripeBudgetMs: SHORT_BUDGET_MS,
    });
    const { request, stripe } = stack;
    let client: TestAccount;
    beforeEach(async () => {
      client = await createAccount({ name: 'Ada Client' });
    });

    /** A call to the API timed, with its problem. */
    async function timed(path: string, who: TestAccount, body: unknown) {
      const started = performance.now();
      const answer = await request('POST', path, who, body);
      return { answer, elapsed: performance.now() - started };
    }

    it('Pay answers 503 problem+json within the budget, nothing charged; once Stripe answers, Pay works', async () => {
      const bookingId = await stack.confirmedSession(client);
      stripe().pause();
      try {
        const { answer, elapsed } = await timed('/payments/checkout', client, { bookingId });
        expect(answer.status).toBe(503);
        expect(answer.contentType).toMatch(/problem\+json/);
        expect(answer.json.detail).toBe(STRIPE_SILENT.charge);
        expect(answer.json.detail).toBe(
          'The card payment service did not answer; nothing was charged. Try again in a minute.',
        );
        expect(elapsed).toBeLessThan(SHORT_BUDGET_MS + 1_000);
      } finally {
        stripe().resume();
      }
      // Nothing half done: no payment, and the next Pay opens a Checkout at once.
      expect((await request('GET', '/payments', client)).json.payments).toEqual([]);
      expect((await request('POST', '/payments/checkout', client, { bookingId })).status).toBe(201);
    });

    it('a series’ Pay too', async () => {
      const seriesId = await stack.confirmedSeries(client);
      stripe().pause();
      try {
        const { answer, elapsed } = await timed('/payments/checkout', client, { seriesId });
        expect(answer.status).toBe(503);
        expect(answer.json.detail).toBe(STRIPE_SILENT.charge);
        expect(elapsed).toBeLessThan(SHORT_BUDGET_MS + 1_000);
      } finally {
        stripe().resume();
      }
      expect((await request('POST', '/payments/checkout', client, { seriesId })).status).toBe(201);
    });

    it('her refund answers 503 within the budget, saying it will be asked for again; it is made once', async () => {
      const bookingId = await stack.confirmedSession(client);
      await stripe().pay(await stack.checkout(client, { bookingId }));
      const [payment] = (await request('GET', '/payments', client)).json.payments as PaymentView[];
      if (!payment) throw new Error('not paid');
      stripe().pause();
      try {
        const { answer, elapsed } = await timed(
          `/practice/payments/${payment.id}/refund`,
          practitioner,
          { amount: 1000 },
        );
        expect(answer.status).toBe(503);
        expect(answer.json.detail).toBe(STRIPE_SILENT.refund);
        expect(elapsed).toBeLessThan(SHORT_BUDGET_MS + 1_000);
      } finally {
        stripe().resume();
      }
      // Held pending: the minute job asks again (Stripe may have made it meanwhile: it is
      // found, not made twice).
      stack.clock.now = new Date(NOW.getTime() + 3 * 60_000);
      await retryPendingRefunds(stack.api.context, stack.clock.now);
      await stripe().settled();
      await stack.api.deliveryIdle();
      expect(stripe().refunds.map((each) => each.amount)).toEqual([1000]);
      const [refunded] = (await request('GET', '/payments', client)).json.payments as {
        refunded: number;
      }[];
      expect(refunded?.refunded).toBe(1000);
    });
  });
});
