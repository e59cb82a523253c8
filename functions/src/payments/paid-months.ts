import { sql } from 'kysely';
import { sessionSharePence, sessionsInPeriod } from '../../../shared/billing';
import type { SeriesRecord } from '../bookings';
import type { Database } from '../platform/database/database';
import type { ApiContext } from '../platform/http/types';
import { findSeries } from '../series';
import { paymentsIfSetUp } from './gateway';
import type { PaymentRow } from './queries';
import { creditsOf } from './queries-credits';
import { giveHeldRefund, holdRefund, type HeldRefund } from './refunds';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * After a series' month is paid: every occurrence of it that was given up before the money came
 * is given back its share, as a cancellation is (`refundPence`: with notice or by the practice,
 * the whole share). That is a session cancelled while its month's invoice had failed or was still
 * open (it took nothing then), and a week the scheduler skipped (the time was not free: the
 * practice's doing). A client's late cancellation keeps nothing back. Each occurrence is given
 * back once per payment (`payment_refunds_one_per_occurrence`), so running this again, or on
 * Stripe's retry of the event, refunds nothing twice.
 */
export async function giveBackPaidMonths(context: ApiContext, seriesId: string, now: Date) {
  const payments = paymentsIfSetUp(context);
  if (!payments || !UUID.test(seriesId)) return;
  try {
    const held = await context.db.transaction().execute(async (trx) => {
      const series = await findSeries(trx, seriesId);
      if (!series) return [];
      const service = context.services.find((each) => each.id === series.serviceId);
      if (!service || service.price === 0) return [];
      const months = await trx
        .selectFrom('payments')
        .selectAll()
        .where('series_id', '=', seriesId)
        .where('status', '=', 'paid')
        .where('period_start', 'is not', null)
        .where('stripe_payment_intent_id', 'is not', null)
        .orderBy('period_start')
        .forUpdate()
        .execute();
      const refunds: HeldRefund[] = [];
      for (const month of months) refunds.push(...(await holdMonth(trx, series, month, now)));
      return refunds;
    });
    for (const refund of held) await giveHeldRefund(context, payments, refund, now);
    if (held.length > 0) context.outbox.deliver();
  } catch (error) {
    console.error(
      'Giving back a paid month’s sessions failed:',
      error instanceof Error ? error.name : 'unknown',
    );
  }
}

/** One paid month's occurrences owed and not yet given back, each held as a pending refund. */
async function holdMonth(db: Database, series: SeriesRecord, month: PaymentRow, now: Date) {
  if (!month.period_start || !month.period_end) return [];
  const period = { start: month.period_start, end: month.period_end };
  const billedAt = sql<Date>`coalesce(occurrence, starts_at)`;
  const cancelled = await db
    .selectFrom('bookings')
    .select(['id', billedAt.as('billed')])
    .where('series_id', '=', series.id)
    .where('status', '=', 'cancelled')
    .where(billedAt, '>=', period.start)
    .where(billedAt, '<', period.end)
    .where((eb) =>
      eb.or([eb('attendance', 'is', null), eb('attendance', '<>', 'late-cancellation')]),
    )
    .execute();
  const skipped = await db
    .selectFrom('series_skips')
    .select('occurrence')
    .where('series_id', '=', series.id)
    .where('occurrence', '>=', period.start)
    .where('occurrence', '<', period.end)
    .execute();
  const given = await db
    .selectFrom('payment_refunds')
    .select(['booking_id', 'session_start'])
    .where('payment_id', '=', month.id)
    .execute();
  const credited = await creditsOf(db, [month.id]);
  const creditedEarlier = await db
    .selectFrom('payment_credits')
    .select('booking_id')
    .where('series_id', '=', series.id)
    .execute();
  const done = (bookingId: string | null, start: Date) =>
    given.some(
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
