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

export type MessageStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'dropped';

export interface MessagesTable {
  id: Generated<string>;
  kind: string;
  recipient: 'client' | 'practice';
  to_address: string;
  client_uid: string;
  booking_id: string | null;
  /** One message per key (a session's reminder for its start time). */
  dedupe_key: string | null;
  /** The change as it happened, to write the email from; erased once it is sent. */
  payload: ColumnType<unknown, string | null, string | null>;
  status: ColumnType<MessageStatus, MessageStatus | undefined, MessageStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date;
  last_error: string | null;
  /** When it was written; retries stop a day after it (a retry by hand starts a new day). */
  created_at: ColumnType<Date, Date, Date>;
  updated_at: Date;
  sent_at: Date | null;
}

export interface DatabaseSchema {
  bookings: BookingsTable;
  blocks: BlocksTable;
  messages: MessagesTable;
}
