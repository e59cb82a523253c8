import { sessionSharePence, sessionsInPeriod } from '../../../shared/billing';
import type { SeriesRecord } from '../bookings';
import type { Database } from '../platform/database/database';
import type { ApiContext } from '../platform/http/types';
import { findSeries } from '../series';
import { paymentsIfSetUp } from './gateway';
import type { PaymentRow } from './queries';
import { creditsOf } from './queries-credits';
import { givenUpInMonth, lockPaidMonths } from './queries-money';
import { giveHeldRefund, holdRefund, type HeldRefund } from './refunds';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Published by the webhook inside the transaction that records a series' paid invoice: what
 * that month's money owes is given back from the durable queue (giveBackOnMonthPaid), so a
 * failure there is tried again, with a growing wait, or given up with a note she sees.
 */
export interface SeriesMonthPaid {
  type: 'series-month.paid';
  seriesId: string;
  occurredAt: string;
}

/**
 * Inside the webhook's transaction that records a series' paid invoice: what the month owes is
 * queued with the event (a durable row), retried until done or given up with a note.
 */
export async function queueMonthGiveBack(
  db: Database,
  context: ApiContext,
  seriesId: string,
  now: Date,
) {
  if (!UUID.test(seriesId)) return;
  const event: SeriesMonthPaid = {
    type: 'series-month.paid',
    seriesId,
    occurredAt: now.toISOString(),
  };
  await context.reactions.publish(db, event);
}

/**
 * After a series' month is paid: every occurrence of it that was given up before the money came
 * is given back its share, as a cancellation is (`refundPence`: with notice or by the practice,
 * the whole share). That is a session cancelled while its month's invoice had failed or was still
 * open (it took nothing then), and a week the scheduler skipped (the time was not free: the
 * practice's doing). A client's late cancellation keeps nothing back. Each occurrence is given
 * back once per payment (`payment_refunds_one_per_occurrence`), so running this again, on the
 * queue's retry or on Stripe's retry of the event, refunds nothing twice.
 */
export async function giveBackOnMonthPaid(event: SeriesMonthPaid, context: ApiContext) {
  await giveBackWhatPaidMonthsOwe(context, event.seriesId, new Date(event.occurredAt));
}

export async function giveBackWhatPaidMonthsOwe(context: ApiContext, seriesId: string, now: Date) {
  const payments = paymentsIfSetUp(context);
  if (!payments || !UUID.test(seriesId)) return;
  const held = await context.db.transaction().execute(async (trx) => {
    const series = await findSeries(trx, seriesId);
    return series ? holdWhatPaidMonthsOwe(trx, context, series, now) : [];
  });
  for (const refund of held) await giveHeldRefund(context, payments, refund, now);
  if (held.length > 0) context.outbox.deliver();
}

/**
 * Inside the caller's transaction, while the series is there: what each of its paid months
 * owes, held as pending refunds (the give-back above, and the account's deletion, after which
 * the series and its skipped weeks are gone and a give-back still queued finds nothing).
 */
export async function holdWhatPaidMonthsOwe(
  db: Database,
  context: ApiContext,
  series: SeriesRecord,
  now: Date,
): Promise<HeldRefund[]> {
  const service = context.services.find((each) => each.id === series.serviceId);
  if (!service || service.price === 0) return [];
  const months = await lockPaidMonths(db, series.id);
  const refunds: HeldRefund[] = [];
  for (const month of months) refunds.push(...(await holdMonth(db, series, month, now)));
  return refunds;
}

/** One paid month's occurrences owed and not yet given back, each held as a pending refund. */
async function holdMonth(db: Database, series: SeriesRecord, month: PaymentRow, now: Date) {
  if (!month.period_start || !month.period_end) return [];
  const period = { start: month.period_start, end: month.period_end };
  const {
    cancelled,
    skipped,
    refunded,
    credited: creditedEarlier,
  } = await givenUpInMonth(db, {
    id: month.id,
    seriesId: series.id,
    ...period,
  });
  const credited = await creditsOf(db, [month.id]);
  const done = (bookingId: string | null, start: Date) =>
    refunded.some(
      (each) =>
        (bookingId !== null && each.booking_id === bookingId) ||
        each.session_start?.getTime() === start.getTime(),
    ) ||
    (bookingId !== null && creditedEarlier.some((each) => each.booking_id === bookingId));
  const owed = [
    ...cancelled.map((each) => ({ bookingId: each.id, start: new Date(each.billed) })),
    ...skipped.map((each) => ({ bookingId: null, start: new Date(each.occurrence) })),
  ].filter((each) => !done(each.bookingId, each.start));
  const price = month.amount + credited.reduce((sum, credit) => sum + credit.amount, 0);
  const starts = sessionsInPeriod(series, period);
  const held: HeldRefund[] = [];
  let left = month.amount - month.refunded;
  for (const { bookingId, start } of owed) {
    const amount = Math.min(sessionSharePence(price, starts, start), left);
    if (amount <= 0) continue;
    left -= amount;
    held.push(
      await holdRefund(db, {
        paymentId: month.id,
        amount,
        bookingId,
        reason: bookingId ? 'Session cancelled' : 'Week skipped: the time was not free',
        now,
        sessionStart: start,
      }),
    );
  }
  return held;
}
