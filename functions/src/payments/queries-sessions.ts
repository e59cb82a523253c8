import { sql } from 'kysely';
import type { Database } from '../platform/database/database';
import type { PaymentRow } from './queries';

/**
 * Bookings the payments covered (a series invoice covers its sessions whose occurrence, their
 * time before any move, is inside its period).
 */
export async function sessionsCovered(db: Database, payment: PaymentRow) {
  if (payment.booking_id && !payment.series_id) {
    return db
      .selectFrom('bookings')
      .select(['id', 'starts_at', 'ends_at', 'service_id', 'status', 'occurrence'])
      .where('id', '=', payment.booking_id)
      .execute();
  }
  if (!payment.series_id) return [];
  const start = payment.period_start ?? payment.paid_at ?? payment.created_at;
  const end = payment.period_end ?? new Date(start.getTime() + 31 * 86_400_000);
  return db
    .selectFrom('bookings')
    .select(['id', 'starts_at', 'ends_at', 'service_id', 'status', 'occurrence'])
    .where('series_id', '=', payment.series_id)
    .where(billedAt, '>=', start)
    .where(billedAt, '<', end)
    .where('status', '=', 'confirmed')
    .orderBy('starts_at')
    .execute();
}

/** A series' session is billed at its occurrence (its time before any move). */
const billedAt = sql<Date>`coalesce(occurrence, starts_at)`;

/** The one session a refund is for (a cancelled session's refund), as sessionsCovered gives it. */
export async function sessionById(db: Database, bookingId: string) {
  return db
    .selectFrom('bookings')
    .select(['id', 'starts_at', 'ends_at', 'service_id', 'status', 'occurrence'])
    .where('id', '=', bookingId)
    .execute();
}

/** The id of a series' first session (emails about the series' payments are about it). */
export async function firstSessionOfSeries(db: Database, seriesId: string) {
  const first = await db
    .selectFrom('bookings')
    .select('id')
    .where('series_id', '=', seriesId)
    .orderBy('starts_at')
    .limit(1)
    .executeTakeFirst();
  return first?.id;
}

/** Confirmed one-off sessions starting within a period (the ones a month's report may find owed). */
export async function confirmedOneOffsWithin(db: Database, within: { start: Date; end: Date }) {
  return db
    .selectFrom('bookings')
    .select(['id', 'client_uid', 'client_name', 'client_email', 'service_id', 'starts_at'])
    .where('status', '=', 'confirmed')
    .where('series_id', 'is', null)
    .where('starts_at', '>=', within.start)
    .where('starts_at', '<', within.end)
    .execute();
}
