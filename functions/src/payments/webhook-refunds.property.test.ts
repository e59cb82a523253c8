import fc from 'fast-check';
import { nextPaymentState, type PaymentEvent, type PaymentStateFacts } from './webhook-rules';

// Over any mix of refunds of ours still pending (Stripe never made them) and refunds Stripe made
// in its Dashboard (never more, in all, than the charge), `charge.refunded` records exactly what
// Stripe made and never takes the payment's refunded past what was paid.
const event: PaymentEvent = {
  id: 'evt_1',
  created: new Date('2027-03-01T09:00:00Z'),
  stripeType: 'charge.refunded',
  type: 'refunds-changed',
  paymentIntentId: 'pi_1',
  refunds: null,
};

const scenario = fc
  .integer({ min: 1, max: 100_000 })
  .chain((paid) =>
    fc.record({
      paid: fc.constant(paid),
      pending: fc.array(fc.integer({ min: 1, max: paid }), { maxLength: 4 }),
      dashboard: fc.array(fc.integer({ min: 1, max: paid }), { maxLength: 4 }),
    }),
  )
  .map(({ paid, pending, dashboard }) => {
    // What Stripe allows: its refunds never pass the charge; ours held never pass it either.
    const fits = (amounts: number[]) => {
      let left = paid;
      return amounts.filter((amount) => (amount <= left ? ((left -= amount), true) : false));
    };
    return { paid, pending: fits(pending), dashboard: fits(dashboard) };
  });

describe('charge.refunded over any refunds', () => {
  it('records what Stripe made, never more than was paid', () => {
    fc.assert(
      fc.property(scenario, ({ paid, pending, dashboard }) => {
        const held = pending.reduce((sum, amount) => sum + amount, 0);
        const state: PaymentStateFacts = {
          now: event.created,
          card: null,
          refunds: {
            payment: { id: 'payment-1', amount: paid, refunded: held },
            known: pending.map((amount, index) => ({
              id: `ours-${index}`,
              stripeRefundId: null,
              status: 'pending',
              amount,
            })),
            incoming: dashboard.map((amount, index) => ({
              stripeRefundId: `re_${index}`,
              paymentIntentId: 'pi_1',
              amount,
              status: 'succeeded' as const,
              ourRefundId: null,
            })),
          },
        };
        let refunded = held;
        let recorded = 0;
        for (const effect of nextPaymentState(state, event).effects) {
          if (effect.kind === 'release-refund')
            refunded -= pending[Number(effect.refundId.split('-')[1])] ?? 0;
          if (effect.kind === 'record-refund') {
            expect(effect.refund.amount).toBeGreaterThan(0);
            refunded += effect.refund.amount;
            recorded += effect.refund.amount;
          }
        }
        expect(refunded).toBeLessThanOrEqual(paid);
        expect(recorded).toBe(dashboard.reduce((sum, amount) => sum + amount, 0));
      }),
      { seed: 45, numRuns: 500 },
    );
  });
});
