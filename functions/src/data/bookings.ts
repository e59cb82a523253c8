import { sql, type Selectable } from 'kysely';
import type { BookingStatus } from '../../../shared/booking';
import type { BookingRecord, Client, Interval } from '../domain/types';
import type { Database } from './database';
import type { BookingsTable } from './schema';

const ACTIVE: BookingStatus[] = ['requested', 'confirmed'];

const columns = [
  'id',
  'client_uid',
  'client_email',
  'client_name',
  'service_id',
  'starts_at',
  'ends_at',
  'status',
  'note',
  'created_at',
  'updated_at',
] as const;

type BookingRow = Pick<Selectable<BookingsTable>, (typeof columns)[number]>;

function toRecord(row: BookingRow): BookingRecord {
  return {
    id: row.id,
    client: { uid: row.client_uid, email: row.client_email, name: row.client_name },
    serviceId: row.service_id,
    start: new Date(row.starts_at),
    end: new Date(row.ends_at),
    status: row.status,
    note: row.note,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export interface NewBooking {
  client: Client;
  serviceId: number;
  start: Date;
  end: Date;
  /** Until when the practitioner is busy: the end plus the break. */
  busyUntil: Date;
  note: string;
}

export type InsertBookingResult =
  | { outcome: 'created'; booking: BookingRecord }
  | { outcome: 'taken' }
  | { outcome: 'too-many-requests' };

/**
 * Inserts a requested booking. The exclusion constraint refuses an overlap (→ taken); a
 * per-client advisory lock makes the open-request count and the insert one step.
 */
export async function insertBooking(
  db: Database,
  booking: NewBooking,
  limits: { maxOpenRequests: number; now: Date },
  /** More to write in the same transaction (the messages the request causes). */
  alongside: (trx: Database, created: BookingRecord) => Promise<unknown> = async () => undefined,
): Promise<InsertBookingResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${booking.client.uid}))`.execute(trx);
      const { open } = await trx
        .selectFrom('bookings')
        .select((eb) => eb.fn.countAll<string>().as('open'))
        .where('client_uid', '=', booking.client.uid)
        .where('status', '=', 'requested')
        .where('starts_at', '>', limits.now)
        .executeTakeFirstOrThrow();
      if (Number(open) >= limits.maxOpenRequests) return { outcome: 'too-many-requests' as const };
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

/** SQLSTATE 23P01: the exclusion constraint refused an overlapping active booking. */
export function isOverlapRefused(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23P01';
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

export async function findBooking(db: Database, id: string): Promise<BookingRecord | undefined> {
  const row = await db
    .selectFrom('bookings')
    .select(columns)
    .where('id', '=', id)
    .executeTakeFirst();
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

/** Deletes every booking of one client (their account is going) and returns what was deleted. */
export async function deleteClientBookings(
  db: Database,
  clientUid: string,
): Promise<BookingRecord[]> {
  const rows = await db
    .deleteFrom('bookings')
    .where('client_uid', '=', clientUid)
    .returning(columns)
    .execute();
  return rows.map(toRecord);
}
