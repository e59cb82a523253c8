import type { BookingRecord } from '../bookings';
import {
  nextPaymentState,
  planStatus,
  type PaymentEvent,
  type PaymentFacts,
  type PaymentStateFacts,
  type RefundFacts,
} from './webhook-rules';

// The webhook's decisions without a database: each event type, repeats and out-of-order events.
const NOW = new Date('2027-03-01T09:00:00Z');
const DAY = 86_400_000;
const SERIES = '7d3c4b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
const client = { uid: 'client-1', email: 'ada@example.com', name: 'Ada Client' };
const booking = {
  id: 'b7c4c4e0-8c1e-4d7a-9a39-3f4f1c2b9d10',
  client,
  serviceId: 1,
  seriesId: null,
  start: new Date(NOW.getTime() + 3 * DAY),
  end: new Date(NOW.getTime() + 3 * DAY + 50 * 60_000),
} as unknown as BookingRecord;
const card = { brand: 'visa', last4: '4242' };
const base = { id: 'evt_1', created: NOW };

const checkoutEvent = (paid = true): PaymentEvent => ({
  ...base,
  stripeType: 'checkout.session.completed',
  type: 'checkout-completed',
  checkoutSessionId: 'cs_test_1',
  paid,
  paymentIntentId: 'pi_1',
});
const pending = (over: Partial<PaymentFacts> = {}): PaymentFacts => ({
  id: 'payment-1',
  status: 'pending',
  seriesId: null,
  bookingId: booking.id,
  periodEnd: null,
  ...over,
});
const checkoutState = (
  payment: PaymentFacts | null,
  bookingSettled = false,
  bookingOpen = true,
): PaymentStateFacts => ({
  now: NOW,
  card,
  checkout: { payment, bookingSettled, bookingOpen, booking },
});

const period = {
  start: new Date(NOW.getTime() + 30 * DAY),
  end: new Date(NOW.getTime() + 60 * DAY),
};
const invoiceEvent = (
  type: 'invoice-paid' | 'invoice-failed',
  over: Partial<Extract<PaymentEvent, { invoiceId: string | null }>> = {},
): PaymentEvent => ({
  ...base,
  stripeType: type === 'invoice-paid' ? 'invoice.paid' : 'invoice.payment_failed',
  type,
  invoiceId: 'in_1',
  seriesId: SERIES,
  subscriptionId: 'sub_1',
  amountPaid: type === 'invoice-paid' ? 24_000 : 0,
  amountDue: 24_000,
  currency: 'GBP',
  periodStart: period.start,
  periodEnd: period.end,
  invoiceItemIds: [],
  paymentIntentId: type === 'invoice-paid' ? 'pi_2' : null,
  ...over,
});
const series = {
  id: SERIES,
  client,
  serviceId: 1,
  monthlyPence: 24_000,
  firstBooking: booking,
};
const invoiceState = (
  invoice: PaymentFacts | null,
  seriesPayments: PaymentStateFacts['seriesPayments'] = [],
): PaymentStateFacts => ({ now: NOW, card, series, invoice, seriesPayments });
const savePlan = {
  kind: 'save-plan',
  seriesId: SERIES,
  clientUid: client.uid,
  subscriptionId: 'sub_1',
};
const newInvoice = {
  invoiceId: 'in_1',
  seriesId: SERIES,
  client,
  serviceId: 1,
  amount: 24_000,
  currency: 'GBP',
  periodStart: period.start,
  periodEnd: period.end,
};

describe('nextPaymentState: checkout.session.completed (one session)', () => {
  it('a pending payment becomes paid, with its receipt emailed about the session', () => {
    expect(nextPaymentState(checkoutState(pending()), checkoutEvent())).toEqual({
      state: { payment: 'paid' },
      effects: [
        {
          kind: 'mark-paid',
          payment: { id: 'payment-1' },
          settlement: { paidAt: NOW, paymentIntentId: 'pi_1', card },
          receiptAbout: booking,
        },
      ],
    });
  });

  it('a payment whose session went with its deleted account is refunded in full', () => {
    // A one-off Checkout always names its session: it is gone only with the account.
    const next = nextPaymentState(checkoutState(pending({ bookingId: null })), checkoutEvent());
    expect(next.effects).toEqual([
      expect.objectContaining({
        kind: 'refund-in-full',
        reason: 'Refunded automatically: the account was deleted before this payment arrived',
      }),
    ]);
  });

  it('not paid (payment_status unpaid), or no such Checkout: nothing', () => {
    expect(nextPaymentState(checkoutState(pending()), checkoutEvent(false)).effects).toEqual([]);
    expect(nextPaymentState(checkoutState(null), checkoutEvent())).toEqual({
      state: { payment: null },
      effects: [],
    });
  });

  it('repeated under another event id (already paid or refunded): nothing more', () => {
    for (const status of ['paid', 'refunded', 'failed'] as const) {
      expect(nextPaymentState(checkoutState(pending({ status })), checkoutEvent())).toEqual({
        state: { payment: status },
        effects: [],
      });
    }
  });

  it('a series row: nothing', () => {
    const seriesRow = pending({ seriesId: SERIES });
    expect(nextPaymentState(checkoutState(seriesRow), checkoutEvent()).effects).toEqual([]);
  });

  it('a session another payment paid already, or no longer open (cancelled, declined): refunded in full', () => {
    for (const state of [checkoutState(pending(), true), checkoutState(pending(), false, false)]) {
      expect(nextPaymentState(state, checkoutEvent())).toEqual({
        state: { payment: 'refunded' },
        effects: [
          {
            kind: 'refund-in-full',
            payment: { id: 'payment-1' },
            settlement: { paidAt: NOW, paymentIntentId: 'pi_1', card },
            reason: expect.stringMatching(/^Refunded automatically: /),
          },
        ],
      });
    }
  });

  it('a delayed payment: nothing until it succeeds; failed: the row failed', () => {
    expect(nextPaymentState(checkoutState(pending()), checkoutEvent(false)).effects).toEqual([]);
    const failed = { ...checkoutEvent(false), type: 'checkout-failed' } as PaymentEvent;
    expect(nextPaymentState(checkoutState(pending()), failed).effects).toEqual([
      { kind: 'mark-failed', payment: { id: 'payment-1' }, dueNotice: null },
    ]);
  });
});

describe('nextPaymentState: checkout.session.completed (a series subscription)', () => {
  const event: PaymentEvent = {
    ...base,
    stripeType: 'checkout.session.completed',
    type: 'subscription-checkout-completed',
    seriesId: SERIES,
    subscriptionId: 'sub_1',
    checkoutSessionId: 'cs_test_2',
  };
  it('the plan learns its subscription; the payment comes with the invoice', () => {
    expect(nextPaymentState({ now: NOW, card: null, series }, event)).toEqual({
      state: { payment: null },
      effects: [{ ...savePlan, closedCheckout: 'cs_test_2' }],
    });
  });
  it('a second subscription (the plan has a live one) or a series that is over: cancelled', () => {
    const plan = { subscriptionId: 'sub_0', ending: false, ended: false, seriesOpen: true };
    const cancel = [{ kind: 'cancel-subscription', subscriptionId: 'sub_1' }];
    expect(nextPaymentState({ now: NOW, card: null, series, plan }, event).effects).toEqual(cancel);
    const over = { ...plan, subscriptionId: null, seriesOpen: false };
    expect(nextPaymentState({ now: NOW, card: null, series, plan: over }, event).effects).toEqual(
      cancel,
    );
  });
  it('an unknown series: nothing', () => {
    expect(nextPaymentState({ now: NOW, card: null, series: null }, event).effects).toEqual([]);
  });
});

describe('nextPaymentState: invoice.paid', () => {
  it('a new invoice: the plan saved, its row made and paid, the receipt about the first session', () => {
    expect(nextPaymentState(invoiceState(null), invoiceEvent('invoice-paid'))).toEqual({
      state: { payment: 'paid' },
      effects: [
        savePlan,
        {
          kind: 'mark-paid',
          payment: { newInvoice },
          settlement: { paidAt: NOW, paymentIntentId: 'pi_2', card, amount: 24_000 },
          receiptAbout: booking,
        },
      ],
    });
  });

  it('the amount actually paid; a zero invoice pays its period with no receipt email', () => {
    const credited = invoiceEvent('invoice-paid', { amountPaid: 18_000 });
    expect(nextPaymentState(invoiceState(null), credited).effects[1]).toMatchObject({
      payment: { newInvoice: { amount: 18_000 } },
      settlement: { amount: 18_000 },
    });
    const zero = invoiceEvent('invoice-paid', { amountPaid: 0 });
    expect(nextPaymentState(invoiceState(null), zero).effects[1]).toMatchObject({
      payment: { newInvoice: { amount: 0 } },
      settlement: { amount: 0 },
      receiptAbout: null,
    });
  });

  it('an invoice of a second subscription: cancelled, and its payment refunded in full', () => {
    const plan = { subscriptionId: 'sub_0', ending: false, ended: false, seriesOpen: true };
    const next = nextPaymentState({ ...invoiceState(null), plan }, invoiceEvent('invoice-paid'));
    expect(next.state).toEqual({ payment: 'refunded' });
    expect(next.effects).toEqual([
      { kind: 'cancel-subscription', subscriptionId: 'sub_1' },
      expect.objectContaining({ kind: 'refund-in-full', payment: { newInvoice } }),
    ]);
  });

  it('the same invoice paid twice (another event id): the second changes nothing', () => {
    const paid = pending({ status: 'paid', seriesId: SERIES, bookingId: null });
    expect(nextPaymentState(invoiceState(paid), invoiceEvent('invoice-paid'))).toEqual({
      state: { payment: 'paid' },
      effects: [savePlan],
    });
  });

  it('paid after it failed (out of order or a later retry): the failed row becomes paid', () => {
    const failed = pending({ status: 'failed', seriesId: SERIES, bookingId: null });
    const next = nextPaymentState(invoiceState(failed), invoiceEvent('invoice-paid'));
    expect(next.state).toEqual({ payment: 'paid' });
    expect(next.effects[1]).toMatchObject({ kind: 'mark-paid', payment: { id: 'payment-1' } });
  });

  it('a refunded invoice stays refunded', () => {
    const refunded = pending({ status: 'refunded', seriesId: SERIES, bookingId: null });
    expect(nextPaymentState(invoiceState(refunded), invoiceEvent('invoice-paid')).effects).toEqual([
      savePlan,
    ]);
  });

  it('an unknown series, or an invoice without an id: nothing', () => {
    expect(
      nextPaymentState({ now: NOW, card, series: null }, invoiceEvent('invoice-paid')).effects,
    ).toEqual([]);
    const noId = invoiceEvent('invoice-paid', { invoiceId: null });
    expect(nextPaymentState(invoiceState(null), noId).effects).toEqual([]);
  });

  it('a series with no session left: paid, with no email', () => {
    const state = { ...invoiceState(null), series: { ...series, firstBooking: null } };
    expect(nextPaymentState(state, invoiceEvent('invoice-paid')).effects[1]).toMatchObject({
      kind: 'mark-paid',
      receiptAbout: null,
    });
  });
});

describe('nextPaymentState: invoice.payment_failed', () => {
  it('a new invoice failed: its row made failed, the client told the series is due', () => {
    expect(nextPaymentState(invoiceState(null), invoiceEvent('invoice-failed'))).toEqual({
      state: { payment: 'failed' },
      effects: [
        savePlan,
        {
          kind: 'mark-failed',
          payment: { newInvoice },
          dueNotice: { booking, amount: 24_000, seriesId: SERIES },
        },
      ],
    });
  });

  it('failed twice (a repeat under another id): the second changes nothing', () => {
    const failed = pending({ status: 'failed', seriesId: SERIES, bookingId: null });
    expect(nextPaymentState(invoiceState(failed), invoiceEvent('invoice-failed'))).toEqual({
      state: { payment: 'failed' },
      effects: [savePlan],
    });
  });

  it('failed after it was paid (out of order): it stays paid', () => {
    const paid = pending({ status: 'paid', seriesId: SERIES, bookingId: null });
    expect(nextPaymentState(invoiceState(paid), invoiceEvent('invoice-failed'))).toEqual({
      state: { payment: 'paid' },
      effects: [savePlan],
    });
  });

  it('a failure for a period already paid past: marked failed, no “payment due” email', () => {
    const later = [
      { id: 'payment-2', status: 'paid' as const, periodEnd: new Date(NOW.getTime() + 90 * DAY) },
    ];
    const next = nextPaymentState(invoiceState(null, later), invoiceEvent('invoice-failed'));
    expect(next.effects[1]).toEqual({
      kind: 'mark-failed',
      payment: { newInvoice },
      dueNotice: null,
    });
  });

  it('a pending row of the invoice is marked failed by its id', () => {
    const row = pending({ seriesId: SERIES, bookingId: null, periodEnd: period.end });
    const next = nextPaymentState(invoiceState(row, [row]), invoiceEvent('invoice-failed'));
    expect(next.effects[1]).toMatchObject({ kind: 'mark-failed', payment: { id: 'payment-1' } });
  });
});

describe('nextPaymentState: other events', () => {
  it('refunds: ours settled once, one made in the Dashboard recorded, a failed one nothing', () => {
    const refund = (over: Partial<RefundFacts>): RefundFacts => ({
      stripeRefundId: 're_1',
      paymentIntentId: 'pi_1',
      amount: 6000,
      status: 'succeeded',
      ourRefundId: null,
      ...over,
    });
    const event: PaymentEvent = {
      ...base,
      stripeType: 'charge.refunded',
      type: 'refunds-changed',
      paymentIntentId: 'pi_1',
      refunds: null,
    };
    const state =
      (known: { id: string; stripeRefundId: string | null; status: string; amount: number }[]) =>
      (incoming: RefundFacts[]): PaymentStateFacts => ({
        now: NOW,
        card: null,
        refunds: { payment: { id: 'payment-1', amount: 6000, refunded: 0 }, known, incoming },
      });
    const ours = refund({ ourRefundId: 'refund-1' });
    expect(
      nextPaymentState(
        state([{ id: 'refund-1', stripeRefundId: null, status: 'pending', amount: 6000 }])([ours]),
        event,
      ).effects,
    ).toEqual([{ kind: 'settle-refund', refundId: 'refund-1', refund: ours }]);
    expect(
      nextPaymentState(
        state([{ id: 'refund-1', stripeRefundId: 're_1', status: 'succeeded', amount: 6000 }])([
          ours,
        ]),
        event,
      ).effects,
    ).toEqual([]);
    const dashboard = refund({ stripeRefundId: 're_2' });
    expect(nextPaymentState(state([])([dashboard]), event).effects).toEqual([
      { kind: 'record-refund', paymentId: 'payment-1', refund: dashboard },
    ]);
    expect(nextPaymentState(state([])([refund({ status: 'failed' })]), event).effects).toEqual([]);
  });

  it('a Dashboard refund is capped at what is left; a pending refund of ours Stripe never made gives way to it', () => {
    const event: PaymentEvent = {
      ...base,
      stripeType: 'charge.refunded',
      type: 'refunds-changed',
      paymentIntentId: 'pi_1',
      refunds: null,
    };
    const dashboard: RefundFacts = {
      stripeRefundId: 're_dash',
      paymentIntentId: 'pi_1',
      amount: 5000,
      status: 'succeeded',
      ourRefundId: null,
    };
    const pending = { id: 'refund-1', stripeRefundId: null, status: 'pending', amount: 2000 };
    const facts = (refunded: number, known: (typeof pending)[]): PaymentStateFacts => ({
      now: NOW,
      card: null,
      refunds: {
        payment: { id: 'payment-1', amount: 6000, refunded },
        known,
        incoming: [dashboard],
      },
    });
    // 2000 of ours held, never made at Stripe: released, and the Dashboard's 5000 recorded.
    expect(nextPaymentState(facts(2000, [pending]), event).effects).toEqual([
      {
        kind: 'release-refund',
        refundId: 'refund-1',
        note: 'Not refunded: a refund made in Stripe’s Dashboard took its place',
      },
      { kind: 'record-refund', paymentId: 'payment-1', refund: dashboard },
    ]);
    // 4000 refunded already (made): only what is left, 2000, is recorded.
    expect(nextPaymentState(facts(4000, []), event).effects).toEqual([
      { kind: 'record-refund', paymentId: 'payment-1', refund: { ...dashboard, amount: 2000 } },
    ]);
  });

  it('the plan’s own subscription set to end in the Portal, then ended; another’s: nothing', () => {
    const changed = (over: Partial<Extract<PaymentEvent, { type: 'subscription-changed' }>>) =>
      ({
        ...base,
        stripeType: 'customer.subscription.updated',
        type: 'subscription-changed',
        subscriptionId: 'sub_1',
        seriesId: SERIES,
        ended: false,
        cancelAtPeriodEnd: true,
        endsAt: period.end,
        ...over,
      }) as PaymentEvent;
    const plan = { subscriptionId: 'sub_1', ending: false, ended: false, seriesOpen: true };
    const state = { now: NOW, card: null, series, plan };
    const seen = (ended: boolean, subscriptionId = 'sub_1') => ({
      kind: 'subscription-seen',
      subscriptionId,
      seriesId: SERIES,
      at: base.created,
      ended,
    });
    expect(nextPaymentState(state, changed({})).effects).toEqual([
      seen(false),
      { kind: 'plan-changed', seriesId: SERIES, ending: true, ended: false },
    ]);
    expect(
      nextPaymentState({ ...state, plan: { ...plan, ending: true } }, changed({})).effects,
    ).toEqual([seen(false)]);
    expect(nextPaymentState(state, changed({ ended: true })).effects).toEqual([
      seen(true),
      { kind: 'plan-changed', seriesId: SERIES, ending: true, ended: true },
    ]);
    expect(nextPaymentState(state, changed({ subscriptionId: 'sub_2' })).effects).toEqual([
      seen(false, 'sub_2'),
    ]);
  });

  it('a subscription’s events apply in Stripe’s order; an ended subscription never returns', () => {
    const plan = { subscriptionId: 'sub_1', ending: false, ended: false, seriesOpen: true };
    const older: PaymentEvent = {
      ...base,
      stripeType: 'customer.subscription.updated',
      type: 'subscription-changed',
      subscriptionId: 'sub_1',
      seriesId: SERIES,
      ended: false,
      cancelAtPeriodEnd: true,
      endsAt: period.end,
    };
    const later = new Date(base.created.getTime() + 60_000);
    expect(
      nextPaymentState(
        { now: NOW, card: null, series, plan, subscription: { lastEventAt: later, ended: false } },
        older,
      ).effects,
    ).toEqual([]);
    expect(
      nextPaymentState(
        { now: NOW, card: null, series, plan, subscription: { lastEventAt: null, ended: true } },
        older,
      ).effects,
    ).toEqual([]);
  });

  it('charge.refunded and the rest change nothing (refunds are recorded when made)', () => {
    const event: PaymentEvent = { ...base, stripeType: 'charge.refunded', type: 'ignored' };
    expect(nextPaymentState({ now: NOW, card: null }, event)).toEqual({
      state: { payment: null },
      effects: [],
    });
  });

  it('decides without touching its input', () => {
    const state = Object.freeze(checkoutState(Object.freeze(pending())));
    const event = Object.freeze(checkoutEvent());
    const first = nextPaymentState(state, event);
    expect(nextPaymentState(state, event)).toEqual(first);
  });
});

describe('planStatus', () => {
  const at = (days: number) => new Date(NOW.getTime() + days * DAY);
  it('unpaid with no rows; paid to the latest paid period; due once that has passed', () => {
    expect(planStatus([], NOW)).toEqual({ status: 'unpaid', paidUntil: null });
    const rows = [
      { status: 'paid' as const, period_end: at(30) },
      { status: 'refunded' as const, period_end: at(60) },
    ];
    expect(planStatus(rows, NOW)).toEqual({ status: 'paid', paidUntil: at(60) });
    expect(planStatus(rows, at(61))).toEqual({ status: 'due', paidUntil: at(60) });
  });
  it('due while a failed period reaches past what is paid, whatever the order', () => {
    const paid = { status: 'paid' as const, period_end: at(30) };
    const failed = { status: 'failed' as const, period_end: at(60) };
    expect(planStatus([paid, failed], NOW).status).toBe('due');
    expect(planStatus([failed, paid], NOW).status).toBe('due');
    expect(planStatus([{ ...failed, period_end: at(20) }, paid], NOW).status).toBe('paid');
  });
});
