import { sql } from 'kysely';
import type { BookingStatusChanged } from '../bookings';
import type { Database } from '../platform/database/database';

/** The durable queue's name for a cancelled session's refund (functions/src/reactions.ts). */
export const REFUND_CANCELLED_SESSION = 'payments.refund-cancelled-session';

/** A cancelled session's refund still in the durable queue: waiting, being tried, or given up. */
interface WaitingRefund {
  reactionId: string;
  bookingId: string;
  by: BookingStatusChanged['by'];
  occurredAt: string;
}

export async function refundsWaitingFor(
  db: Database,
  bookingIds: readonly string[],
): Promise<WaitingRefund[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .selectFrom('session_reactions')
    .select(['id', 'event'])
    .where('handler', '=', REFUND_CANCELLED_SESSION)
    .where('done_at', 'is', null)
    .where(sql<string>`event->>'bookingId'`, 'in', [...bookingIds])
    .execute();
  return rows.flatMap((row) => {
    const event = (
      typeof row.event === 'string' ? JSON.parse(row.event) : row.event
    ) as BookingStatusChanged;
    if (event.to !== 'cancelled') return [];
    return [
      {
        reactionId: row.id,
        bookingId: event.bookingId,
        by: event.by,
        occurredAt: event.occurredAt,
      },
    ];
  });
}

/** Those refunds' reactions done: the account's deletion holds their refunds itself. */
export async function finishWaitingRefunds(db: Database, ids: readonly string[], now: Date) {
  if (ids.length === 0) return;
  await db
    .updateTable('session_reactions')
    .set({ done_at: now, claimed_until: null })
    .where('id', 'in', [...ids])
    .execute();
}
