import { sql } from 'kysely';
import type { Database } from '../platform/database/database';

/** A series' session is billed at its occurrence (its time before any move). */
const billedAt = sql<Date>`coalesce(occurrence, starts_at)`;

/** A client's plans still running (a deleted account's subscriptions and open Checkouts). */
export async function runningPlansOfClient(db: Database, clientUid: string) {
  return db
    .selectFrom('payment_plans')
    .select(['stripe_subscription_id', 'open_checkout_id'])
    .where('client_uid', '=', clientUid)
    .where('ended_at', 'is', null)
    .execute();
}

/** A client's one-off Checkouts still open. */
export async function openOneOffCheckoutsOfClient(db: Database, clientUid: string) {
  return db
    .selectFrom('payments')
    .select(['id', 'checkout_session_id'])
    .where('client_uid', '=', clientUid)
    .where('series_id', 'is', null)
    .where('status', '=', 'pending')
    .where('checkout_session_id', 'is not', null)
    .where('checkout_expired_at', 'is', null)
    .execute();
}

/** The refund recorded for a session (at most one: payment_refunds_one_per_booking). */
export async function refundRowOfBooking(db: Database, bookingId: string) {
  return db
    .selectFrom('payment_refunds')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .executeTakeFirst();
}

/** A series' paid months with a card charge, locked (their refunds are decided on them). */
export async function lockPaidMonths(db: Database, seriesId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('series_id', '=', seriesId)
    .where('status', '=', 'paid')
    .where('period_start', 'is not', null)
    .where('stripe_payment_intent_id', 'is not', null)
    .orderBy('period_start')
    .forUpdate()
    .execute();
}

/**
 * What a month's payment was for and no longer is: its sessions cancelled other than late by the
 * client (billed at their occurrence), its skipped weeks, what its refunds name already, and the
 * sessions of the series taken off an invoice instead.
 */
export async function givenUpInMonth(
  db: Database,
  month: { id: string; seriesId: string; start: Date; end: Date },
) {
  const cancelled = await db
    .selectFrom('bookings')
    .select(['id', billedAt.as('billed')])
    .where('series_id', '=', month.seriesId)
    .where('status', '=', 'cancelled')
    .where(billedAt, '>=', month.start)
    .where(billedAt, '<', month.end)
    .where((eb) =>
      eb.or([eb('attendance', 'is', null), eb('attendance', '<>', 'late-cancellation')]),
    )
    .execute();
  const skipped = await db
    .selectFrom('series_skips')
    .select('occurrence')
    .where('series_id', '=', month.seriesId)
    .where('occurrence', '>=', month.start)
    .where('occurrence', '<', month.end)
    .execute();
  // A session has one refund at most, from whichever payment: any of theirs counts as given.
  const cancelledIds = cancelled.map((each) => each.id);
  const refunded = await db
    .selectFrom('payment_refunds')
    .select(['booking_id', 'session_start'])
    .where((eb) =>
      cancelledIds.length > 0
        ? eb.or([eb('payment_id', '=', month.id), eb('booking_id', 'in', cancelledIds)])
        : eb('payment_id', '=', month.id),
    )
    .execute();
  const credited = await db
    .selectFrom('payment_credits')
    .select('booking_id')
    .where('series_id', '=', month.seriesId)
    .execute();
  return { cancelled, skipped, refunded, credited };
}
