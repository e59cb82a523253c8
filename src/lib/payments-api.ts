import {
  MyPaymentsSchema,
  RedirectSchema,
  ReceiptSchema,
  type CheckoutRequest,
} from '../../shared/payments-api';
import { apiRequest } from './api';

/** Starts Stripe Checkout for a confirmed, unpaid session or series: where to send the browser. */
export function startCheckout(request: CheckoutRequest) {
  return apiRequest('/api/payments/checkout', RedirectSchema, { method: 'POST', body: request });
}

/** Stripe's Customer Portal (update the card, cancel): where to send the browser. */
export function openPortal() {
  return apiRequest('/api/payments/portal', RedirectSchema, { method: 'POST' });
}

/** The signed-in client's own payments and monthly plans. */
export function fetchMyPayments(signal?: AbortSignal) {
  return apiRequest('/api/payments', MyPaymentsSchema, { signal });
}

/** One receipt, with every field an insurer asks for. */
export function fetchReceipt(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/payments/${encodeURIComponent(id)}`, ReceiptSchema, { signal });
}

/** One credit note (a refund), with the same fields as a receipt. */
export function fetchCreditNote(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/payments/credit-notes/${encodeURIComponent(id)}`, ReceiptSchema, {
    signal,
  });
}

/** Leaves the site for a page of Stripe's (Checkout, Customer Portal). */
export function goTo(url: string) {
  window.location.assign(url);
}
