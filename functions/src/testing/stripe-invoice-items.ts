/**
 * The stand-in's invoice items (stripe-api.ts answers with these): made on a subscription, they
 * wait in its `pendingItems` until its next invoice takes them (stripe-ledger.ts renew).
 */
import type { StripeLedger } from './stripe-ledger.ts';
import { noSuch, stripeError, text, type SubscriptionRecord } from './stripe-shapes.ts';

type PendingItem = SubscriptionRecord['pendingItems'][number];

/**
 * An invoice item as Stripe answers it (https://docs.stripe.com/api/invoiceitems/object): not on
 * an invoice yet (`invoice: null`), its subscription under `parent` in this API version (no
 * top-level `subscription`), its metadata as given.
 */
export function invoiceItemObject(subscription: SubscriptionRecord, item: PendingItem) {
  return {
    id: item.id,
    object: 'invoiceitem' as const,
    amount: item.amount,
    currency: subscription.currency,
    customer: subscription.customer,
    date: item.created,
    description: item.description,
    invoice: null,
    metadata: item.metadata,
    parent: {
      type: 'subscription_details' as const,
      subscription_details: { subscription: subscription.id },
    },
  };
}

/**
 * `GET /v1/invoiceitems` (https://docs.stripe.com/api/invoiceitems/list): a customer's items,
 * newest first, a page of `limit` (1 to 100, 10 unless given) after `starting_after`. Only
 * `pending=true` (the items not yet on an invoice) is kept here: the stand-in keeps no invoiced
 * item apart from its invoice's lines, so any other filter is refused rather than answered wrong.
 */
export function listInvoiceItems(ledger: StripeLedger, query: Record<string, unknown>) {
  if (text(query.pending) !== 'true')
    return stripeError(400, 'invalid_request_error', 'The stand-in lists pending items only.', {
      param: 'pending',
    });
  const limit = query.limit === undefined ? 10 : Number(text(query.limit));
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return stripeError(400, 'invalid_request_error', 'Invalid integer', { param: 'limit' });
  const customer = text(query.customer);
  const items = [...ledger.subscriptions.values()]
    .filter((each) => !customer || each.customer === customer)
    .flatMap((each) => each.pendingItems.map((item) => invoiceItemObject(each, item)))
    .reverse()
    .sort((a, b) => b.date - a.date);
  const after = text(query.starting_after);
  const from = after ? items.findIndex((each) => each.id === after) + 1 : 0;
  if (after && from === 0) return noSuch('invoiceitem', after, 'starting_after');
  const page = items.slice(from, from + limit);
  return {
    object: 'list',
    has_more: items.length > from + limit,
    url: '/v1/invoiceitems',
    data: page,
  };
}
