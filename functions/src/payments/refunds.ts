import { RefundRequestSchema } from '../../../shared/payments-api';
import { findBooking } from '../bookings';
import { queueMessages } from '../messages';
import type { Database } from '../platform/database/database';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import type { ApiContext } from '../platform/http/types';
import { json } from '../platform/http/types';
import { paymentsOf, type Payments } from './gateway';
import { findPayment, lockPayment, type PaymentRow } from './queries';
import { insertRefund } from './queries-refunds';
import { refundableCharge, requestedRefund } from './refund-rules';
import { firstSessionOfSeries } from './queries-sessions';
import { creditNoteNumber, receiptNumberOf, signedPdfLink } from './receipts';

/**
 * POST /api/practice/payments/:id/refund: the practitioner gives back up to what is left of a
 * payment (all of it when no amount is given), with a credit note.
 */
export const refundPayment = endpoint({
  auth: 'practitioner',
  // A refund sends money back: her passkey within the last 5 minutes, not only this sign-in's.
  fresh: true,
  body: RefundRequestSchema,
  async run({ params, body, context }) {
    const payments = paymentsOf(context);
    const now = context.now();
    const found = await findPayment(context.db, params.id ?? '');
    if (!found || !receiptNumberOf(found))
      throw problems.notFound('There is no such payment. Open the payments again.');
    const asked = requestedRefund(found, body.amount);
    if (asked.refused) throw asked.refused;
    const { amount } = asked;
    return refundNow(context, payments, found.id, amount, null, 'Refunded by the practice', now);
  },
});

/** Sends a refund to Stripe and records it with its credit note (shared with cancellations). */
export async function refundNow(
  context: ApiContext,
  { settings, gateway }: Payments,
  paymentId: string,
  amount: number,
  bookingId: string | null,
  reason: string,
  now: Date,
) {
  const refund = await context.db.transaction().execute(async (trx) => {
    const charge = refundableCharge(await lockPayment(trx, paymentId), amount);
    if (charge.refused) throw charge.refused;
    const { payment } = charge;
    const given = await gateway.refund({
      paymentIntentId: charge.paymentIntentId,
      amount,
      idempotencyKey: `refund:${payment.id}:${bookingId ?? payment.refunded}:${amount}`,
    });
    const row = await insertRefund(trx, {
      payment,
      bookingId,
      amount,
      stripeRefundId: given,
      reason,
      now,
    });
    const about = await bookingOfRefund(trx, payment, bookingId);
    if (about) {
      const number = creditNoteNumber(row.credit_year, row.credit_sequence);
      await queueMessages(
        trx,
        [
          {
            kind: 'refund-issued',
            to: 'client',
            booking: about,
            payment: {
              id: payment.id,
              receiptNumber: receiptNumberOf(payment),
              amount,
              seriesId: payment.series_id,
              creditNote: {
                id: row.id,
                number,
                pdfLink: signedPdfLink(settings, 'credit-note', row.id, now),
              },
            },
          },
        ],
        { now, practiceEmail: context.outbox.practiceEmail },
      );
    }
    return { row, total: payment.refunded + amount };
  });
  context.outbox.deliver();
  return json(201, {
    id: refund.row.id,
    paymentId,
    creditNoteNumber: creditNoteNumber(refund.row.credit_year, refund.row.credit_sequence),
    amount,
    refundedTotal: refund.total,
  });
}

/** The session a refund's email is about: the cancelled one, the paid one, or the series' first. */
async function bookingOfRefund(db: Database, payment: PaymentRow, bookingId: string | null) {
  const id =
    bookingId ??
    payment.booking_id ??
    (payment.series_id && (await firstSessionOfSeries(db, payment.series_id)));
  return id ? findBooking(db, id) : undefined;
}
