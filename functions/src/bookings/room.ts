import type { Database } from '../platform/database/database';
import type { BookingRecord } from './types';

/** Someone's place in a session's room: a participant who joined it. */
export interface JoinedPlace {
  id: string;
  uid: string;
  name: string;
  createdAt: Date;
  /** When they joined: their sessions are those from then on. */
  respondedAt: Date | null;
}

/**
 * The caller's place in a session's room (a session of a series: the series' room), if they
 * joined it. Who is in a booking is the booking's own relation, read here so bookings decides
 * who may act on a session; participants invites, admits and lets people leave.
 */
export async function joinedPlace(
  db: Database,
  booking: Pick<BookingRecord, 'id' | 'seriesId'>,
  uid: string,
): Promise<JoinedPlace | undefined> {
  const row = await db
    .selectFrom('participants')
    .select(['id', 'uid', 'name', 'created_at', 'responded_at'])
    .where(booking.seriesId ? 'series_id' : 'booking_id', '=', booking.seriesId ?? booking.id)
    .where('uid', '=', uid)
    .where('status', '=', 'joined')
    .orderBy('created_at')
    .orderBy('position')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    uid,
    name: row.name,
    createdAt: new Date(row.created_at),
    respondedAt: row.responded_at ? new Date(row.responded_at) : null,
  };
}
