import { findBooking, type BookingStatusChanged } from '../bookings';
import type { ApiContext } from '../platform/http/types';
import type { SeriesEnded, SeriesWeekSkipped } from '../series';
import { endSubscription, refundCancelledSession } from './effects';
import { giveBackWhatPaidMonthsOwe } from './paid-months';
import { refundWithoutItsSession } from './waiting-refunds';

/**
 * The money that follows a session's change, subscribed in functions/src/reactions.ts and run
 * from the durable queue: each decides from the instant of the change (`occurredAt`), never the
 * time of a retry, and is safe to run again (a refund held for the session is asked again with
 * its own id as the idempotency key; a credit is taken once).
 */
export async function refundOnCancellation(event: BookingStatusChanged, context: ApiContext) {
  if (event.to !== 'cancelled') return;
  const booking = await findBooking(context.db, event.bookingId);
  // Gone with its client's account: the deletion held its refund (waiting-refunds.ts), or it
  // is given up for the practitioner to see.
  if (!booking) return refundWithoutItsSession(context.db, event.bookingId);
  if (booking.status !== 'cancelled') return;
  // An ended series' months not yet invoiced will not be: nothing is taken off them.
  const ahead = event.cause === 'series-ended' ? 'nothing' : 'credit';
  await refundCancelledSession(context, booking, event.by, new Date(event.occurredAt), ahead);
}

/** An ended series: its open Checkout expired, its subscription ended with the period paid. */
export async function endPlanOnSeriesEnd(event: SeriesEnded, context: ApiContext) {
  await endSubscription(context, event.seriesId, new Date(event.occurredAt));
}

/**
 * A week the rolling job could not book is the practice's doing, given back as its cancellation
 * would be: in a month already paid, its share of that payment (paid-months.ts, by the billing
 * rule); in a month not yet paid, once it is (the webhook's `invoice.paid` gives it back then).
 */
export async function giveBackSkippedWeek(event: SeriesWeekSkipped, context: ApiContext) {
  await giveBackWhatPaidMonthsOwe(context, event.seriesId, new Date(event.occurredAt));
}
