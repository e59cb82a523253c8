/**
 * Whether a session or a series may be sent to Checkout, and for how much: pure, from what the
 * handler loaded. A refusal is the problem the client is answered with.
 */
import { planProductName } from '../../../shared/billing';
import {
  feePerSessionPence,
  isFree,
  MONEY_FACTS,
  monthlyPricePence,
  type PaymentState,
} from '../../../shared/money';
import type { BookingRecord, SeriesRecord } from '../bookings';
import type { Service } from '../../../shared/service';
import { problems, type ProblemError } from '../platform/http/problems';

type Verdict<T> =
  | { refused: ProblemError }
  | {
      refused?: undefined;
      /** What is paid for. */
      item: T;
      service: Service;
      productName: string;
      /** Pence: the server's own fee (service.json), whatever the request said. */
      amount: number;
      currency: string;
    };

const notFound = (what: 'series' | 'session') =>
  problems.notFound(`There is no such ${what}. Open My bookings again.`);
const notYours = () => problems.notYours('You can only pay for your own sessions.');
const free = () => problems.notPayable('This service is free: nothing is owed.');

/**
 * Why a session that is not confirmed cannot be paid, one sentence for each status the rule
 * refuses (a new status will not typecheck until it has its own): what is true, and what to do.
 */
export const SESSION_NOT_PAYABLE: Record<Exclude<BookingRecord['status'], 'confirmed'>, string> = {
  requested: 'The practitioner has not confirmed this session yet: it can be paid once she does.',
  declined:
    'The practitioner declined this session, so nothing is owed for it. You can ask for another time: choose Book a session on My bookings.',
  cancelled:
    'This session was cancelled, so nothing is owed for it. To meet again, choose Book a session on My bookings.',
};

/** Why a series that is not confirmed cannot be paid, one sentence for each status refused. */
export const SERIES_NOT_PAYABLE: Record<Exclude<SeriesRecord['status'], 'confirmed'>, string> = {
  requested: 'The practitioner has not confirmed this series yet: it can be paid once she does.',
  declined:
    'The practitioner declined this series, so nothing is owed for it. You can ask for another time: choose Book a session on My bookings.',
  ended:
    'This series has ended, so nothing more is owed for it. To meet again, choose Book a session on My bookings.',
};

/** A series' monthly subscription: its client's, paid for service, confirmed, not paid this month. */
export function seriesCheckout(input: {
  series: SeriesRecord | undefined;
  callerUid: string;
  services: readonly Service[];
  plan: PaymentState | undefined;
}): Verdict<SeriesRecord> {
  const { series } = input;
  if (!series) return { refused: notFound('series') };
  if (series.client.uid !== input.callerUid) return { refused: notYours() };
  const service = input.services.find((each) => each.id === series.serviceId);
  if (!service || isFree(service)) return { refused: free() };
  if (series.status !== 'confirmed')
    return { refused: problems.notPayable(SERIES_NOT_PAYABLE[series.status]) };
  if (input.plan?.status === 'paid')
    return { refused: problems.alreadyPaid('This series is already paid for this month.') };
  return {
    item: series,
    service,
    productName: planProductName(service.name),
    amount: monthlyPricePence(service),
    currency: MONEY_FACTS.currency,
  };
}

/** A one-off session: its client's, paid for service, not in a series, confirmed, not paid. */
export function sessionCheckout(input: {
  booking: BookingRecord | undefined;
  callerUid: string;
  services: readonly Service[];
  paidAlready: boolean;
}): Verdict<BookingRecord> {
  const { booking } = input;
  if (!booking) return { refused: notFound('session') };
  if (booking.client.uid !== input.callerUid) return { refused: notYours() };
  const service = input.services.find((each) => each.id === booking.serviceId);
  if (!service || isFree(service)) return { refused: free() };
  if (booking.seriesId) {
    return {
      refused: problems.notPayable(
        'This session is part of a standing series: set up its monthly payment instead.',
      ),
    };
  }
  if (booking.status !== 'confirmed')
    return { refused: problems.notPayable(SESSION_NOT_PAYABLE[booking.status]) };
  if (input.paidAlready) return { refused: problems.alreadyPaid('This session is already paid.') };
  return {
    item: booking,
    service,
    productName: `${service.name}: one session`,
    amount: feePerSessionPence(service),
    currency: MONEY_FACTS.currency,
  };
}
