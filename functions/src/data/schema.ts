import type { ColumnType, Generated } from 'kysely';
import type { BookingStatus } from '../../../shared/booking';

/** `tstzrange` values are written with sql`tstzrange(…)` and read through lower()/upper(). */
type Range = ColumnType<string, string, never>;
type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, Date>;

export interface BookingsTable {
  id: Generated<string>;
  client_uid: string;
  client_email: string;
  client_name: string;
  service_id: number;
  /** When the session starts and ends (the break after it is only in `during`). */
  starts_at: Date;
  ends_at: Date;
  /** The session plus its break: the exclusion constraint keeps active ones apart. */
  during: Range;
  status: BookingStatus;
  note: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BlocksTable {
  id: Generated<string>;
  during: Range;
  reason: string;
  created_at: CreatedAt;
}

export interface DatabaseSchema {
  bookings: BookingsTable;
  blocks: BlocksTable;
}
