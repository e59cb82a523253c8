import { monthlyPricePence } from '../../../shared/money';
import { findBooking, type BookingRecord } from '../bookings';
import { queueMessages } from '../outbox';
import type { Database } from '../platform/database/database';
import { endpoint } from '../platform/http/endpoint';
import type { ApiContext, ApiRequest, PaymentsSettings } from '../platform/http/types';
import { json } from '../platform/http/types';
import { findSeries } from '../series';
import { paymentsOf } from './gateway';
import { withinRequestBudget } from './stripe-budget';
import { withWhatStripeLeftOut } from './gateway-events';
import { factsOf, goneSeriesState } from './webhook-gone-series';
import {
  findCheckoutPayment,
  insertInvoicePayment,
  lockBooking,
  lockCheckoutPayment,
  lockPaymentOfIntent,
  lockInvoicePayment,
  markFailed,
  markPaid,
  forgetEvent,
  recordEvent,
  seriesSettledRows,
  settledPaymentForBooking,
  type PaymentRow,
} from './queries';
import { attachCredits, type InvoiceItems } from './queries-credits';
import { lockPlan, savePlan, setPlanEnding, shareSeriesLock } from './queries-plans';
import { insertRefund, lockRefundsOfPayment, releaseRefundRow } from './queries-refunds';
import { lockSubscriptionOrder, saveSubscriptionSeen } from './queries-subscriptions';
import { queueMonthGiveBack } from './paid-months';
import { askRefund, queueRefundEmail, settleRefund } from './refunds';
import { firstSessionOfSeries } from './queries-sessions';
import { receiptNumberOf, signedPdfLink } from './receipts';
import {
  nextPaymentState,
  type PaymentEffect,
  type PaymentEvent,
  type PaymentStateFacts,
  type PaymentTarget,
  type RefundFacts,
  type Settlement,
} from './webhook-rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /api/payments/webhook: Stripe's word on what was paid. The signature is checked over the
 * raw body; each event id is kept once, so a replay or a retry changes nothing twice; the change
 * and the email it causes are one transaction.
 */
export const paymentWebhook = endpoint({
  auth: 'anyone',
  // Every Stripe call it makes (the reads before, the asks after the commit) in one budget.
  run: ({ request, context }) => withinRequestBudget(context, () => receive(request, context)),
});

async function receive(request: ApiRequest, context: ApiContext) {
  const { settings, gateway } = paymentsOf(context);
  const verified = gateway.verifyEvent(
    request.rawBody,
    request.stripeSignature,
    settings.webhookSecret,
  );
  const now = context.now();
  // What Stripe does not send in the event is asked first, before any row or counter is
  // locked: a slow Stripe then holds nothing up, and a failure (502) is worth Stripe's retry.
  const event = await withWhatStripeLeftOut(gateway, verified);
  const intent = 'paymentIntentId' in event ? event.paymentIntentId : null;
  const card = intent && event.type !== 'refunds-changed' ? await gateway.cardOf(intent) : null;
  // charge.refunded names the payment; its refunds are asked of Stripe (listed, not embedded).
  const refunds =
    event.type === 'refunds-changed'
      ? (event.refunds ?? (intent ? await gateway.refundsOf(intent) : []))
      : [];
  const decided = await context.db.transaction().execute(async (trx) => {
    const fresh = await recordEvent(
      trx,
      { id: event.id, type: event.stripeType, created: event.created },
      now,
    );
    if (!fresh) return undefined;
    // Decided on what is there; decided again if another event for the invoice came between.
    for (;;) {
      const state = await loadState(trx, context, event, { card, refunds }, now);
      const effects = nextPaymentState(state, event).effects;
      const outcome = await applyEffects(trx, context, effects, invoiceItemsOf(event), now);
      if (outcome === 'again') continue;
      // A month now paid gives back what was given up before its money came, from the queue.
      if (event.type === 'invoice-paid')
        await queueMonthGiveBack(trx, context, event.seriesId, now);
      return outcome;
    }
  });
  if (decided) {
    // Stripe is asked only now, with the decision committed and nothing locked.
    let refunded: boolean;
    try {
      refunded = await askStripe(context, decided.stripeCalls, now);
    } catch (error) {
      await forgetEvent(context.db, event.id);
      throw error;
    }
    if (decided.deliver || refunded) context.outbox.deliver();
  }
  // The reactions this event queued (a paid month's give-backs), within the request's budget;
  // what fails or is left is the minute job's.
  if (decided) await context.reactions.runInRequest();
  return json(200, { received: true });
}

/** The invoice items a paid invoice carried: its own credits, and no other (attachCredits). */
const invoiceItemsOf = (event: PaymentEvent): InvoiceItems =>
  event.type === 'invoice-paid'
    ? { ids: event.invoiceItemIds ?? [], bookings: event.creditBookings ?? {} }
    : { ids: [], bookings: {} };

/** A call to Stripe that a committed decision asks for. */
type StripeCall =
  { kind: 'cancel-subscription'; subscriptionId: string } | { kind: 'refund'; refundId: string };

interface Decision {
  deliver: boolean;
  stripeCalls: StripeCall[];
}

/**
 * The Stripe calls of a committed decision. A refund is recorded pending (numbered, held against
 * its payment) before it is asked for, so one Stripe does not make now is asked again by the
 * scheduled job (retryPendingRefunds) with the same key and parameters. A subscription that
 * could not be cancelled makes the event unrecorded and the answer 502: Stripe's retry decides
 * it again (the same decision: cancel it) and asks again. True when an email was queued.
 */
async function askStripe(context: ApiContext, calls: readonly StripeCall[], now: Date) {
  let deliver = false;
  for (const call of calls) {
    if (call.kind === 'refund') {
      deliver = (await askRefund(context, call.refundId, now)) || deliver;
      continue;
    }
    await paymentsOf(context).gateway.cancelSubscription(call.subscriptionId);
  }
  return deliver;
}

/** What the rules need to know about the event's payment (its rows locked till the end). */
async function loadState(
  db: Database,
  context: ApiContext,
  event: PaymentEvent,
  fetched: { card: Settlement['card']; refunds: readonly RefundFacts[] },
  now: Date,
): Promise<PaymentStateFacts> {
  const state: PaymentStateFacts = { now, card: fetched.card };
  switch (event.type) {
    case 'checkout-completed':
    case 'checkout-failed': {
      // The session first, then its payment: two payments of one session are decided in turn.
      const seen = await findCheckoutPayment(db, event.checkoutSessionId);
      if (seen?.booking_id) await lockBooking(db, seen.booking_id);
      const payment = await lockCheckoutPayment(db, event.checkoutSessionId);
      const bookingId = payment?.booking_id;
      const settled = bookingId
        ? await settledPaymentForBooking(db, bookingId, payment.id)
        : undefined;
      const booking = bookingId ? await findBooking(db, bookingId) : undefined;
      return {
        ...state,
        checkout: {
          payment: payment ? factsOf(payment) : null,
          bookingSettled: settled !== undefined,
          bookingOpen: booking?.status === 'confirmed',
          booking: booking ?? null,
        },
      };
    }
    case 'subscription-checkout-completed':
    case 'subscription-changed':
    case 'invoice-paid':
    case 'invoice-failed': {
      const seriesId = UUID.test(event.seriesId) ? event.seriesId : undefined;
      // The plan's row, then the series' for share (the order Pay's recording takes): an end of
      // the series waits for this recording, and one committed first is read here as ended.
      const plan = seriesId ? await lockPlan(db, seriesId) : undefined;
      if (seriesId) await shareSeriesLock(db, seriesId);
      const series = seriesId ? await findSeries(db, seriesId) : undefined;
      if (!series) return goneSeriesState(db, state, event, seriesId);
      const service = context.services.find((each) => each.id === series.serviceId);
      const withSeries = {
        ...state,
        ...(event.subscriptionId && {
          subscription: await lockSubscriptionOrder(db, event.subscriptionId),
        }),
        series: {
          id: series.id,
          client: series.client,
          serviceId: series.serviceId,
          monthlyPence: service ? monthlyPricePence(service) : 0,
          firstBooking: null,
        },
        plan: plan
          ? {
              subscriptionId: plan.stripe_subscription_id,
              ending: plan.cancel_at_period_end,
              ended: plan.ended_at !== null,
              seriesOpen: series.status === 'confirmed',
            }
          : null,
      };
      if (event.type !== 'invoice-paid' && event.type !== 'invoice-failed') return withSeries;
      if (!event.invoiceId) return withSeries;
      const invoice = await lockInvoicePayment(db, event.invoiceId);
      const first = await firstSessionOfSeries(db, series.id);
      const firstBooking = first ? await findBooking(db, first) : undefined;
      return {
        ...withSeries,
        series: { ...withSeries.series, firstBooking: firstBooking ?? null },
        invoice: invoice ? factsOf(invoice) : null,
        seriesPayments: (await seriesSettledRows(db, [series.id])).map((row) => ({
          id: row.id,
          status: row.status,
          periodEnd: row.period_end,
        })),
      };
    }
    case 'refunds-changed': {
      const payment = event.paymentIntentId
        ? await lockPaymentOfIntent(db, event.paymentIntentId)
        : undefined;
      const known = payment ? await lockRefundsOfPayment(db, payment.id) : [];
      return {
        ...state,
        refunds: {
          payment: payment
            ? { id: payment.id, amount: payment.amount, refunded: payment.refunded }
            : null,
          known: known.map((row) => ({
            id: row.id,
            stripeRefundId: row.stripe_refund_id,
            status: row.status,
            amount: row.amount,
          })),
          incoming: fetched.refunds,
        },
      };
    }
    default:
      return state;
  }
}

/**
 * The rules' effects, in order, and the Stripe calls they need once committed; 'again' when an
 * invoice's row appeared since it was loaded (load and decide again).
 */
async function applyEffects(
  db: Database,
  context: ApiContext,
  effects: readonly PaymentEffect[],
  invoiceItems: InvoiceItems,
  now: Date,
): Promise<Decision | 'again'> {
  const messages = { now, practiceEmail: context.outbox.practiceEmail };
  const { settings } = paymentsOf(context);
  const stripeCalls: StripeCall[] = [];
  let deliver = false;
  for (const effect of effects) {
    switch (effect.kind) {
      case 'save-plan':
        await savePlan(db, { ...effect, now });
        continue;
      case 'cancel-subscription':
        stripeCalls.push(effect);
        continue;
      case 'plan-changed':
        await setPlanEnding(db, { ...effect, now });
        continue;
      case 'subscription-seen':
        await saveSubscriptionSeen(db, { ...effect, now });
        continue;
      case 'settle-refund':
        deliver =
          (await settleRefund(db, context, settings, { ...effect, refund: effect.refund }, now)) ||
          deliver;
        continue;
      case 'release-refund':
        await releaseRefundRow(db, effect.refundId, effect.note, now);
        continue;
      case 'record-refund': {
        const row = await insertRefund(db, {
          payment: { id: effect.paymentId },
          bookingId: null,
          amount: effect.refund.amount,
          stripeRefundId: effect.refund.stripeRefundId,
          reason: 'Refunded in Stripe',
          now,
          status: effect.refund.status === 'succeeded' ? 'succeeded' : 'pending',
        });
        if (row.status === 'succeeded')
          deliver = (await queueRefundEmail(db, context, settings, row, now)) || deliver;
        continue;
      }
      default:
        break;
    }
    const id = await paymentIdOf(db, effect.payment, now);
    if (!id) return 'again';
    if (effect.kind === 'refund-in-full') {
      const refundId = await holdFullRefund(db, id, effect, now);
      if (refundId) stripeCalls.push({ kind: 'refund', refundId });
      continue;
    }
    if (effect.kind === 'mark-paid') {
      const row = await markPaid(db, id, effect.settlement, now);
      if (row.series_id) await attachCredits(db, row.series_id, row.id, invoiceItems);
      if (!effect.receiptAbout) continue;
      await queueMessages(db, [receiptMessage(effect.receiptAbout, row, settings, now)], messages);
      deliver = true;
      continue;
    }
    await markFailed(db, id, now);
    if (!effect.dueNotice) continue;
    const { booking, amount, seriesId } = effect.dueNotice;
    const payment = { id, receiptNumber: null, amount, seriesId };
    await queueMessages(db, [{ kind: 'payment-due', to: 'client', booking, payment }], messages);
    deliver = true;
  }
  return { deliver, stripeCalls };
}

/**
 * Money that arrived for what can no longer be paid: kept with its receipt number (it was taken)
 * and its full refund recorded pending with its credit note, in the event's transaction; Stripe
 * is asked after the commit (askRefund), keyed by that refund's id. The refund's id (pending).
 */
async function holdFullRefund(
  db: Database,
  id: string,
  effect: Extract<PaymentEffect, { kind: 'refund-in-full' }>,
  now: Date,
): Promise<string | undefined> {
  const row = await markPaid(db, id, effect.settlement, now, 'refunded');
  if (!row.stripe_payment_intent_id || row.amount <= 0) return undefined;
  const refund = await insertRefund(db, {
    payment: row,
    bookingId: null,
    amount: row.amount,
    stripeRefundId: null,
    reason: effect.reason,
    now,
    status: 'pending',
  });
  return refund.id;
}

/** The row an effect is about; a new invoice's is made pending first (undefined: it was there). */
async function paymentIdOf(db: Database, target: PaymentTarget, now: Date) {
  if ('id' in target) return target.id;
  return (await insertInvoicePayment(db, { ...target.newInvoice, bookingId: null, now }))?.id;
}

const receiptMessage = (
  booking: BookingRecord,
  row: PaymentRow,
  settings: PaymentsSettings,
  now: Date,
) => ({
  kind: 'payment-received' as const,
  to: 'client' as const,
  booking,
  payment: {
    id: row.id,
    receiptNumber: receiptNumberOf(row),
    amount: row.amount,
    seriesId: row.series_id,
    pdfLink: signedPdfLink(settings, 'receipt', row.id, now),
  },
});
