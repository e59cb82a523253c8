/**
 * The Stripe API calls the function makes, answered by the stand-in (stripe-stand-in.ts) in the
 * SDK's shapes from its books (stripe-ledger.ts).
 */
import type { StripeLedger } from './stripe-ledger.ts';
import {
  checkoutObject,
  invoicePaymentObject,
  linesPage,
  newId,
  noSuch,
  record,
  stripeError,
  strings,
  subscriptionObject,
  text,
  type CheckoutRecord,
} from './stripe-shapes.ts';

export function answerStripeApi(
  ledger: StripeLedger,
  method: string,
  path: string,
  body: Record<string, unknown>,
  query: Record<string, unknown> = {},
) {
  if (method === 'POST' && path === '/v1/customers') {
    const id = newId('cus');
    const made = {
      email: text(body.email) || null,
      name: text(body.name) || null,
      metadata: strings(body.metadata),
    };
    ledger.customers.set(id, made);
    return { id, object: 'customer', ...made };
  }
  // https://docs.stripe.com/api/customers/update: only what is sent changes; an unknown id is 404.
  const customer = /^\/v1\/customers\/([\w]+)$/.exec(path);
  if (customer && method === 'POST') {
    const found = ledger.customers.get(customer[1]!);
    if (!found) return noSuch('customer', customer[1]!);
    if (body.email !== undefined) found.email = text(body.email) || null;
    if (body.name !== undefined) found.name = text(body.name) || null;
    if (body.metadata !== undefined)
      found.metadata = { ...found.metadata, ...strings(body.metadata) };
    return { id: customer[1], object: 'customer', ...found };
  }
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    const item = record(record(body.line_items)['0']);
    const priceData = record(item.price_data);
    const checkout: CheckoutRecord = {
      id: newId('cs_test'),
      mode: text(body.mode) === 'subscription' ? 'subscription' : 'payment',
      amount: Number(text(priceData.unit_amount)) * Number(text(item.quantity) || '1'),
      currency: text(priceData.currency) || 'gbp',
      productName: text(record(priceData.product_data).name),
      customer: text(body.customer) || null,
      customerEmail: text(body.customer_email) || null,
      metadata: strings(body.metadata),
      subscriptionMetadata: strings(record(body.subscription_data).metadata),
      successUrl: text(body.success_url),
      cancelUrl: text(body.cancel_url),
      status: 'open',
      paymentStatus: 'unpaid',
      paymentIntent: null,
      subscription: null,
    };
    if (!Number.isInteger(checkout.amount) || checkout.amount <= 0) {
      return {
        error: { type: 'invalid_request_error', message: 'Invalid amount.' },
        status: 400,
      };
    }
    ledger.checkouts.set(checkout.id, checkout);
    return checkoutObject(ledger.base, checkout);
  }
  const session = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(path);
  if (session) {
    const found = ledger.checkouts.get(session[1]!);
    if (!found) return noSuch('checkout.session', session[1]!);
    if (method === 'POST' && session[2]) {
      if (found.status !== 'open') {
        return {
          error: {
            type: 'invalid_request_error',
            message: 'Only Checkout Sessions with a status in [open] can be expired.',
          },
          status: 400,
        };
      }
      found.status = 'expired';
    }
    return checkoutObject(ledger.base, found);
  }
  if (method === 'GET' && path === '/v1/invoice_payments') {
    // https://docs.stripe.com/api/invoice-payment/list: the payments of one invoice.
    const invoice = text(query.invoice);
    const found = ledger.invoicePayments.get(invoice);
    const status = text(query.status);
    return {
      object: 'list',
      has_more: false,
      url: '/v1/invoice_payments',
      data: found && (!status || status === 'paid') ? [invoicePaymentObject(found)] : [],
    };
  }
  const lines = /^\/v1\/invoices\/([\w]+)\/lines$/.exec(path);
  if (lines && method === 'GET') {
    // https://docs.stripe.com/api/invoice-line-item/retrieve: a page of `limit` (1 to 100,
    // 10 unless given) after `starting_after`, in the invoice's order.
    const invoice = ledger.invoices.get(lines[1]!);
    if (!invoice) return noSuch('invoice', lines[1]!, 'invoice');
    const limit = query.limit === undefined ? 10 : Number(text(query.limit));
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      return stripeError(400, 'invalid_request_error', 'Invalid integer', { param: 'limit' });
    const after = text(query.starting_after);
    const from = after ? invoice.lines.data.findIndex((each) => each.id === after) + 1 : 0;
    if (after && from === 0) return noSuch('line item', after, 'starting_after');
    return linesPage(invoice.id, invoice.lines.data.slice(from), limit);
  }
  if (method === 'GET' && path === '/v1/refunds') {
    const intent = text(query.payment_intent);
    return {
      object: 'list',
      has_more: false,
      url: '/v1/refunds',
      data: ledger.refunds.filter((each) => each.payment_intent === intent).reverse(),
    };
  }
  if (method === 'POST' && path === '/v1/invoiceitems') {
    const found = ledger.subscriptions.get(text(body.subscription));
    const amount = Number(text(body.amount));
    if (!found) return noSuch('subscription', text(body.subscription), 'subscription');
    if (!Number.isInteger(amount))
      return stripeError(400, 'invalid_request_error', 'Invalid integer', { param: 'amount' });
    const item = { id: newId('ii'), amount, description: text(body.description) };
    found.pendingItems.push(item);
    return {
      id: item.id,
      object: 'invoiceitem',
      amount,
      currency: text(body.currency) || found.currency,
      customer: found.customer,
      description: item.description,
      invoice: null,
      // Its subscription is under `parent` in this API version (no top-level `subscription`).
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: found.id },
      },
    };
  }
  if (method === 'POST' && path === '/v1/billing_portal/sessions') {
    const id = newId('bps');
    ledger.portals.set(id, { returnUrl: text(body.return_url), customer: text(body.customer) });
    return {
      id,
      object: 'billing_portal.session',
      customer: text(body.customer),
      return_url: text(body.return_url),
      url: `${ledger.base}/portal/${id}`,
    };
  }
  const subscription = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
  if (subscription) {
    const found = ledger.subscriptions.get(subscription[1]!);
    if (!found) return noSuch('subscription', subscription[1]!);
    // A cancelled subscription is gone for cancelling: a second cancel answers as an unknown id
    // does (https://docs.stripe.com/api/subscriptions/cancel), and it can no longer be changed
    // (https://docs.stripe.com/api/subscriptions/update).
    if (method === 'DELETE' && found.status === 'canceled') return noSuch('subscription', found.id);
    if (method === 'POST' && found.status === 'canceled')
      return stripeError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    if (method === 'POST' && body.cancel_at_period_end !== undefined) {
      found.cancelAtPeriodEnd = text(body.cancel_at_period_end) === 'true';
      ledger.sendLater('customer.subscription.updated', () => subscriptionObject(found));
    }
    if (method === 'DELETE' && found.status === 'active') ledger.cancelSubscription(found);
    return subscriptionObject(found);
  }
  if (method === 'POST' && path === '/v1/refunds') {
    const amount = body.amount === undefined ? null : Number(text(body.amount));
    return ledger.refundOf(text(body.payment_intent), amount, strings(body.metadata));
  }
  const intent = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
  if (intent && method === 'GET') {
    const found = ledger.intents.get(intent[1]!);
    if (!found) return noSuch('payment_intent', intent[1]!);
    // `latest_charge` is an id unless expanded (https://docs.stripe.com/expand).
    const expand = Object.values(record(query.expand)).map(text);
    return {
      id: intent[1],
      object: 'payment_intent',
      amount: found.amount,
      currency: 'gbp',
      status: 'succeeded',
      latest_charge: expand.includes('latest_charge')
        ? {
            id: found.charge,
            object: 'charge',
            payment_method_details: { type: 'card', card: { brand: 'visa', last4: found.last4 } },
          }
        : found.charge,
    };
  }
  return {
    error: {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    },
    status: 404,
  };
}
