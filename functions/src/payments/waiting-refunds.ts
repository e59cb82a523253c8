import type { BookingRecord } from '../bookings';
import type { Database } from '../platform/database/database';
import { problems } from '../platform/http/problems';
import type { ApiContext } from '../platform/http/types';
import { sessionRefundOwed } from './effects';
import { creditOfBooking } from './queries-credits';
import { refundRowOfBooking } from './queries-money';
import { finishWaitingRefunds, refundsWaitingFor } from './queries-waiting';
import { holdRefund } from './refunds';

/**
 * The account's deletion, inside its transaction: a session cancelled before it whose refund is
 * still waiting for the minute job (or was given up) would find no session once the deletion
 * commits. Its refund is held here instead, decided as the cancellation would have been (who
 * cancelled, and when), and given with the account's other money; the waiting reaction is done.
 * A month not yet invoiced is never invoiced now (the subscription ends): nothing to credit.
 * Answers the held refunds' ids, a pending one held on an earlier try included.
 */
export async function holdWaitingRefunds(
  db: Database,
  context: ApiContext,
  booked: readonly BookingRecord[],
  now: Date,
): Promise<string[]> {
  const cancelled = booked.filter((each) => each.status === 'cancelled');
  const waiting = await refundsWaitingFor(
    db,
    cancelled.map((each) => each.id),
  );
  const held: string[] = [];
  for (const wait of waiting) {
    const booking = cancelled.find((each) => each.id === wait.bookingId);
    if (!booking) continue;
    const earlier = await refundRowOfBooking(db, booking.id);
    if (earlier) {
      if (earlier.status === 'pending') held.push(earlier.id);
      continue;
    }
    if (await creditOfBooking(db, booking.id)) continue;
    const cancelledAt = new Date(wait.occurredAt);
    const owed = await sessionRefundOwed(db, context, { booking, by: wait.by, now: cancelledAt });
    if (owed?.kind !== 'refund') continue;
    const refund = await holdRefund(db, {
      paymentId: owed.paymentId,
      amount: owed.amount,
      bookingId: booking.id,
      reason: 'Session cancelled',
      now,
      sessionStart: owed.sessionStart,
    });
    held.push(refund.row.id);
  }
  await finishWaitingRefunds(
    db,
    waiting.map((each) => each.reactionId),
    now,
  );
  return held;
}

/**
 * The session of a refund's reaction is gone (its client's account was deleted) and no refund or
 * credit was recorded for it: nothing here can decide what is owed any more. Thrown rather than
 * done, so the reaction is given up and the practitioner sees it under Needs your attention.
 */
export async function refundWithoutItsSession(db: Database, bookingId: string): Promise<void> {
  if (await refundRowOfBooking(db, bookingId)) return;
  if (await creditOfBooking(db, bookingId)) return;
  throw problems.wrongStatus(
    'The session was deleted with its client’s account before its refund was made. Look the payment up in Stripe and refund there what the cancellation owes.',
  );
}
