/**
 * Stripe's objects in the rules' terms: a verified webhook event as a PaymentEvent, a refund as
 * RefundFacts. The gateway's other half (gateway.ts): it reads each field where Stripe sends it
 * for the pinned API version, and nothing Stripe leaves out of an event.
 */
import type Stripe from 'stripe';
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
      // The subscription's own line: Stripe promises no order (a credit's line can come first).
      const line = invoice.lines.data.find(
        (each) => each.parent?.type === 'subscription_item_details',
      );
      const paid = event.type === 'invoice.paid';
      return {
        ...base,
        type: paid ? 'invoice-paid' : 'invoice-failed',
        invoiceId: invoice.id ?? null,
        seriesId: details?.metadata?.seriesId ?? '',
        subscriptionId: idOf(details?.subscription),
        amountPaid: invoice.amount_paid,
        amountDue: invoice.amount_due,
        currency: (invoice.currency ?? '').toUpperCase(),
        periodStart: new Date((line?.period.start ?? invoice.period_start) * 1000),
        periodEnd: new Date((line?.period.end ?? invoice.period_end) * 1000),
        // Not in the event: the webhook asks Stripe (paymentIntentOfInvoice).
        paymentIntentId: null,
      };
    }
    default:
      return { ...base, type: 'ignored' };
  }
}
