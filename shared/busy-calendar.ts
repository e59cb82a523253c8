/** Her own calendar's busy times: how often they are read, and what her screens are told. */
export const BUSY_CALENDAR_RULES = {
  /** The scheduled read: every this many minutes. */
  refreshMinutes: 15,
  /** After this long without a good read, the diary says so (the last good busy times still hold). */
  staleHours: 2,
} as const;

/** `GET /api/practice/busy-calendar`: nothing connected, or how the last reads went. */
export type BusyCalendarView =
  | { connected: false }
  | {
      connected: true;
      /** The address's host alone (calendar.google.com): the rest is her secret. */
      host: string;
      /** The last good read, or null if none has succeeded since it was connected. */
      lastReadAt: string | null;
      events: number;
      nextBusy: BusyTime | null;
      /** Why the latest read failed, or null when it succeeded. */
      lastError: string | null;
      /** No good read for BUSY_CALENDAR_RULES.staleHours: the diary says so, with lastError. */
      stale: boolean;
      /** Her busy times from today to the end of the booking horizon, for the diary. */
      busy: BusyTime[];
    };

export interface BusyTime {
  start: string;
  end: string;
}

/** `PUT /api/practice/busy-calendar`'s answer. */
export interface BusyCalendarRead {
  lastReadAt: string;
  events: number;
  nextBusy: BusyTime | null;
}
