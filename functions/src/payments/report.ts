import { feePerSessionPence, isFree, MONEY_FACTS, monthlyPricePence } from '../../../shared/money';
import { PracticePaymentsQuerySchema, type PracticePayments } from '../../../shared/payments-api';
import { practiceDate, startOfPracticeDay } from '../../../shared/time';
import { endpoint } from '../platform/http/endpoint';
import type { ApiContext } from '../platform/http/types';
import { json } from '../platform/http/types';
import { seriesWithStatus } from '../series';
import { paymentViews } from './my-payments';
import { bookingPayments, paymentsPaidWithin } from './queries';
import { planStates } from './queries-plans';
import { refundsWithin } from './queries-refunds';
import { confirmedOneOffsWithin } from './queries-sessions';
import { creditNoteNumber } from './receipts';

/** GET /api/practice/payments?month=YYYY-MM: the month's payments, refunds and what is owed. */
export const practicePayments = endpoint({
  auth: 'practitioner',
  query: PracticePaymentsQuerySchema,
  async run({ query, context }) {
    const now = context.now();
    const month = query.month ?? practiceDate(now).slice(0, 7);
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const next =
      monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
    const within = {
      start: startOfPracticeDay(`${month}-01`),
      end: startOfPracticeDay(`${next}-01`),
    };
    const [rows, refunds] = await Promise.all([
      paymentsPaidWithin(context.db, within),
      refundsWithin(context.db, within),
    ]);
    const payments = (await paymentViews(context.db, rows)).map((view, index) => ({
      ...view,
      clientUid: rows[index]?.client_uid ?? '',
      clientName: rows[index]?.client_name ?? '',
      clientEmail: rows[index]?.client_email ?? '',
    }));
    const due = await owed(context, within, now);
    const clients = new Map<string, PracticePayments['clients'][number]>();
    const totalsOf = (uid: string, name: string) => {
      const found = clients.get(uid) ?? {
        clientUid: uid,
        clientName: name,
        paid: 0,
        refunded: 0,
        due: 0,
      };
      clients.set(uid, found);
      return found;
    };
    for (const payment of payments)
      totalsOf(payment.clientUid, payment.clientName).paid += payment.amount;
    for (const refund of refunds) {
      const payment = rows.find((row) => row.id === refund.payment_id);
      if (payment) totalsOf(payment.client_uid, payment.client_name).refunded += refund.amount;
    }
    for (const item of due) totalsOf(item.clientUid, item.clientName).due += item.amount;
    const body: PracticePayments = {
      month,
      currency: MONEY_FACTS.currency,
      payments,
      refunds: refunds.map((refund) => ({
        id: refund.id,
        paymentId: refund.payment_id,
        creditNoteNumber: creditNoteNumber(refund.credit_year, refund.credit_sequence),
        amount: refund.amount,
        at: refund.created_at.toISOString(),
        clientName: refund.client_name,
      })),
      due,
      clients: [...clients.values()],
      totals: {
        paid: payments.reduce((sum, each) => sum + each.amount, 0),
        refunded: refunds.reduce((sum, each) => sum + each.amount, 0),
        due: due.reduce((sum, each) => sum + each.amount, 0),
      },
    };
    return json(200, body);
  },
});

/** Confirmed one-off sessions of the month without a payment, and series not paid or due. */
async function owed(context: ApiContext, within: { start: Date; end: Date }, now: Date) {
  const sessions = await confirmedOneOffsWithin(context.db, within);
  const paid = await bookingPayments(
    context.db,
    sessions.map((each) => each.id),
  );
  const due: PracticePayments['due'] = [];
  for (const session of sessions) {
    const service = context.services.find((each) => each.id === session.service_id);
    if (!service || isFree(service) || paid.has(session.id)) continue;
    due.push({
      clientUid: session.client_uid,
      clientName: session.client_name,
      clientEmail: session.client_email,
      bookingId: session.id,
      seriesId: null,
      amount: feePerSessionPence(service),
      status: 'unpaid',
      start: session.starts_at.toISOString(),
    });
  }
  const series = await seriesWithStatus(context.db, ['confirmed']);
  const states = await planStates(
    context.db,
    series.map((each) => each.id),
    now,
  );
  for (const each of series) {
    const service = context.services.find((s) => s.id === each.serviceId);
    const state = states.get(each.id);
    if (!service || isFree(service) || !state || state.status === 'paid') continue;
    due.push({
      clientUid: each.client.uid,
      clientName: each.client.name,
      clientEmail: each.client.email,
      bookingId: null,
      seriesId: each.id,
      amount: monthlyPricePence(service),
      status: state.status === 'due' ? 'due' : 'unpaid',
      start: each.firstStart.toISOString(),
    });
  }
  return due;
}
