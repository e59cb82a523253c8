/**
 * The webhook's terms (webhook-rules.ts decides in them): a verified Stripe event as the gateway
 * makes it, what the database holds about its payment, and the effects the rules ask for.
 */
import type { BookingRecord, Client } from '../bookings';
import type { PaymentRowStatus } from '../platform/database/schema';

/** How a payment was settled: when, by which payment intent, with which card. */
export interface Settlement {
  /** Pence actually taken (an invoice's amount_paid); the row's own amount when not given. */
  amount?: number;
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
        /**
         * The invoice items on it (a credit for a cancelled session is one): only these credits
         * are its own. Null until its lines are all read (Stripe embeds the first handful).
         */
        invoiceItemIds: string[] | null;
        /**
         * The session each credit line is for, by its invoice item (the item's metadata, which its
         * line carries): a credit whose item's id we never recorded is found by its session.
         */
        creditBookings?: Readonly<Record<string, string>>;
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
    /** Its session is confirmed: it can still be paid (not cancelled or declined meanwhile). */
    bookingOpen: boolean;
    /** Its session, which the receipt email is about. */
    booking: BookingRecord | null;
  };
  /** The series' plan (subscription events and invoices); null when it has none. */
  plan?: {
    subscriptionId: string | null;
    ending: boolean;
    ended: boolean;
    /** The series is confirmed (not ended, declined or still a request). */
    seriesOpen: boolean;
  } | null;
  /** refunds-changed: the payment refunded (by its payment intent) and its refund rows. */
  refunds?: {
    payment: { id: string; amount: number; refunded: number } | null;
    known: readonly { id: string; stripeRefundId: string | null; status: string; amount: number }[];
    incoming: readonly RefundFacts[];
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
  /**
   * Subscription events and invoices whose series is gone: deleted with its account, whose it
   * was and for which service (what its money is then recorded and refunded under).
   */
  deletedSeries?: { client: Client; serviceId: number } | null;
  /**
   * Subscription events and invoices: what is known of the event's subscription (its row
   * locked): when its latest applied event was made, and whether it has ended.
   */
  subscription?: { lastEventAt: Date | null; ended: boolean };
  /** Invoices: the invoice's payment row (locked), null when there is none yet. */
  invoice?: PaymentFacts | null;
  /** Invoices: the series' paid, refunded and failed rows. */
  seriesPayments?: readonly Pick<PaymentFacts, 'id' | 'status' | 'periodEnd'>[];
}

/** A new invoice's payment row, made pending before its outcome is recorded. */
interface NewInvoicePayment {
  invoiceId: string;
  /** Null for a series deleted with its account. */
  seriesId: string | null;
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
  | {
      kind: 'save-plan';
      seriesId: string;
      clientUid: string;
      subscriptionId: string | null;
      /** The Checkout that completed: no longer the plan's open one. */
      closedCheckout?: string;
    }
  /**
   * Money that arrived for what can no longer be paid (a session paid already, cancelled or
   * declined; a second subscription of a series): kept with its receipt, refunded in full at
   * once with its credit note, the client emailed.
   */
  | {
      kind: 'refund-in-full';
      payment: PaymentTarget;
      settlement: Settlement;
      reason: string;
    }
  /** A subscription that must not charge: cancelled now. */
  | { kind: 'cancel-subscription'; subscriptionId: string }
  /** A subscription's event applied at `at` (Stripe's `created`); `ended`: it has ended. */
  | {
      kind: 'subscription-seen';
      subscriptionId: string;
      seriesId: string;
      at: Date;
      ended: boolean;
    }
  /** The plan's subscription set to end (Portal), resumed, or ended. */
  | { kind: 'plan-changed'; seriesId: string; ending: boolean; ended: boolean }
  /** A refund of ours settled by Stripe's word. */
  | { kind: 'settle-refund'; refundId: string; refund: RefundFacts }
  /** A pending refund of ours that Stripe will not make: failed, with a note she sees. */
  | { kind: 'release-refund'; refundId: string; note: string }
  /** A refund made outside the app (the Dashboard): recorded with its credit note. */
  | { kind: 'record-refund'; paymentId: string; refund: RefundFacts }
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
