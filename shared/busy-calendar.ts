import * as v from 'valibot';

/** Her own calendar's busy times: how often they are read, and what her screens are told. */
export const BUSY_CALENDAR_RULES = {
  /** The scheduled read: every this many minutes. */
  refreshMinutes: 15,
  /** After this long without a good read, the diary says so (the last good busy times still hold). */
  staleHours: 2,
} as const;

const BusyTimeSchema = v.object({ start: v.string(), end: v.string() });
export type BusyTime = v.InferOutput<typeof BusyTimeSchema>;

/** `GET /api/practice/busy-calendar`: nothing connected, or how the last reads went. */
export const BusyCalendarViewSchema = v.variant('connected', [
  v.object({ connected: v.literal(false) }),
  v.object({
    connected: v.literal(true),
    /** The address's host alone (calendar.google.com): the rest is her secret. */
    host: v.string(),
    /** The last good read, or null if none has succeeded since it was connected. */
    lastReadAt: v.nullable(v.string()),
    events: v.number(),
    nextBusy: v.nullable(BusyTimeSchema),
    /** Why the latest read failed, or null when it succeeded. */
    lastError: v.nullable(v.string()),
    /** No good read for BUSY_CALENDAR_RULES.staleHours: the diary says so, with lastError. */
    stale: v.boolean(),
    /** Her busy times from now to the end of the booking horizon, for the diary. */
    busy: v.array(BusyTimeSchema),
  }),
]);
export type BusyCalendarView = v.InferOutput<typeof BusyCalendarViewSchema>;

/** `PUT /api/practice/busy-calendar`'s answer. */
export const BusyCalendarReadSchema = v.object({
  lastReadAt: v.string(),
  events: v.number(),
  nextBusy: v.nullable(BusyTimeSchema),
});
export type BusyCalendarRead = v.InferOutput<typeof BusyCalendarReadSchema>;

/** How her calendar's busy times are named in the diary. */
export const BUSY_CALENDAR_LABEL = 'Busy (your calendar)';

/** A request made before her own calendar turned busy at its time: kept, and marked for her. */
export const CALENDAR_CLASH_LABEL = 'Busy in your calendar';
export const CALENDAR_CLASH_SENTENCE =
  'Your own calendar now shows you busy at this time. Move this request or decline it, or free the time in your calendar first.';
/** The same, for a session already confirmed. */
export const CALENDAR_CLASH_CONFIRMED_SENTENCE =
  'Your own calendar now shows you busy at this time. Move or cancel this session if you cannot keep it.';
