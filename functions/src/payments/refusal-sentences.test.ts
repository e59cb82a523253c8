import { createAccount, type TestAccount } from '../testing/accounts';
import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';

// Each refusal of Pay says what is true and what the client can do (issue 45): a cancelled
// session is not waiting to be confirmed, an ended series is not waiting either, and a Stripe
// that did not answer while the earlier payment page was being closed may have left it open.
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const { practitioner } = await createAccounts({ practitioner: { practitioner: true } });
/** A test's budget for all of a request's Stripe calls (15 s in production). */
const SHORT_BUDGET_MS = 1_500;

describe.each(DATABASE_KINDS)('why Pay is refused, on %s', (kind) => {
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

  it('Pay on a session the practice cancelled: 422, nothing is owed, and how to book again', async () => {
    const bookingId = await stack.confirmedSession(client, 5);
    const cancelled = await request('POST', `/practice/bookings/${bookingId}/cancel`, practitioner);
    expect(cancelled.status).toBe(200);
    const paid = await request('POST', '/payments/checkout', client, { bookingId });
    expect(paid.status).toBe(422);
    expect(paid.contentType).toMatch(/problem\+json/);
    expect(paid.json.detail).toBe(
      'This session was cancelled, so nothing is owed for it. To meet again, choose Book a session on My bookings.',
    );
  });

  it('Pay on a series that has ended: 422, nothing more is owed, and how to book again', async () => {
    const seriesId = await stack.confirmedSeries(client);
    const ended = await request('POST', `/series/${seriesId}/end`, client);
    expect(ended.status).toBe(200);
    const paid = await request('POST', '/payments/checkout', client, { seriesId });
    expect(paid.status).toBe(422);
    expect(paid.contentType).toMatch(/problem\+json/);
    expect(paid.json.detail).toBe(
      'This series has ended, so nothing more is owed for it. To meet again, choose Book a session on My bookings.',
    );
  });

  it('Pay again while Stripe does not answer the closing of the first payment page: 503 says that page may still take a payment, and Pay again closes it', async () => {
    const bookingId = await stack.confirmedSession(client);
    await stack.checkout(client, { bookingId });
    const [first] = [...stripe().checkouts.values()];
    if (!first) throw new Error('no Checkout');
    const slow = stripe().slowDown(`POST /v1/checkout/sessions/${first.id}/expire`);
    try {
      const again = await request('POST', '/payments/checkout', client, { bookingId });
      expect(again.status).toBe(503);
      expect(again.contentType).toMatch(/problem\+json/);
      expect(again.json.detail).toBe(
        'The card payment service did not answer while closing the payment page you opened before, so that page may still take a payment. If you paid on it, its receipt shows on Billing once the payment is confirmed; if not, press Pay again: it closes that page first.',
      );
      // What it says is true: the first page is still open and could take a payment.
      expect(first.status).toBe('open');
    } finally {
      slow.release();
    }
    await stripe().settled();
    // Pay again, as the sentence says: the first page is closed and a new one opened.
    expect((await request('POST', '/payments/checkout', client, { bookingId })).status).toBe(201);
    expect([...stripe().checkouts.values()].map((each) => each.status).sort()).toEqual([
      'expired',
      'open',
    ]);
  });
});
