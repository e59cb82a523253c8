import {
  MyPaymentsSchema,
  RedirectSchema,
  ReceiptLinksRevocationSchema,
  ReceiptSchema,
  type CheckoutRequest,
} from '../../shared/payments-api';
import { config } from '../config/env';
import { ApiError, apiRequest } from './api';

/** Starts Stripe Checkout for a confirmed, unpaid session or series: where to send the browser. */
export function startCheckout(request: CheckoutRequest) {
  return apiRequest('/api/payments/checkout', RedirectSchema, { method: 'POST', body: request });
}

/** Stripe's Customer Portal (update the card, cancel): where to send the browser. */
export function openPortal() {
  return apiRequest('/api/payments/portal', RedirectSchema, { method: 'POST' });
}

/** Stops every receipt and credit-note link emailed so far (later ones open as usual). */
export function revokeReceiptLinks() {
  return apiRequest('/api/account/receipt-links/revocation', ReceiptLinksRevocationSchema, {
    method: 'POST',
  });
}

/** The signed-in client's own payments and monthly plans. */
export function fetchMyPayments(signal?: AbortSignal) {
  return apiRequest('/api/payments', MyPaymentsSchema, { signal });
}

/** Where a document is read: the client's own under /api/payments, any client's (hers) under /api/practice. */
const documentsPath = (asPractitioner: boolean) =>
  asPractitioner ? '/api/practice/payments' : '/api/payments';

/** One receipt, with every field an insurer asks for. */
export function fetchReceipt(id: string, signal?: AbortSignal, asPractitioner = false) {
  return apiRequest(`${documentsPath(asPractitioner)}/${encodeURIComponent(id)}`, ReceiptSchema, {
    signal,
  });
}

/** One credit note (a refund), with the same fields as a receipt. */
export function fetchCreditNote(id: string, signal?: AbortSignal, asPractitioner = false) {
  return apiRequest(
    `${documentsPath(asPractitioner)}/credit-notes/${encodeURIComponent(id)}`,
    ReceiptSchema,
    { signal },
  );
}

/** Stripe's own pages: Checkout and the Customer Portal. */
const STRIPE_HOSTS = ['checkout.stripe.com', 'billing.stripe.com'];

/**
 * Whether a payment address from the API is Stripe's own (https), or on a local stack (one with
 * the Auth emulator) the Stripe stand-in on this machine.
 */
export function isPaymentPage(url: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.protocol === 'https:' && STRIPE_HOSTS.includes(target.hostname)) return true;
  return (
    config.authEmulatorUrl !== undefined &&
    target.protocol === 'http:' &&
    ['127.0.0.1', 'localhost'].includes(target.hostname)
  );
}

/** Leaves the site for a page of Stripe's (Checkout, Customer Portal), and for nowhere else. */
export function goTo(url: string) {
  if (!isPaymentPage(url)) {
    throw new ApiError(
      'The payment page could not be opened safely. Please try again, or email the practice.',
      0,
    );
  }
  window.location.assign(url);
}
