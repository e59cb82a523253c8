/** What the practice asks the card payment service (gateway.ts) to make. */

/**
 * Stripe keeps an idempotency key at least this long and no longer is promised
 * (https://docs.stripe.com/api/idempotent_requests): a thing first asked longer ago is looked
 * for at Stripe before it is asked again.
 */
export const IDEMPOTENCY_KEY_KEPT_MS = 24 * 60 * 60_000;

/** A refund of ours: the payment intent, the pence, and our refund row's id (its key). */
export interface RefundInput {
  paymentIntentId: string;
  amount: number;
  refundId: string;
}

export interface CheckoutInput {
  mode: 'payment' | 'subscription';
  customer: string;
  /** What the client sees on Checkout's page. */
  productName: string;
  /** Pence (a month's, for a subscription). */
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  /** One per opening (queries-openings.ts): a retry of the same ask is the same Checkout. */
  idempotencyKey: string;
}
