import type { Selectable } from 'kysely';
import type { BookingsTable } from '../platform/database/schema';
import type { BookingRecord } from './types';

/** The columns of a booking every query reads, and the record made of them. */
export const columns = [
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
  'series_id',
  'occurrence',
  'sequence',
  'attendance',
  'mode',
  'video_room',
  'call_phone',
] as const;

type BookingRow = Pick<Selectable<BookingsTable>, (typeof columns)[number]>;

export function toRecord(row: BookingRow): BookingRecord {
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
    seriesId: row.series_id,
    occurrence: row.occurrence ? new Date(row.occurrence) : null,
    sequence: row.sequence,
    attendance: row.attendance,
    mode: row.mode,
    videoRoom: row.video_room,
    callPhone: row.call_phone,
  };
}
