import { isFree, monthlyPricePence } from '../../../shared/money';
import type { MyPayments, Payment } from '../../../shared/payments-api';
import type { Database } from '../platform/database/database';
import { endpoint } from '../platform/http/endpoint';
import { json } from '../platform/http/types';
import { clientSeries } from '../series';
import { clientPayments, type PaymentRow } from './queries';
import { creditsOf, waitingCredits } from './queries-credits';
import { planStates } from './queries-plans';
import { refundsOf } from './queries-refunds';
import { sessionsCovered } from './queries-sessions';
import { creditNoteNumber, receiptNumberOf } from './receipts';

/** Payments as their lists show them, with the sessions each covered and its credit notes. */
export async function paymentViews(db: Database, rows: readonly PaymentRow[]): Promise<Payment[]> {
  const ids = rows.map((row) => row.id);
  const [refunds, credits] = await Promise.all([refundsOf(db, ids), creditsOf(db, ids)]);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      amount: row.amount,
      currency: row.currency,
      status: row.status,
      paidAt: row.paid_at?.toISOString() ?? null,
      receiptNumber: receiptNumberOf(row),
      sessions: (await sessionsCovered(db, row)).map((session) => ({
        bookingId: session.id,
        start: session.starts_at.toISOString(),
      })),
      refunded: row.refunded,
      seriesId: row.series_id,
      periodEnd: row.period_end?.toISOString() ?? null,
      credits: credits
        .filter((credit) => credit.payment_id === row.id)
        .map((credit) => ({
          bookingId: credit.booking_id,
          start: credit.session_start.toISOString(),
          amount: credit.amount,
        })),
      creditNotes: refunds
        .filter((refund) => refund.payment_id === row.id)
        .map((refund) => ({
          id: refund.id,
          number: creditNoteNumber(refund.credit_year, refund.credit_sequence),
          amount: refund.amount,
          at: refund.created_at.toISOString(),
          reason: refund.reason,
        })),
    })),
  );
}

/** GET /api/payments: the caller's own payments and monthly plans. */
export const myPayments = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const now = context.now();
    const [rows, series] = await Promise.all([
      clientPayments(context.db, caller.uid),
      clientSeries(context.db, caller.uid),
    ]);
    const paid = series.filter((each) => {
      const service = context.services.find((s) => s.id === each.serviceId);
      return (
        (each.status === 'confirmed' || each.status === 'ended') && service && !isFree(service)
      );
    });
    const states = await planStates(
      context.db,
      paid.map((each) => each.id),
      now,
    );
    const waiting = await waitingCredits(
      context.db,
      paid.map((each) => each.id),
    );
    const body: MyPayments = {
      payments: await paymentViews(context.db, rows),
      plans: paid.map((each) => {
        const state = states.get(each.id);
        const service = context.services.find((s) => s.id === each.serviceId);
        const status =
          each.status === 'ended' || state?.ended
            ? 'ended'
            : state?.ending && state.status === 'paid'
              ? 'ending'
              : (state?.status ?? 'unpaid');
        return {
          seriesId: each.id,
          status: status === 'free' || status === 'refunded' ? 'paid' : status,
          paidUntil: state?.paidUntil ?? null,
          serviceName: service?.name ?? '',
          monthlyAmount: service ? monthlyPricePence(service) : 0,
          nextPaymentAt: status === 'paid' ? (state?.paidUntil ?? null) : null,
          ...(each.status === 'confirmed' &&
            (state?.ended || state?.ending) && { cancelledInPortal: true }),
          nextPaymentCredit: waiting
            .filter((credit) => credit.series_id === each.id && credit.stripe_invoice_item_id)
            .reduce((sum, credit) => sum + credit.amount, 0),
        };
      }),
    };
    return json(200, body);
  },
});
