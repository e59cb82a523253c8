/**
 * The webhook's state machine, as a pure function: from what the database holds about an event's
 * payment (loaded by the shell in webhook.ts) and the event, what changes and which email goes.
 * No database, no Stripe, no clock: the shell loads the state, calls nextPaymentState and applies
 * its effects in one transaction.
 */
import type { BookingRecord, Client } from '../bookings';
import type { PaymentRowStatus } from '../platform/database/schema';

/** How a payment was settled: when, by which payment intent, with which card. */
export interface Settlement {
  paidAt: Date;
  paymentIntentId: string | null;
  card: { brand: string; last4: string } | null;
}

interface EventBase {
  /** Stripe's event id (kept once: a replay or a retry changes nothing twice). */
  id: string;
  /** Stripe's event type, as it came. */
  stripeType: string;
  created: Date;
}

/** A refund as Stripe tells of it. */
export interface RefundFacts {
  stripeRefundId: string;
  paymentIntentId: string | null;
  amount: number;
  status: 'pending' | 'succeeded' | 'failed';
  /** Our refund row's id (the refund's metadata), when the practice asked for it. */
  ourRefundId: string | null;
}

/** A verified Stripe event, in the terms the rules need (the gateway makes it). */
export type PaymentEvent = EventBase &
  (
    | {
        type: 'subscription-checkout-completed';
        seriesId: string;
        subscriptionId: string | null;
        checkoutSessionId: string;
      }
    | {
        type: 'checkout-completed' | 'checkout-failed';
        checkoutSessionId: string;
        /** Checkout's payment_status is "paid". */
        paid: boolean;
        paymentIntentId: string | null;
      }
    | {
        type: 'invoice-paid' | 'invoice-failed';
        invoiceId: string | null;
        seriesId: string;
        subscriptionId: string | null;
        amountPaid: number;
        amountDue: number;
        /** Upper case (GBP). */
        currency: string;
        periodStart: Date;
        periodEnd: Date;
        paymentIntentId: string | null;
      }
    | {
        /** customer.subscription.updated or .deleted (a Portal cancellation, or its end). */
        type: 'subscription-changed';
        subscriptionId: string;
        seriesId: string;
        /** Deleted, or cancelled now. */
        ended: boolean;
        cancelAtPeriodEnd: boolean;
        endsAt: Date | null;
      }
    | {
        /** charge.refunded (its refunds are fetched: `refunds` null) or refund.updated. */
        type: 'refunds-changed';
        paymentIntentId: string | null;
        refunds: RefundFacts[] | null;
      }
    | { type: 'ignored' }
  );

/** A payment row as the rules see it. */
export interface PaymentFacts {
  id: string;
  status: PaymentRowStatus;
  seriesId: string | null;
  bookingId: string | null;
  periodEnd: Date | null;
}

/** What the database holds about an event's payment (only the parts its type needs). */
export interface PaymentStateFacts {
  now: Date;
  /** The card the event's payment intent was paid with (null: none, or Stripe did not say). */
  card: Settlement['card'];
  /** checkout-completed: the Checkout's payment row (locked), null when there is none. */
  checkout?: {
    payment: PaymentFacts | null;
    /** Its session has a paid (or refunded) payment already. */
    bookingSettled: boolean;
    /** Its session, which the receipt email is about. */
    booking: BookingRecord | null;
  };
  /** subscription-checkout-completed and invoices: the series in the metadata, null if none. */
  series?: {
    id: string;
    client: Client;
    serviceId: number;
    /** The monthly price of its service (0 when the service is gone). */
    monthlyPence: number;
    /** Its first session, which the series' emails are about. */
    firstBooking: BookingRecord | null;
  } | null;
  /** Invoices: the invoice's payment row (locked), null when there is none yet. */
  invoice?: PaymentFacts | null;
  /** Invoices: the series' paid, refunded and failed rows. */
  seriesPayments?: readonly Pick<PaymentFacts, 'id' | 'status' | 'periodEnd'>[];
}

/** A new invoice's payment row, made pending before its outcome is recorded. */
interface NewInvoicePayment {
  invoiceId: string;
  seriesId: string;
  client: Client;
  serviceId: number;
  amount: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
}

/** Which payment an effect is about: a row there, or an invoice's row to be made first. */
export type PaymentTarget = { id: string } | { newInvoice: NewInvoicePayment };

export type PaymentEffect =
  | { kind: 'save-plan'; seriesId: string; clientUid: string; subscriptionId: string | null }
  /** Paid, with the next receipt number; the receipt emailed about `receiptAbout` if given. */
  | {
      kind: 'mark-paid';
      payment: PaymentTarget;
      settlement: Settlement;
      receiptAbout: BookingRecord | null;
    }
  /** Failed; the client told the series' payment is due when `dueNotice` is given. */
  | {
      kind: 'mark-failed';
      payment: PaymentTarget;
      dueNotice: { booking: BookingRecord; amount: number; seriesId: string } | null;
    };

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
      // The first month's invoice makes the payment; the plan only learns its subscription.
      const series = state.series;
      if (!series) return nothing();
      return {
        state: { payment: null },
        effects: [
          {
            kind: 'save-plan',
            seriesId: series.id,
            clientUid: series.client.uid,
            subscriptionId: event.subscriptionId,
          },
        ],
      };
    }
    case 'checkout-completed': {
      const payment = state.checkout?.payment ?? null;
      if (!event.paid || !payment) return nothing(payment?.status);
      // Paid already (a retry under another event id), or a series' row: nothing more.
      if (payment.status !== 'pending' || payment.seriesId !== null) return nothing(payment.status);
      if (payment.bookingId && state.checkout?.bookingSettled) return nothing(payment.status);
      return {
        state: { payment: 'paid' },
        effects: [
          {
            kind: 'mark-paid',
            payment: { id: payment.id },
            settlement: settlementOf(state, event),
            receiptAbout: payment.bookingId ? (state.checkout?.booking ?? null) : null,
          },
        ],
      };
    }
    case 'invoice-paid':
    case 'invoice-failed':
      return invoiceTransition(state, event);
    default:
      // charge.refunded and the rest: refunds are recorded when the practice makes them.
      return nothing();
  }
}

type InvoiceEvent = Extract<PaymentEvent, { type: 'invoice-paid' | 'invoice-failed' }>;

/**
 * A subscription invoice, paid or failed, in any order: a paid invoice is never made failed
 * again, and a failed one becomes paid when its `invoice.paid` comes.
 */
function invoiceTransition(state: PaymentStateFacts, event: InvoiceEvent): PaymentTransition {
  const series = state.series;
  const row = state.invoice ?? null;
  if (!series || !event.invoiceId) return nothing(row?.status);
  const effects: PaymentEffect[] = [
    {
      kind: 'save-plan',
      seriesId: series.id,
      clientUid: series.client.uid,
      subscriptionId: event.subscriptionId,
    },
  ];
  const paid = event.type === 'invoice-paid';
  const amount = (paid ? event.amountPaid : event.amountDue) || series.monthlyPence;
  if (amount <= 0) return { state: { payment: row?.status ?? null }, effects };
  if (row && (row.status === 'paid' || row.status === 'refunded'))
    return { state: { payment: row.status }, effects };
  const payment: PaymentTarget = row
    ? { id: row.id }
    : {
        newInvoice: {
          invoiceId: event.invoiceId,
          seriesId: series.id,
          client: series.client,
          serviceId: series.serviceId,
          amount,
          currency: event.currency,
          periodStart: event.periodStart,
          periodEnd: event.periodEnd,
        },
      };
  const booking = series.firstBooking;
  if (paid) {
    effects.push({
      kind: 'mark-paid',
      payment,
      settlement: settlementOf(state, event),
      receiptAbout: booking,
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
    dueNotice: booking && plan.status === 'due' ? { booking, amount, seriesId: series.id } : null,
  });
  return { state: { payment: 'failed' }, effects };
}

function settlementOf(
  state: PaymentStateFacts,
  event: Extract<PaymentEvent, { paymentIntentId: string | null }>,
): Settlement {
  return { paidAt: event.created, paymentIntentId: event.paymentIntentId, card: state.card };
}
