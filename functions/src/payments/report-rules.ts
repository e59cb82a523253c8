/** The practice's month of payments: pure, from the rows the handler loaded. */
import {
  feePerSessionPence,
  isFree,
  MONEY_FACTS,
  monthlyPricePence,
  type PaymentState,
} from '../../../shared/money';
import type { PracticePayments } from '../../../shared/payments-api';
import type { Service } from '../../../shared/service';
import { startOfPracticeDay } from '../../../shared/time';
import { creditNoteNumber } from './receipts';

/** A month (YYYY-MM) as the instants it starts and ends at, in the practice's time. */
export function monthPeriod(month: string): { start: Date; end: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next =
    monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  return { start: startOfPracticeDay(`${month}-01`), end: startOfPracticeDay(`${next}-01`) };
}

/** Confirmed one-off sessions of the month without a payment, and series not paid or due. */
export function owedOf(input: {
  services: readonly Service[];
  sessions: readonly {
    id: string;
    client_uid: string;
    client_name: string;
    client_email: string;
    service_id: number;
    starts_at: Date;
  }[];
  /** Ids of the sessions paid for. */
  paid: { has(id: string): boolean };
  series: readonly {
    id: string;
    serviceId: number;
    client: { uid: string; name: string; email: string };
    firstStart: Date;
  }[];
  states: ReadonlyMap<string, PaymentState>;
}): PracticePayments['due'] {
  const due: PracticePayments['due'] = [];
  for (const session of input.sessions) {
    const service = input.services.find((each) => each.id === session.service_id);
    if (!service || isFree(service) || input.paid.has(session.id)) continue;
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
  for (const each of input.series) {
    const service = input.services.find((s) => s.id === each.serviceId);
    const state = input.states.get(each.id);
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

/** The month's payments, refunds and what is owed, by client and in all. */
export function monthReport(input: {
  month: string;
  payments: PracticePayments['payments'];
  refunds: readonly {
    id: string;
    payment_id: string;
    amount: number;
    credit_year: number;
    credit_sequence: number;
    created_at: Date;
    client_name: string;
    reason: string;
  }[];
  /** The payments' rows (a refund's client is its payment's). */
  rows: readonly { id: string; client_uid: string; client_name: string }[];
  due: PracticePayments['due'];
}): PracticePayments {
  const { month, payments, refunds, rows, due } = input;
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
  return {
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
      reason: refund.reason,
    })),
    due,
    clients: [...clients.values()],
    totals: {
      paid: payments.reduce((sum, each) => sum + each.amount, 0),
      refunded: refunds.reduce((sum, each) => sum + each.amount, 0),
      due: due.reduce((sum, each) => sum + each.amount, 0),
    },
  };
}
