import { sql } from 'kysely';
import type { BookingMode, BookingStatus } from '../../../shared/booking';
import type { Attendance } from '../../../shared/clinical-api';
import { newVideoRoom } from './video';
import { columns, toRecord } from './queries-rows';
import type { BookingRecord, Client, Interval } from './types';
import type { Database } from '../platform/database/database';
import { transactionTriedAgain } from '../platform/database/retry';

const ACTIVE: BookingStatus[] = ['requested', 'confirmed'];

export interface NewBooking {
  client: Client;
  serviceId: number;
  start: Date;
  end: Date;
  /** Until when the practitioner is busy: the end plus the break. */
  busyUntil: Date;
  note: string;
  /** By video: the session gets its own room (bookings/video.ts). In person when absent. */
  mode?: BookingMode;
  /** The free call's number to phone (shared/phone.ts). */
  callPhone?: string;
}

export type InsertBookingResult =
  | { outcome: 'created'; booking: BookingRecord }
  | { outcome: 'taken' }
  | { outcome: 'too-many-requests' };

/** A video session's columns: its mode and a room of its own. */
const modeColumns = (mode: BookingMode | undefined) =>
  mode === 'video' ? { mode, video_room: newVideoRoom() } : { mode: 'in-person' as const };

/**
 * Inserts a requested booking. The exclusion constraint refuses an overlap (→ taken); a
 * per-client advisory lock makes the open-request count and the insert one step. A deadlock
 * (whatever its cycle: two overlapping rows at once, or the request's own messages and
 * reactions) runs the transaction again: the try after it books the time, or meets the overlap.
 */
export async function insertBooking(
  db: Database,
  booking: NewBooking,
  limits: { maxOpenRequests: number; now: Date },
  /** More to write in the same transaction (the messages the request causes). */
  alongside: (trx: Database, created: BookingRecord) => Promise<unknown> = async () => undefined,
): Promise<InsertBookingResult> {
  try {
    return await transactionTriedAgain(db, async (trx) => {
      await lockClient(trx, booking.client.uid);
      if ((await openRequests(trx, booking.client.uid, limits.now)) >= limits.maxOpenRequests)
        return { outcome: 'too-many-requests' as const };
      const row = await trx
        .insertInto('bookings')
        .values({
          client_uid: booking.client.uid,
          client_email: booking.client.email,
          client_name: booking.client.name,
          service_id: booking.serviceId,
          starts_at: booking.start,
          ends_at: booking.end,
          during: sql<string>`tstzrange(${booking.start}, ${booking.busyUntil}, '[)')`,
          status: 'requested',
          note: booking.note,
          ...modeColumns(booking.mode),
          call_phone: booking.callPhone ?? null,
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
      const created = toRecord(row);
      await alongside(trx, created);
      return { outcome: 'created' as const, booking: created };
    });
  } catch (error) {
    if (isOverlapRefused(error)) return { outcome: 'taken' };
    throw error;
  }
}

/**
 * The client's requests still waiting for an answer: a one-off session counts once, and so does
 * a whole series. Call inside a transaction holding the client's advisory lock.
 */
export async function openRequests(db: Database, clientUid: string, now: Date): Promise<number> {
  const { open } = await db
    .selectFrom('bookings')
    .select(sql<string>`count(distinct coalesce(series_id, id))`.as('open'))
    .where('client_uid', '=', clientUid)
    .where('status', '=', 'requested')
    .where('starts_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(open);
}

/** One advisory lock per client: counting their requests and adding one are a single step. */
export async function lockClient(db: Database, clientUid: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${clientUid}))`.execute(db);
}

/**
 * The exclusion constraint refused an overlapping active booking or block: SQLSTATE 23P01, and
 * only that. Two overlapping rows written at the same moment can instead end in a deadlock
 * (40P01: each check waits for the other's uncommitted row), but so can any other cycle of waits
 * in the same transaction, which says nothing about the time: a deadlock runs the transaction
 * again (platform/database/retry.ts), and the try after it meets the committed row as 23P01.
 */
export function isOverlapRefused(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === '23P01';
}

/** Active bookings (with their breaks) and blocks that overlap a stretch of time. */
export async function busyIntervals(db: Database, within: Interval): Promise<Interval[]> {
  const range = sql`tstzrange(${within.start}, ${within.end}, '[)')`;
  const rows = await db
    .selectFrom('bookings')
    .select([sql<Date>`lower(during)`.as('start'), sql<Date>`upper(during)`.as('end')])
    .where('status', 'in', ACTIVE)
    .where(sql<boolean>`during && ${range}`)
    .unionAll(
      db
        .selectFrom('blocks')
        .select([sql<Date>`lower(during)`.as('start'), sql<Date>`upper(during)`.as('end')])
        .where(sql<boolean>`during && ${range}`),
    )
    .execute();
  return rows.map((row) => ({ start: new Date(row.start), end: new Date(row.end) }));
}

/**
 * One booking; with `lock` (inside a transaction) its row is held until the transaction ends, so
 * that changes to one session take turns and each is judged on what the one before it left.
 */
export async function findBooking(
  db: Database,
  id: string,
  options: { lock?: boolean } = {},
): Promise<BookingRecord | undefined> {
  let query = db.selectFrom('bookings').select(columns).where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toRecord(row);
}

export async function clientBookings(db: Database, clientUid: string): Promise<BookingRecord[]> {
  const rows = await db
    .selectFrom('bookings')
    .select(columns)
    .where('client_uid', '=', clientUid)
    .orderBy('starts_at')
    .execute();
  return rows.map(toRecord);
}

/** Every booking starting in a stretch of time, for the practitioner's diary. */
export async function bookingsStartingWithin(
  db: Database,
  within: Interval,
): Promise<BookingRecord[]> {
  const rows = await db
    .selectFrom('bookings')
    .select(columns)
    .where('starts_at', '>=', within.start)
    .where('starts_at', '<', within.end)
    .orderBy('starts_at')
    .execute();
  return rows.map(toRecord);
}

/** Requests whose start has come without an answer: the scheduled job declines them. */
export async function lapsedRequests(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', 'requested')
    .where('starts_at', '<=', now)
    .orderBy('starts_at')
    .execute();
  return rows.map((row) => row.id);
}

/** Moves a booking to `to` only if it is still in one of `from` (so two racing changes cannot both win). */
export async function changeStatus(
  db: Database,
  id: string,
  from: readonly BookingStatus[],
  to: BookingStatus,
  now: Date,
): Promise<BookingRecord | undefined> {
  const row = await db
    .updateTable('bookings')
    .set({ status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returning(columns)
    .executeTakeFirst();
  return row && toRecord(row);
}

/**
 * A client's series' plans, locked in one order (the series' id). Deleting a series cascades to
 * its plan, and a Pay or a Stripe webhook locks the plan before the series (and its payments):
 * a deletion that takes the plans first, as they do, leaves no cycle of waits between them.
 */
export async function lockPlansOfClient(db: Database, clientUid: string): Promise<void> {
  await db
    .selectFrom('payment_plans')
    .select('series_id')
    .where('client_uid', '=', clientUid)
    .orderBy('series_id')
    .forUpdate()
    .execute();
}

/** Deletes every booking of one client (their account is going) and returns what was deleted. */
export async function deleteClientBookings(
  db: Database,
  clientUid: string,
): Promise<BookingRecord[]> {
  await lockPlansOfClient(db, clientUid);
  const rows = await db
    .deleteFrom('bookings')
    .where('client_uid', '=', clientUid)
    .returning(columns)
    .execute();
  await db.deleteFrom('series').where('client_uid', '=', clientUid).execute();
  return rows.map(toRecord);
}

/** Every session of some series, in start order. */
export async function seriesBookings(
  db: Database,
  seriesIds: readonly string[],
): Promise<BookingRecord[]> {
  if (seriesIds.length === 0) return [];
  const rows = await db
    .selectFrom('bookings')
    .select(columns)
    .where('series_id', 'in', [...seriesIds])
    .orderBy('starts_at')
    .execute();
  return rows.map(toRecord);
}

/**
 * Adds one session of a series, unless its time is taken (the exclusion constraints: another
 * session, or blocked time written a moment ago) or the occurrence already has one (the unique
 * key): then nothing is written and undefined comes back. Call inside a transaction: a savepoint
 * keeps a refused week from undoing the weeks already booked in it. A deadlock is not a taken
 * week: it aborts the caller's transaction, which is run again (transactionTriedAgain).
 */
export async function insertSeriesSession(
  db: Database,
  session: NewBooking & { seriesId: string; occurrence: Date; status: 'requested' | 'confirmed' },
): Promise<BookingRecord | undefined> {
  await sql`savepoint series_session`.execute(db);
  try {
    const booked = await insertSeriesRow(db, session);
    await sql`release savepoint series_session`.execute(db);
    return booked;
  } catch (error) {
    if (!isOverlapRefused(error)) throw error;
    await sql`rollback to savepoint series_session`.execute(db);
    return undefined;
  }
}

async function insertSeriesRow(
  db: Database,
  session: NewBooking & { seriesId: string; occurrence: Date; status: 'requested' | 'confirmed' },
): Promise<BookingRecord | undefined> {
  const row = await db
    .insertInto('bookings')
    .values({
      client_uid: session.client.uid,
      client_email: session.client.email,
      client_name: session.client.name,
      service_id: session.serviceId,
      starts_at: session.start,
      ends_at: session.end,
      during: sql<string>`tstzrange(${session.start}, ${session.busyUntil}, '[)')`,
      status: session.status,
      note: session.note,
      ...modeColumns(session.mode),
      series_id: session.seriesId,
      occurrence: session.occurrence,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning(columns)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** Changes the status of a series' sessions that are in `from` and start after `after`. */
export async function changeSeriesSessions(
  db: Database,
  change: {
    seriesId: string;
    from: readonly BookingStatus[];
    to: BookingStatus;
    after: Date;
    now: Date;
  },
): Promise<BookingRecord[]> {
  const rows = await db
    .updateTable('bookings')
    .set({ status: change.to, updated_at: change.now })
    .where('series_id', '=', change.seriesId)
    .where('status', 'in', [...change.from])
    .where('starts_at', '>', change.after)
    .returning(columns)
    .execute();
  return rows.map(toRecord).sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * Moves an active session to a new time, keeping its status and length; the exclusion constraint
 * refuses a taken time ('taken'). Each move raises the calendar revision. Call inside a
 * transaction run again on a deadlock (transactionTriedAgain).
 */
export async function moveBooking(
  db: Database,
  move: { id: string; start: Date; end: Date; busyUntil: Date; now: Date },
): Promise<{ outcome: 'moved'; booking: BookingRecord } | { outcome: 'taken' | 'gone' }> {
  try {
    const row = await db
      .updateTable('bookings')
      .set((eb) => ({
        starts_at: move.start,
        ends_at: move.end,
        during: sql<string>`tstzrange(${move.start}, ${move.busyUntil}, '[)')`,
        sequence: eb('sequence', '+', 1),
        updated_at: move.now,
      }))
      .where('id', '=', move.id)
      .where('status', 'in', ACTIVE)
      .returning(columns)
      .executeTakeFirst();
    return row ? { outcome: 'moved', booking: toRecord(row) } : { outcome: 'gone' };
  } catch (error) {
    if (isOverlapRefused(error)) return { outcome: 'taken' };
    throw error;
  }
}

/** Records what happened to a session (the database refuses it before the end, bar a late cancellation). */
export async function markAttendance(
  db: Database,
  id: string,
  attendance: Attendance,
  now: Date,
): Promise<BookingRecord | undefined> {
  const row = await db
    .updateTable('bookings')
    .set({ attendance, attendance_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['confirmed', 'cancelled'])
    .returning(columns)
    .executeTakeFirst();
  return row && toRecord(row);
}
