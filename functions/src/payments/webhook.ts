import { monthlyPricePence } from '../../../shared/money';
import { findBooking, type BookingRecord } from '../bookings';
import { queueMessages } from '../messages';
import type { Database } from '../platform/database/database';
import { endpoint } from '../platform/http/endpoint';
import type { ApiContext, PaymentsSettings } from '../platform/http/types';
import { json } from '../platform/http/types';
import { findSeries } from '../series';
import { paymentsOf } from './gateway';
import {
  insertInvoicePayment,
  lockCheckoutPayment,
  lockInvoicePayment,
  markFailed,
  markPaid,
  recordEvent,
  seriesSettledRows,
  settledPaymentForBooking,
  type PaymentRow,
} from './queries';
import { attachCredits } from './queries-credits';
import { savePlan } from './queries-plans';
import { firstSessionOfSeries } from './queries-sessions';
import { receiptNumberOf, signedPdfLink } from './receipts';
import {
  nextPaymentState,
  type PaymentEffect,
  type PaymentEvent,
  type PaymentFacts,
  type PaymentStateFacts,
  type PaymentTarget,
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
  async run({ request, context }) {
    const { settings, gateway } = paymentsOf(context);
    const event = gateway.verifyEvent(
      request.rawBody,
      request.stripeSignature,
      settings.webhookSecret,
    );
    const now = context.now();
    const intent = 'paymentIntentId' in event ? event.paymentIntentId : null;
    const card = intent ? await gateway.cardOf(intent) : null;
    const deliver = await context.db.transaction().execute(async (trx) => {
      const fresh = await recordEvent(
        trx,
        { id: event.id, type: event.stripeType, created: event.created },
        now,
      );
      if (!fresh) return false;
      // Decided on what is there; decided again if another event for the invoice came between.
      for (;;) {
        const state = await loadState(trx, context, event, card, now);
        const outcome = await applyEffects(
          trx,
          context,
          nextPaymentState(state, event).effects,
          now,
        );
        if (outcome !== 'again') return outcome;
      }
    });
    if (deliver) context.outbox.deliver();
    return json(200, { received: true });
  },
});

const factsOf = (row: PaymentRow): PaymentFacts => ({
  id: row.id,
  status: row.status,
  seriesId: row.series_id,
  bookingId: row.booking_id,
  periodEnd: row.period_end,
});

/** What the rules need to know about the event's payment (its rows locked till the end). */
async function loadState(
  db: Database,
  context: ApiContext,
  event: PaymentEvent,
  card: Settlement['card'],
  now: Date,
): Promise<PaymentStateFacts> {
  const state: PaymentStateFacts = { now, card };
  switch (event.type) {
    case 'checkout-completed': {
      if (!event.paid) return state;
      const payment = await lockCheckoutPayment(db, event.checkoutSessionId);
      const bookingId = payment?.booking_id;
      const settled = bookingId ? await settledPaymentForBooking(db, bookingId) : undefined;
      const booking = bookingId && !settled ? await findBooking(db, bookingId) : undefined;
      return {
        ...state,
        checkout: {
          payment: payment ? factsOf(payment) : null,
          bookingSettled: settled !== undefined,
          booking: booking ?? null,
        },
      };
    }
    case 'subscription-checkout-completed':
    case 'invoice-paid':
    case 'invoice-failed': {
      const series = UUID.test(event.seriesId) ? await findSeries(db, event.seriesId) : undefined;
      if (!series) return { ...state, series: null };
      const service = context.services.find((each) => each.id === series.serviceId);
      const seriesFacts = {
        id: series.id,
        client: series.client,
        serviceId: series.serviceId,
        monthlyPence: service ? monthlyPricePence(service) : 0,
        firstBooking: null,
      };
      if (event.type === 'subscription-checkout-completed' || !event.invoiceId)
        return { ...state, series: seriesFacts };
      const invoice = await lockInvoicePayment(db, event.invoiceId);
      const first = await firstSessionOfSeries(db, series.id);
      const firstBooking = first ? await findBooking(db, first) : undefined;
      return {
        ...state,
        series: { ...seriesFacts, firstBooking: firstBooking ?? null },
        invoice: invoice ? factsOf(invoice) : null,
        seriesPayments: (await seriesSettledRows(db, [series.id])).map((row) => ({
          id: row.id,
          status: row.status,
          periodEnd: row.period_end,
        })),
      };
    }
    default:
      return state;
  }
}

/**
 * The rules' effects, in order. True when an email was queued (to deliver after the commit);
 * 'again' when an invoice's row appeared since it was loaded (load and decide again).
 */
async function applyEffects(
  db: Database,
  context: ApiContext,
  effects: readonly PaymentEffect[],
  now: Date,
): Promise<boolean | 'again'> {
  const messages = { now, practiceEmail: context.outbox.practiceEmail };
  const { settings } = paymentsOf(context);
  let deliver = false;
  for (const effect of effects) {
    if (effect.kind === 'save-plan') {
      await savePlan(db, { ...effect, now });
      continue;
    }
    const id = await paymentIdOf(db, effect.payment, now);
    if (!id) return 'again';
    if (effect.kind === 'mark-paid') {
      const row = await markPaid(db, id, effect.settlement, now);
      if (row.series_id) await attachCredits(db, row.series_id, row.id);
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
  return deliver;
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
