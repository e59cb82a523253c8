/**
 * The webhook's state machine, as a pure function: from what the database holds about an event's
 * payment (loaded by the shell in webhook.ts) and the event, what changes and which email goes.
 * No database, no Stripe, no clock: the shell loads the state, calls nextPaymentState and applies
 * its effects in one transaction.
 */

import type { PaymentRowStatus } from '../platform/database/schema';
import type {
  PaymentEffect,
  PaymentEvent,
  PaymentFacts,
  PaymentStateFacts,
  PaymentTarget,
  Settlement,
} from './webhook-events';

export type {
  PaymentEffect,
  PaymentEvent,
  PaymentFacts,
  PaymentStateFacts,
  PaymentTarget,
  RefundFacts,
  Settlement,
} from './webhook-events';

interface PaymentTransition {
  /** The payment's state after the event (unchanged when nothing happens). */
  state: { payment: PaymentRowStatus | null };
  effects: PaymentEffect[];
}

const nothing = (status: PaymentRowStatus | null = null): PaymentTransition => ({
  state: { payment: status },
  effects: [],
});

/**
 * A series' plan from its rows, whatever order its invoices' events came in: paid to the latest
 * paid period's end; due while a failed invoice's period reaches past that.
 */
export function planStatus(
  rows: readonly { status: PaymentRowStatus; period_end: Date | null }[],
  now: Date,
): { status: 'paid' | 'due' | 'unpaid'; paidUntil: Date | null } {
  let paidUntil: Date | null = null;
  for (const row of rows) {
    if (row.status === 'failed' || !row.period_end) continue;
    if (!paidUntil || row.period_end > paidUntil) paidUntil = row.period_end;
  }
  const failedPast = rows.some(
    (row) => row.status === 'failed' && (!paidUntil || (row.period_end ?? now) > paidUntil),
  );
  const status = failedPast
    ? 'due'
    : paidUntil && paidUntil > now
      ? 'paid'
      : paidUntil
        ? 'due'
        : 'unpaid';
  return { status, paidUntil };
}

/** The next state of the payment an event is about, and what to do to get there. */
export function nextPaymentState(state: PaymentStateFacts, event: PaymentEvent): PaymentTransition {
  switch (event.type) {
    case 'subscription-checkout-completed': {
      // The first month's invoice makes the payment; the plan only learns its subscription,
      // unless it has a live one already or the series is over: then this one is cancelled (and
      // its invoice refunded when it comes).
      const series = state.series;
      // A Checkout paid a moment before the account's deletion expired it: no further charge
      // (its invoice is refunded in full when it comes).
      if (!series && state.deletedSeries && event.subscriptionId)
        return {
          state: { payment: null },
          effects: [{ kind: 'cancel-subscription', subscriptionId: event.subscriptionId }],
        };
      if (!series || state.subscription?.ended) return nothing();
      if (foreignSubscription(state, event.subscriptionId) && event.subscriptionId)
        return {
          state: { payment: null },
          effects: [{ kind: 'cancel-subscription', subscriptionId: event.subscriptionId }],
        };
      return {
        state: { payment: null },
        effects: [
          {
            kind: 'save-plan',
            seriesId: series.id,
            clientUid: series.client.uid,
            subscriptionId: event.subscriptionId,
            closedCheckout: event.checkoutSessionId,
          },
        ],
      };
    }
    case 'checkout-completed':
    case 'checkout-failed': {
      const checkout = state.checkout;
      const payment = checkout?.payment ?? null;
      // No such Checkout, a series' row, or decided already (a retry under another event id).
      if (!checkout || !payment || payment.status !== 'pending' || payment.seriesId !== null)
        return nothing(payment?.status);
      if (event.type === 'checkout-failed')
        return {
          state: { payment: 'failed' },
          effects: [{ kind: 'mark-failed', payment: { id: payment.id }, dueNotice: null }],
        };
      // A delayed method (Bacs Direct Debit): nothing until its money arrives or fails.
      if (!event.paid) return nothing(payment.status);
      // A one-off payment's session is gone only when its account was deleted.
      const late = checkout.bookingSettled
        ? 'Refunded automatically: the session was already paid'
        : !payment.bookingId
          ? 'Refunded automatically: the account was deleted before this payment arrived'
          : !checkout.bookingOpen
            ? 'Refunded automatically: the session was cancelled before this payment arrived'
            : null;
      if (late)
        return {
          state: { payment: 'refunded' },
          effects: [
            {
              kind: 'refund-in-full',
              payment: { id: payment.id },
              settlement: settlementOf(state, event),
              reason: late,
            },
          ],
        };
      return {
        state: { payment: 'paid' },
        effects: [
          {
            kind: 'mark-paid',
            payment: { id: payment.id },
            settlement: settlementOf(state, event),
            receiptAbout: payment.bookingId ? checkout.booking : null,
          },
        ],
      };
    }
    case 'subscription-changed':
      return planTransition(state, event);
    case 'refunds-changed':
      return refundsTransition(state);
    case 'invoice-paid':
    case 'invoice-failed':
      return invoiceTransition(state, event);
    default:
      return nothing();
  }
}

/**
 * A subscription that is not the plan's: the plan has another live one, or the series is over.
 * (The stored subscription id changes only through its own events: it is set once, when none.)
 */
function foreignSubscription(state: PaymentStateFacts, subscriptionId: string | null): boolean {
  const plan = state.plan;
  if (!subscriptionId) return false;
  if (plan?.subscriptionId && !plan.ended) return plan.subscriptionId !== subscriptionId;
  return plan ? !plan.seriesOpen : false;
}

type PlanEvent = Extract<PaymentEvent, { type: 'subscription-changed' }>;

/**
 * The plan's own subscription set to end at its period's end (the Portal), resumed, or ended,
 * in Stripe's order: an event older than one applied already changes nothing, and nothing
 * changes a subscription that has ended.
 */
function planTransition(state: PaymentStateFacts, event: PlanEvent): PaymentTransition {
  const plan = state.plan;
  const series = state.series;
  const known = state.subscription;
  if (!series || known?.ended) return nothing();
  if (known?.lastEventAt && event.created < known.lastEventAt) return nothing();
  const seen: PaymentEffect = {
    kind: 'subscription-seen',
    subscriptionId: event.subscriptionId,
    seriesId: series.id,
    at: event.created,
    ended: event.ended,
  };
  if (!plan || plan.ended || plan.subscriptionId !== event.subscriptionId)
    return { state: { payment: null }, effects: [seen] };
  const ending = event.ended || event.cancelAtPeriodEnd;
  if (!event.ended && ending === plan.ending) return { state: { payment: null }, effects: [seen] };
  return {
    state: { payment: null },
    effects: [seen, { kind: 'plan-changed', seriesId: series.id, ending, ended: event.ended }],
  };
}

/**
 * Stripe's word on a payment's refunds: ours settled, any other (the Dashboard's) recorded,
 * capped at what is left of the payment. A refund of ours still pending that Stripe has not
 * made gives way to one made in the Dashboard that needs its room (Stripe would refuse it now):
 * released with a note, newest first.
 */
function refundsTransition(state: PaymentStateFacts): PaymentTransition {
  const facts = state.refunds;
  if (!facts?.payment) return nothing();
  const effects: PaymentEffect[] = [];
  let left = facts.payment.amount - facts.payment.refunded;
  const madeOurs = new Set(facts.incoming.map((each) => each.ourRefundId));
  const madeIds = new Set(facts.incoming.map((each) => each.stripeRefundId));
  const releasable = facts.known
    .filter(
      (row) =>
        row.status === 'pending' &&
        !madeOurs.has(row.id) &&
        !(row.stripeRefundId && madeIds.has(row.stripeRefundId)),
    )
    .reverse();
  for (const refund of facts.incoming) {
    const ours = facts.known.find(
      (row) => row.id === refund.ourRefundId || row.stripeRefundId === refund.stripeRefundId,
    );
    if (ours) {
      if (ours.status === 'pending' && refund.status !== 'pending')
        effects.push({ kind: 'settle-refund', refundId: ours.id, refund });
      continue;
    }
    if (refund.status === 'failed') continue;
    while (refund.amount > left && releasable.length > 0) {
      const released = releasable.shift();
      if (!released) break;
      left += released.amount;
      effects.push({
        kind: 'release-refund',
        refundId: released.id,
        note: 'Not refunded: a refund made in Stripe’s Dashboard took its place',
      });
    }
    const amount = Math.min(refund.amount, left);
    if (amount <= 0) continue;
    left -= amount;
    effects.push({
      kind: 'record-refund',
      paymentId: facts.payment.id,
      refund: { ...refund, amount },
    });
  }
  return { state: { payment: null }, effects };
}

type InvoiceEvent = Extract<PaymentEvent, { type: 'invoice-paid' | 'invoice-failed' }>;

/**
 * A subscription invoice, paid or failed, in any order: a paid invoice is never made failed
 * again, and a failed one becomes paid when its `invoice.paid` comes.
 */
function invoiceTransition(state: PaymentStateFacts, event: InvoiceEvent): PaymentTransition {
  const series = state.series;
  const row = state.invoice ?? null;
  if (!series && state.deletedSeries && event.invoiceId)
    return deletedSeriesInvoice(state.deletedSeries, row, state, event);
  if (!series || !event.invoiceId) return nothing(row?.status);
  const paid = event.type === 'invoice-paid';
  const amount = paid ? event.amountPaid : event.amountDue;
  const newInvoice = {
    invoiceId: event.invoiceId,
    seriesId: series.id,
    client: series.client,
    serviceId: series.serviceId,
    amount,
    currency: event.currency,
    periodStart: event.periodStart,
    periodEnd: event.periodEnd,
  };
  const ended = state.subscription?.ended ?? false;
  if (foreignSubscription(state, event.subscriptionId) && event.subscriptionId) {
    // A second subscription of the series (two tabs), or one for a series that is over.
    const effects: PaymentEffect[] = ended
      ? []
      : [{ kind: 'cancel-subscription', subscriptionId: event.subscriptionId }];
    if (!paid || amount <= 0 || (row && row.status !== 'pending' && row.status !== 'failed'))
      return { state: { payment: row?.status ?? null }, effects };
    effects.push({
      kind: 'refund-in-full',
      payment: row ? { id: row.id } : { newInvoice },
      settlement: { ...settlementOf(state, event), amount },
      reason: 'Refunded automatically: a second monthly plan for the same sessions was cancelled',
    });
    return { state: { payment: 'refunded' }, effects };
  }
  // A late invoice of an ended subscription is recorded; the subscription stays ended.
  const effects: PaymentEffect[] = ended
    ? []
    : [
        {
          kind: 'save-plan',
          seriesId: series.id,
          clientUid: series.client.uid,
          subscriptionId: event.subscriptionId,
        },
      ];
  // A zero invoice (every session of its month credited) is paid with no receipt: its row
  // still says the period is paid.
  if (amount < 0 || (!paid && amount === 0))
    return { state: { payment: row?.status ?? null }, effects };
  if (row && (row.status === 'paid' || row.status === 'refunded'))
    return { state: { payment: row.status }, effects };
  const payment: PaymentTarget = row ? { id: row.id } : { newInvoice };
  const booking = series.firstBooking;
  if (paid) {
    effects.push({
      kind: 'mark-paid',
      payment,
      settlement: { ...settlementOf(state, event), amount },
      receiptAbout: amount > 0 ? booking : null,
    });
    return { state: { payment: 'paid' }, effects };
  }
  if (row?.status === 'failed') return { state: { payment: 'failed' }, effects };
  // Due once this failure is counted: the series' other rows, and this one failed.
  const others = (state.seriesPayments ?? []).filter((each) => each.id !== row?.id);
  const plan = planStatus(
    [
      ...others.map((each) => ({ status: each.status, period_end: each.periodEnd })),
      { status: 'failed', period_end: row ? row.periodEnd : event.periodEnd },
    ],
    state.now,
  );
  effects.push({
    kind: 'mark-failed',
    payment,
    dueNotice:
      booking && !ended && plan.status === 'due' ? { booking, amount, seriesId: series.id } : null,
  });
  return { state: { payment: 'failed' }, effects };
}

/**
 * An invoice of a series deleted with its account (Stripe collected it before the deletion's
 * cancel reached it, or it came of a Checkout paid as it expired): the subscription cancelled, and
 * money taken kept with its receipt and refunded in full, never kept for a deleted account.
 */
function deletedSeriesInvoice(
  deleted: NonNullable<PaymentStateFacts['deletedSeries']>,
  row: PaymentFacts | null,
  state: PaymentStateFacts,
  event: InvoiceEvent,
): PaymentTransition {
  const effects: PaymentEffect[] = event.subscriptionId
    ? [{ kind: 'cancel-subscription', subscriptionId: event.subscriptionId }]
    : [];
  const amount = event.type === 'invoice-paid' ? event.amountPaid : 0;
  if (
    amount <= 0 ||
    !event.invoiceId ||
    (row && row.status !== 'pending' && row.status !== 'failed')
  )
    return { state: { payment: row?.status ?? null }, effects };
  const newInvoice = {
    invoiceId: event.invoiceId,
    seriesId: null,
    client: deleted.client,
    serviceId: deleted.serviceId,
    amount,
    currency: event.currency,
    periodStart: event.periodStart,
    periodEnd: event.periodEnd,
  };
  effects.push({
    kind: 'refund-in-full',
    payment: row ? { id: row.id } : { newInvoice },
    settlement: { ...settlementOf(state, event), amount },
    reason: 'Refunded automatically: the account was deleted before this payment arrived',
  });
  return { state: { payment: 'refunded' }, effects };
}

function settlementOf(
  state: PaymentStateFacts,
  event: Extract<PaymentEvent, { paymentIntentId: string | null }>,
): Settlement {
  return { paidAt: event.created, paymentIntentId: event.paymentIntentId, card: state.card };
}
