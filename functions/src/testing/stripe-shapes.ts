/**
 * What the Stripe stand-in (stripe-stand-in.ts) answers and shows: its records, the SDK's object
 * shapes for the pinned API version, its form parsing and its hosted pages.
 */
import { randomBytes } from 'node:crypto';

export const SUCCEEDS = '4242424242424242';
export const DECLINES = '4000000000000002';

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface CheckoutRecord {
  id: string;
  mode: 'payment' | 'subscription';
  amount: number;
  currency: string;
  productName: string;
  customer: string | null;
  customerEmail: string | null;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete' | 'expired';
  /** "unpaid" while a delayed method (Bacs Direct Debit) has not settled. */
  paymentStatus: 'paid' | 'unpaid';
  /** The payment intent it was paid by (a one-off payment). */
  paymentIntent: string | null;
  subscription: string | null;
}

export interface SubscriptionRecord {
  id: string;
  customer: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  /** The first period's start: every period starts a whole number of months after it. */
  anchor: number;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  status: 'active' | 'canceled';
  last4: string;
  /** Invoice items waiting for the next invoice (negative: a credit). */
  pendingItems: {
    id: string;
    amount: number;
    description: string;
    metadata: Record<string, string>;
    /** Unix seconds, by the stand-in's clock. */
    created: number;
  }[];
  /** Invoice items an invoice has taken (draft, open or paid): Stripe still lists them. */
  invoicedItems: (SubscriptionRecord['pendingItems'][number] & { invoice: string })[];
}

/**
 * `months` calendar months after a Unix time, on the same day of the month (the month's last day
 * when it is shorter), as Stripe bills a monthly subscription from its anchor.
 */
export function monthsAfter(anchor: number, months: number): number {
  const date = new Date(anchor * 1000);
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

/** Nested form keys (`a[b][c]`) as Stripe's SDK encodes them, back to a plain object. */
export function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

export const text = (value: unknown) => (typeof value === 'string' ? value : '');
export const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
export const strings = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(record(value)).map(([k, v]) => [k, text(v)]));

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}label{display:block;margin-top:1rem}input{display:block;width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}button,a.button{margin-top:1.5rem;padding:.6rem 1.2rem;font-size:1rem;background:#0a2540;color:#fff;border:0;border-radius:4px;text-decoration:none;display:inline-block}:focus-visible{outline:3px solid #635bff;outline-offset:2px}.error{color:#a4001d;font-weight:600}</style></head>
<body><main>${body}</main></body></html>`;
}

export function checkoutObject(base: string, checkout: CheckoutRecord) {
  return {
    id: checkout.id,
    object: 'checkout.session',
    mode: checkout.mode,
    status: checkout.status,
    payment_status: checkout.paymentStatus,
    amount_total: checkout.amount,
    currency: checkout.currency,
    customer: checkout.customer,
    customer_email: checkout.customerEmail,
    metadata: checkout.metadata,
    success_url: checkout.successUrl,
    cancel_url: checkout.cancelUrl,
    url: checkout.status === 'open' ? `${base}/pay/${checkout.id}` : null,
    payment_intent: checkout.paymentIntent,
    subscription: checkout.subscription,
  };
}

/** A charge as `charge.refunded` carries it (its refunds are listed separately since 2022-11-15). */
export function chargeObject(intent: {
  id: string;
  charge: string;
  amount: number;
  refunded: number;
}) {
  return {
    id: intent.charge,
    object: 'charge',
    amount: intent.amount,
    amount_refunded: intent.refunded,
    currency: 'gbp',
    payment_intent: intent.id,
    refunded: intent.refunded >= intent.amount,
    status: 'succeeded',
  };
}

export function subscriptionObject(subscription: SubscriptionRecord) {
  return {
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customer,
    status: subscription.status,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    cancel_at: subscription.cancelAtPeriodEnd ? subscription.periodEnd : null,
    metadata: subscription.metadata,
    items: {
      object: 'list',
      data: [
        {
          object: 'subscription_item',
          current_period_start: subscription.periodStart,
          current_period_end: subscription.periodEnd,
        },
      ],
    },
  };
}

/**
 * An invoice as Stripe sends it in `invoice.paid` / `invoice.payment_failed`. Two rules of the
 * real thing the stand-in keeps so the code cannot lean on what Stripe does not promise:
 * - `payments` is an includable field, left out unless asked for with `expand[]=payments`, and
 *   never in a webhook (https://docs.stripe.com/api/invoices/object#invoice_object-payments,
 *   https://docs.stripe.com/expand#includable-properties): the payment intent is asked of
 *   `GET /v1/invoice_payments?invoice=…` (https://docs.stripe.com/api/invoice-payment/list).
 * - lines come in no promised order (https://docs.stripe.com/api/invoices/object#invoice_object-lines):
 *   here the invoice items (a credit for a cancelled session) come before the subscription's line,
 *   each naming its parent (https://docs.stripe.com/api/invoice-line-item/object#invoice_line_item_object-parent).
 * All its lines are here; what is sent carries only the first of them (invoiceAsSent).
 */
export function invoiceObject(
  base: string,
  subscription: SubscriptionRecord,
  paid: boolean,
  items: SubscriptionRecord['pendingItems'] = [],
  id = newId('in'),
  created = subscription.periodStart,
) {
  const amount = subscription.amount + items.reduce((sum, item) => sum + item.amount, 0);
  const line = (lineAmount: number, description: string | null) => ({
    id: newId('il'),
    object: 'line_item' as const,
    amount: lineAmount,
    currency: subscription.currency,
    description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: id,
    livemode: false,
    metadata: {},
    pretax_credit_amounts: [],
    pricing: null,
    quantity: 1,
    taxes: [],
  });
  return {
    id,
    object: 'invoice' as const,
    customer: subscription.customer,
    currency: subscription.currency,
    amount_due: Math.max(0, amount),
    amount_paid: paid ? Math.max(0, amount) : 0,
    amount_remaining: paid ? 0 : Math.max(0, amount),
    billing_reason: 'subscription_cycle',
    created,
    livemode: false,
    status: paid ? 'paid' : 'open',
    // An invoice's own period is the one before its lines' (Stripe bills in advance), so the
    // billing period is read from the subscription's line.
    period_start: created,
    period_end: created,
    hosted_invoice_url: `${base}/portal/${subscription.id}`,
    lines: {
      object: 'list' as const,
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
      data: [
        // An invoice item's line carries the item's metadata (a credit's booking).
        ...items.map((item) => ({
          ...line(item.amount, item.description),
          metadata: item.metadata,
          parent: {
            type: 'invoice_item_details',
            invoice_item_details: {
              invoice_item: item.id,
              proration: false,
              proration_details: null,
              subscription: subscription.id,
            },
            subscription_item_details: null,
          },
          period: { start: subscription.periodStart, end: subscription.periodStart },
        })),
        {
          ...line(subscription.amount, null),
          // A subscription's line carries the subscription's metadata.
          metadata: subscription.metadata,
          parent: {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: false,
              proration_details: null,
              subscription: subscription.id,
              subscription_item: `si_${subscription.id.slice(4)}`,
            },
          },
          period: { start: subscription.periodStart, end: subscription.periodEnd },
        },
      ],
    },
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
  };
}

export type InvoiceObject = ReturnType<typeof invoiceObject>;
type InvoiceLine = InvoiceObject['lines']['data'][number];

/**
 * How many of an invoice's lines it carries. Stripe gives "the first handful of those items",
 * with `has_more` and a URL to list them all (https://docs.stripe.com/api/invoice-line-item/retrieve),
 * and promises no number: the stand-in carries the fewest a list can, one, so code that reads any
 * other line (the subscription's, after a credit's) has to list them as it must on Stripe.
 */
const INVOICE_LINES_CARRIED = 1;

/** A page of an invoice's lines, as an invoice carries them or `GET /v1/invoices/:id/lines` lists them. */
export function linesPage(invoiceId: string, lines: readonly InvoiceLine[], limit: number) {
  return {
    object: 'list' as const,
    has_more: lines.length > limit,
    url: `/v1/invoices/${invoiceId}/lines`,
    data: lines.slice(0, limit),
  };
}

/** An invoice as Stripe sends and answers it: its first lines only (INVOICE_LINES_CARRIED). */
export const invoiceAsSent = (invoice: InvoiceObject) => ({
  ...invoice,
  lines: linesPage(invoice.id, invoice.lines.data, INVOICE_LINES_CARRIED),
});

/** An invoice's payment (https://docs.stripe.com/api/invoice-payment/object). */
export function invoicePaymentObject(invoice: {
  id: string;
  paymentId: string;
  intent: string;
  amount: number;
  currency: string;
  created: number;
}) {
  return {
    id: invoice.paymentId,
    object: 'invoice_payment' as const,
    amount_paid: invoice.amount,
    amount_requested: invoice.amount,
    created: invoice.created,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: invoice.intent },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: invoice.created },
  };
}

export function checkoutPage(checkout: CheckoutRecord, error = ''): string {
  const amount = `£${(checkout.amount / 100).toFixed(2)}`;
  const what = checkout.mode === 'subscription' ? `${amount} a month` : amount;
  return page(
    `Pay ${what} – Checkout (local stand-in)`,
    `<h1>Pay ${escapeHtml(what)}</h1><p>${escapeHtml(checkout.productName)}</p>
<p>Local test checkout: use 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined).</p>
${error ? `<p class="error" role="alert" id="card-error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/pay/${checkout.id}" novalidate>
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required ${error ? 'aria-invalid="true" aria-describedby="card-error"' : ''}>
<label for="expiry">Expiry</label><input id="expiry" name="expiry" placeholder="MM / YY" autocomplete="cc-exp" required>
<label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit">Pay</button></form>
<p><a href="${escapeHtml(checkout.cancelUrl)}">Cancel and go back</a></p>`,
  );
}

/**
 * An error answer as Stripe gives it: the HTTP status, and `error` with its `type`, `message`
 * and, where Stripe sets them, `code` and `param` (https://docs.stripe.com/api/errors,
 * https://docs.stripe.com/error-codes).
 */
export interface StripeErrorAnswer {
  status: number;
  error: { type: string; message: string; code?: string; param?: string; doc_url?: string };
}

export function stripeError(
  status: number,
  type: 'invalid_request_error' | 'idempotency_error',
  message: string,
  extra: { code?: string; param?: string } = {},
): StripeErrorAnswer {
  return {
    status,
    error: {
      type,
      message,
      ...(extra.code && {
        code: extra.code,
        doc_url: `https://stripe.com/docs/error-codes/${extra.code.replace(/_/g, '-')}`,
      }),
      ...(extra.param && { param: extra.param }),
    },
  };
}

/**
 * An id Stripe does not know, or an object it has deleted (a cancelled subscription answers
 * this to a second cancel): 404 `resource_missing`
 * (https://docs.stripe.com/error-codes/resource-missing).
 */
export const noSuch = (kind: string, id: string, param = 'id') =>
  stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param,
  });
