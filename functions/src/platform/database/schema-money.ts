import type { ColumnType, Generated } from 'kysely';

/** The money tables: payments, plans, refunds, credits, receipts and Stripe's events. */

export interface ReceiptLinkRevocationsTable {
  client_uid: string;
  revoked_at: Date;
}

export interface PaymentCustomersTable {
  client_uid: string;
  stripe_customer_id: string;
  created_at: Date;
}

export interface ReceiptCountersTable {
  kind: 'receipt' | 'credit-note';
  year: number;
  last: number;
}

export interface PaymentPlansTable {
  series_id: string;
  client_uid: string;
  stripe_subscription_id: string | null;
  cancel_at_period_end: ColumnType<boolean, boolean | undefined, boolean>;
  /** The plan's one open Checkout session (asking again expires it). */
  open_checkout_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When its subscription ended (the Customer Portal's cancellation, or the series' end). */
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
}

/** A Checkout being opened (Stripe asked, its answer not yet recorded); its id is the key. */
export interface CheckoutOpeningsTable {
  id: Generated<string>;
  booking_id: string | null;
  series_id: string | null;
  client_uid: string;
  started_at: Date;
}

export type PaymentRowStatus = 'pending' | 'paid' | 'failed' | 'refunded';

export interface PaymentsTable {
  id: Generated<string>;
  client_uid: string;
  client_email: string;
  client_name: string;
  booking_id: string | null;
  series_id: string | null;
  service_id: number;
  checkout_session_id: string | null;
  stripe_invoice_id: string | null;
  stripe_payment_intent_id: string | null;
  /** Pence, from the server's service list. */
  amount: number;
  currency: string;
  status: PaymentRowStatus;
  paid_at: Date | null;
  receipt_year: number | null;
  receipt_sequence: number | null;
  refunded: ColumnType<number, number | undefined, number>;
  card_brand: string | null;
  card_last4: string | null;
  period_start: Date | null;
  period_end: Date | null;
  /** A Checkout expired (asked again, or its session cancelled) before it was paid. */
  checkout_expired_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
}

export interface PaymentRefundsTable {
  id: Generated<string>;
  payment_id: string;
  booking_id: string | null;
  amount: number;
  credit_year: number;
  credit_sequence: number;
  stripe_refund_id: string | null;
  reason: string;
  /** Pending until Stripe says it succeeded (or failed: then nothing was given back). */
  status: ColumnType<RefundStatus, RefundStatus | undefined, RefundStatus>;
  created_at: Date;
  /** A series' refund: the occurrence whose share it gives back (one refund per occurrence). */
  session_start: ColumnType<Date | null, Date | null | undefined, never>;
}

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

export interface PaymentCreditsTable {
  id: Generated<string>;
  /** Null once the series has gone (0026): the credit stays on its payment's receipt. */
  series_id: string | null;
  booking_id: string | null;
  session_start: Date;
  amount: number;
  stripe_invoice_item_id: string | null;
  payment_id: string | null;
  reason: string;
  created_at: Date;
}

/** A Stripe subscription's own events' order, and its end (0017). */
export interface StripeSubscriptionsTable {
  subscription_id: string;
  series_id: string;
  last_event_at: Date;
  ended_at: Date | null;
}

/** A deleted account's series, for the money that still arrives for it (the webhook). */
export interface DeletedSeriesTable {
  series_id: string;
  client_uid: string;
  client_email: string;
  client_name: string;
  service_id: number;
  deleted_at: Date;
}

export interface PaymentEventsTable {
  event_id: string;
  type: string;
  created_at: Date;
  received_at: Date;
}
