/**
 * The billing rule of a standing series: what one monthly payment covers, for both sides.
 *
 * Chosen: a monthly payment covers every session of the series that starts within its billing
 * month (the payment's period), however many that is: 4 weekly sessions in most months and 5 in a
 * month that holds five (2 or 3 for a fortnightly plan), always for the same monthly price.
 *
 * Why: a monthly plan is one fixed amount the client can read on the plan, on each receipt and on
 * their bank statement, and Stripe charges it with no adjustment; the price was set for a usual
 * month, and the fifth week is the practice's to give. A session's value is then its share of the
 * payment that covers it (the payment ÷ the sessions its period holds), so refunding every
 * session of a month gives back exactly that month's payment, never more and never another
 * month's money. The refund rule itself (`refundPence` in booking-rules.ts) stays the only one:
 * the share is the fee it is given for a series' session.
 */
import { addDays, practiceDate, practiceInstant } from './time.ts';

/** A standing series' cadence: its first session and how often it repeats. */
export interface SeriesCadence {
  firstStart: Date;
  /** London wall-clock "HH:MM" every session keeps. */
  localTime: string;
  everyWeeks: 1 | 2;
}

/** A payment's period: [start, end). */
export interface BillingPeriod {
  start: Date;
  end: Date;
}

/** The starts of the series' sessions within a period, in order (whatever their status now). */
export function sessionsInPeriod(series: SeriesCadence, period: BillingPeriod): Date[] {
  const firstDate = practiceDate(series.firstStart);
  const stepDays = 7 * series.everyWeeks;
  const stepMs = stepDays * 86_400_000;
  // Skip to just before the period (an hour of clock change either way is inside one step).
  const skip = Math.max(
    0,
    Math.floor((period.start.getTime() - series.firstStart.getTime()) / stepMs) - 1,
  );
  const starts: Date[] = [];
  for (let index = skip; ; index += 1) {
    const start = practiceInstant(addDays(firstDate, stepDays * index), series.localTime);
    if (start >= period.end) break;
    if (start >= period.start) starts.push(start);
  }
  return starts;
}

/**
 * What one session of a period is worth: its share of the payment that covers the period. The
 * shares of a period's sessions add up to the payment exactly (the odd pennies go to the later
 * sessions), so the whole month refunded is the whole payment.
 */
export function sessionSharePence(
  paymentPence: number,
  period: readonly Date[],
  session: Date,
): number {
  const count = period.length;
  const index = period.findIndex((start) => start.getTime() === session.getTime());
  if (count === 0 || index < 0) return 0;
  return (
    Math.floor((paymentPence * (index + 1)) / count) - Math.floor((paymentPence * index) / count)
  );
}

/**
 * The plan's words for the rule: what a monthly payment covers in a usual month and in a long one
 * (built from the plan's sessions a month; fortnightly plans say 2 or 3).
 */
export function planCoverSentence(plan: { sessionsPerMonth: number }): string {
  const usual = plan.sessionsPerMonth;
  return `Each monthly payment covers every session in its month: ${usual} in most months, ${usual + 1} in a month that holds ${usual + 1}, for the same price.`;
}

/** Checkout's and the receipt's name for a monthly plan's payment. */
export const planProductName = (serviceName: string) =>
  `${serviceName}: every session in the month`;

/**
 * The period after `previous`, as Stripe bills a monthly plan: calendar months from the first
 * payment, on the same day of the month (the month's last day when it is shorter).
 */
export function nextBillingPeriod(
  previous: BillingPeriod,
  first: Date = previous.start,
): BillingPeriod {
  let months = 1;
  while (monthsAfter(first, months) <= previous.end) months += 1;
  return { start: previous.end, end: monthsAfter(first, months) };
}

function monthsAfter(from: Date, months: number): Date {
  const target = new Date(from);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target;
}
