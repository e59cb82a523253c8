import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';
import { retryPendingRefunds } from './refunds';

// A refund is recorded before Stripe is asked, so none is ever lost: one Stripe did not answer
// is asked again by the scheduled job (the same key, the same parameters) until Stripe makes or
// refuses it; a refund made in the Dashboard meanwhile is capped at what is left.
const NOW = new Date('2027-03-01T09:00:00Z');
const FEE = 6000;
const MINUTE = 60_000;
const { client, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  practitioner: { practitioner: true },
});

interface PaymentView {
  id: string;
  status: string;
  refunded: number;
  creditNotes: { number: string; amount: number }[];
}

describe.each(DATABASE_KINDS)('refunds Stripe has not made yet, on %s', (kind) => {
  const stack = usePaymentsStack(kind, { start: NOW, practitioner: () => practitioner });
  const { request, stripe, mailTo } = stack;
  const mine = async () =>
    ((await request('GET', '/payments', client)).json as { payments: PaymentView[] }).payments;
  const later = (minutes: number) => {
    stack.clock.now = new Date(NOW.getTime() + minutes * MINUTE);
    return retryPendingRefunds(stack.api.context, stack.clock.now);
  };

  /** A paid session, and her refund of `amount` that Stripe never received (a 503 to her). */
  async function refundStripeMissed(amount: number) {
    const bookingId = await stack.confirmedSession(client);
    await stripe().pay(await stack.checkout(client, { bookingId }));
    const [payment] = await mine();
    const intent = [...stripe().checkouts.values()][0]?.paymentIntent;
    if (!payment || !intent) throw new Error('not paid');
    stripe().dropNext(2);
    const answer = await request('POST', `/practice/payments/${payment.id}/refund`, practitioner, {
      amount,
    });
    expect(answer.status).toBe(503);
    expect(stripe().refunds).toEqual([]);
    return { payment, intent };
  }

  it('is made by the scheduled job, once, with the refund’s own key; the client gets the credit note', async () => {
    await refundStripeMissed(2000);
    await later(1);
    expect(stripe().refunds).toEqual([]);
    await later(3);
    await stack.api.deliveryIdle();
    expect(stripe().refunds.map((each) => each.amount)).toEqual([2000]);
    await mailTo(client.email, /^Refund of £20\.00$/);
    await later(10);
    await stripe().settled();
    expect(stripe().refunds).toHaveLength(1);
    expect(await mine()).toEqual([
      expect.objectContaining({
        status: 'paid',
        refunded: 2000,
        creditNotes: [expect.objectContaining({ amount: 2000 })],
      }),
    ]);
  });

  it('one Stripe refuses is released, and her payments say so (its credit note number kept, at £0.00)', async () => {
    const { intent } = await refundStripeMissed(FEE);
    // Refunded in full at Stripe by another way, its event lost: Stripe now refuses ours.
    const charged = stripe().intents.get(intent);
    if (!charged) throw new Error('no intent');
    charged.refunded = FEE;
    await later(3);
    expect(stripe().refunds).toEqual([]);
    const month = await request('GET', '/practice/payments?month=2027-03', practitioner);
    expect(month.json.refunds).toEqual([
      expect.objectContaining({
        amount: 0,
        creditNoteNumber: 'MP-CN-2027-0001',
        reason: 'Not refunded: Stripe refused it (charge_already_refunded)',
      }),
    ]);
    expect((await mine())[0]).toMatchObject({ status: 'paid', refunded: 0 });
  });

  it('a Dashboard refund on top is capped at what is left: ours gives way, never twice the fee', async () => {
    const { intent } = await refundStripeMissed(2000);
    await stripe().dashboardRefund(intent, 5000);
    expect((await mine())[0]).toMatchObject({
      refunded: 5000,
      creditNotes: [expect.objectContaining({ amount: 5000 })],
    });
    await later(3);
    expect(stripe().refunds.map((each) => each.amount)).toEqual([5000]);
    expect((await mine())[0]).toMatchObject({ refunded: 5000 });
    expect(stripe().delivered.filter((each) => each.status !== 200)).toEqual([]);
  });
});
