/**
 * Stripe's objects in the rules' terms: a verified webhook event as a PaymentEvent, a refund as
 * RefundFacts. The gateway's other half (gateway.ts): it reads each field where Stripe sends it
 * for the pinned API version, and nothing Stripe leaves out of an event.
 */
import type Stripe from 'stripe';
import type { PaymentGateway } from './gateway';
import type { PaymentEvent, RefundFacts } from './webhook-rules';

export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function refundFactsOf(refund: Stripe.Refund): RefundFacts {
  return {
    stripeRefundId: refund.id,
    paymentIntentId: idOf(refund.payment_intent),
    amount: refund.amount,
    status:
      refund.status === 'succeeded'
        ? 'succeeded'
        : refund.status === 'failed' || refund.status === 'canceled'
          ? 'failed'
          : 'pending',
    ourRefundId: refund.metadata?.refundId ?? null,
  };
}

/** A Stripe event in the rules' terms (webhook-rules.ts). */
export function paymentEventOf(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, stripeType: event.type, created: new Date(event.created * 1000) };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      if (session.mode === 'subscription') {
        return {
          ...base,
          type: 'subscription-checkout-completed',
          seriesId: session.metadata?.seriesId ?? '',
          subscriptionId: idOf(session.subscription),
          checkoutSessionId: session.id,
        };
      }
      return {
        ...base,
        type:
          event.type === 'checkout.session.async_payment_failed'
            ? 'checkout-failed'
            : 'checkout-completed',
        checkoutSessionId: session.id,
        paid: session.payment_status === 'paid',
        paymentIntentId: idOf(session.payment_intent),
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        ...base,
        type: 'subscription-changed',
        subscriptionId: subscription.id,
        seriesId: subscription.metadata?.seriesId ?? '',
        ended: event.type === 'customer.subscription.deleted' || subscription.status === 'canceled',
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        endsAt: subscription.cancel_at ? new Date(subscription.cancel_at * 1000) : null,
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        ...base,
        type: 'refunds-changed',
        paymentIntentId: idOf(charge.payment_intent),
        refunds: null,
      };
    }
    case 'refund.updated': {
      const refund = refundFactsOf(event.data.object);
      return {
        ...base,
        type: 'refunds-changed',
        paymentIntentId: refund.paymentIntentId,
        refunds: [refund],
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const paid = event.type === 'invoice.paid';
      const invoiceEvent = {
        ...base,
        type: paid ? ('invoice-paid' as const) : ('invoice-failed' as const),
        invoiceId: invoice.id ?? null,
        seriesId: details?.metadata?.seriesId ?? '',
        subscriptionId: idOf(details?.subscription),
        amountPaid: invoice.amount_paid,
        amountDue: invoice.amount_due,
        currency: (invoice.currency ?? '').toUpperCase(),
        // The invoice's own period is the one before its subscription line's (billed ahead).
        periodStart: new Date(invoice.period_start * 1000),
        periodEnd: new Date(invoice.period_end * 1000),
        invoiceItemIds: null,
        // Not in the event: the webhook asks Stripe (paymentIntentOfInvoice).
        paymentIntentId: null,
      };
      // Stripe embeds only the first handful of lines: the rest are asked for (invoiceLines).
      return invoice.lines.has_more
        ? invoiceEvent
        : withInvoiceLines(invoiceEvent, invoice.lines.data);
    }
    default:
      return { ...base, type: 'ignored' };
  }
}

type InvoiceEvent = Extract<PaymentEvent, { type: 'invoice-paid' | 'invoice-failed' }>;

/**
 * An invoice event read with all its lines (the event's own, or those listed:
 * https://docs.stripe.com/api/invoice-line-item/retrieve): the billing period is the
 * subscription line's, wherever it comes (Stripe promises no order: a credit's line can come
 * first), and the invoice items on it are those lines that name one
 * (https://docs.stripe.com/api/invoice-line-item/object#invoice_line_item_object-parent).
 */
export function withInvoiceLines(
  event: InvoiceEvent,
  lines: readonly Stripe.InvoiceLineItem[],
): InvoiceEvent {
  const line = lines.find((each) => each.parent?.type === 'subscription_item_details');
  return {
    ...event,
    ...(line && {
      periodStart: new Date(line.period.start * 1000),
      periodEnd: new Date(line.period.end * 1000),
    }),
    invoiceItemIds: lines.flatMap((each) => {
      const item = each.parent?.invoice_item_details?.invoice_item;
      return each.parent?.type === 'invoice_item_details' && item ? [item] : [];
    }),
    // An invoice item's line carries the item's metadata
    // (https://docs.stripe.com/api/invoice-line-item/object#invoice_line_item_object-metadata).
    creditBookings: Object.fromEntries(
      lines.flatMap((each) => {
        const item = each.parent?.invoice_item_details?.invoice_item;
        const bookingId = each.metadata?.bookingId;
        return each.parent?.type === 'invoice_item_details' && item && bookingId
          ? [[item, bookingId] as const]
          : [];
      }),
    ),
  };
}

/**
 * The event with what Stripe leaves out of it: a paid invoice's payment intent (includable, never
 * in a webhook) and, when it has more lines than the event carried, the rest of its lines.
 */
export async function withWhatStripeLeftOut(
  gateway: PaymentGateway,
  verified: PaymentEvent,
): Promise<PaymentEvent> {
  if (verified.type !== 'invoice-paid' && verified.type !== 'invoice-failed') return verified;
  if (!verified.invoiceId) return verified;
  const event =
    verified.invoiceItemIds === null
      ? withInvoiceLines(verified, await gateway.invoiceLines(verified.invoiceId))
      : verified;
  if (event.type !== 'invoice-paid' || event.amountPaid <= 0) return event;
  return { ...event, paymentIntentId: await gateway.paymentIntentOfInvoice(verified.invoiceId) };
}
