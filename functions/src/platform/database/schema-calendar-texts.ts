import type { Generated } from 'kysely';

/** Her own calendar's address and how its last read went (functions/src/busy-calendar/). */
export interface BusyCalendarTable {
  id: Generated<boolean>;
  url: string;
  events: number;
  /** The last good read; null until one succeeds. */
  last_read_at: Date | null;
  last_tried_at: Date;
  /** Why the latest read failed (a sentence for her), or null when it succeeded. */
  last_error: string | null;
}

/** One busy time from the last good read: `tstzrange`, start and end only. */
export interface BusyCalendarTimesTable {
  calendar_id: Generated<boolean>;
  during: string;
}

/** A client's reminders by text (functions/src/texts/). */
export interface TextRemindersTable {
  client_uid: string;
  /** E.164, as Twilio takes it. */
  phone: string;
  consented_at: Date;
  stopped_at: Date | null;
  stopped_by_reply: Generated<boolean>;
}
