/**
 * The stand-in's invoice items (stripe-api.ts answers with these): made on a subscription, they
 * wait in its `pendingItems` until its next invoice takes them (stripe-ledger.ts renew), then
 * are kept in its `invoicedItems`, naming that invoice.
 */
import type { StripeLedger } from './stripe-ledger.ts';
import { noSuch, stripeError, text, type SubscriptionRecord } from './stripe-shapes.ts';

type PendingItem = SubscriptionRecord['pendingItems'][number];

/**
 * An invoice item as Stripe answers it (https://docs.stripe.com/api/invoiceitems/object): its
 * `invoice` null until an invoice takes it, then that invoice's id (draft, open or paid alike);
 * its subscription under `parent` in this API version (no top-level `subscription`); its
 * metadata as given.
 */
export function invoiceItemObject(
  subscription: SubscriptionRecord,
  item: PendingItem & { invoice?: string },
) {
  return {
    id: item.id,
    object: 'invoiceitem' as const,
    amount: item.amount,
    currency: subscription.currency,
    customer: subscription.customer,
    date: item.created,
    description: item.description,
    invoice: item.invoice ?? null,
    metadata: item.metadata,
    parent: {
      type: 'subscription_details' as const,
      subscription_details: { subscription: subscription.id },
    },
  };
}

/**
 * `GET /v1/invoiceitems` (https://docs.stripe.com/api/invoiceitems/list): "sorted by creation
 * date, with the most recently created invoice items appearing first", a page of `limit` (1 to
 * 100, 10 unless given) after `starting_after`. Filters as Stripe's: `customer`; `invoice` (only
 * that invoice's items); `pending` "true to only show pending invoice items, which are not yet
 * attached to any invoices. Set to false to only show invoice items already attached to
 * invoices. If unspecified, no filter is applied." Once an invoice takes an item (a renewal's
 * draft, open or paid invoice) it is no longer pending, but it is still listed.
 */
export function listInvoiceItems(ledger: StripeLedger, query: Record<string, unknown>) {
  const pending = query.pending === undefined ? undefined : text(query.pending);
  if (pending !== undefined && pending !== 'true' && pending !== 'false')
    return stripeError(400, 'invalid_request_error', 'Invalid boolean', { param: 'pending' });
  const limit = query.limit === undefined ? 10 : Number(text(query.limit));
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return stripeError(400, 'invalid_request_error', 'Invalid integer', { param: 'limit' });
  const customer = text(query.customer);
  const invoice = text(query.invoice);
  const items = [...ledger.subscriptions.values()]
    .filter((each) => !customer || each.customer === customer)
    .flatMap((each) => [
      ...(pending === 'false' ? [] : each.pendingItems).map((item) =>
        invoiceItemObject(each, item),
      ),
      ...(pending === 'true' ? [] : each.invoicedItems).map((item) =>
        invoiceItemObject(each, item),
      ),
    ])
    .filter((each) => !invoice || each.invoice === invoice)
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
