import { createAccount, type TestAccount } from '../testing/accounts';
import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';
import { retryPendingRefunds } from './refunds';
import { STRIPE_SILENT } from './stripe-budget';

/**
 * Stripe carries out a request it received whatever the caller does afterwards; a retry with the
 * same idempotency key is answered with the saved result
 * (https://docs.stripe.com/api/idempotent_requests). Here our request gives up on a call the
 * stand-in holds (the request's budget is spent), the stand-in still carries it out once released,
 * and our retry under the same key finds it: one thing made, not two.
 */
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const { practitioner } = await createAccounts({ practitioner: { practitioner: true } });
/** A test's budget for all of a request's Stripe calls (15 s in production). */
const SHORT_BUDGET_MS = 1_500;

describe.each(DATABASE_KINDS)('Stripe made it but our request gave up, on %s', (kind) => {
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
  /** The Stripe customers made for one client (the stand-in keeps every test's). */
  const customersOf = (who: TestAccount) =>
    [...stripe().customers.entries()]
      .filter(([, customer]) => customer.metadata.clientUid === who.uid)
      .map(([id]) => id);

  it('her refund: 503, Stripe still makes it, and the minute job’s retry (same key) finds it: one refund', async () => {
    const bookingId = await stack.confirmedSession(client);
    await stripe().pay(await stack.checkout(client, { bookingId }));
    const [payment] = (await request('GET', '/payments', client)).json.payments as {
      id: string;
    }[];
    if (!payment) throw new Error('not paid');
    const slow = stripe().slowDown('POST /v1/refunds');
    try {
      const answer = await request(
        'POST',
        `/practice/payments/${payment.id}/refund`,
        practitioner,
        {
          amount: 1000,
        },
      );
      expect(answer.status).toBe(503);
      expect(answer.json.detail).toBe(STRIPE_SILENT.refund);
      await slow.hungUp;
    } finally {
      // Answered after our request hung up: Stripe carries it out all the same.
      slow.release();
    }
    await stripe().settled();
    expect(stripe().refunds.map((each) => each.amount)).toEqual([1000]);
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

  it('her Stripe customer on a first Pay: 503, Stripe still makes it, and Pay again (same key) gets it: one customer', async () => {
    const bookingId = await stack.confirmedSession(client);
    const slow = stripe().slowDown('POST /v1/customers');
    try {
      const answer = await request('POST', '/payments/checkout', client, { bookingId });
      expect(answer.status).toBe(503);
      expect(answer.json.detail).toBe(STRIPE_SILENT.charge);
      await slow.hungUp;
    } finally {
      slow.release();
    }
    await stripe().settled();
    expect(customersOf(client)).toHaveLength(1);
    expect((await request('POST', '/payments/checkout', client, { bookingId })).status).toBe(201);
    const made = customersOf(client);
    expect(made).toHaveLength(1);
    const [checkout] = [...stripe().checkouts.values()];
    expect(checkout?.customer).toBe(made[0]);
  });
});
