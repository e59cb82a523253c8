/**
 * The bookings API contract (/api/**): what the browser sends and what the server answers. Both
 * sides validate with these schemas, so the check and the type cannot drift apart.
 */
import * as v from 'valibot';
import { BOOKING_RULES } from './booking-rules';
import { BOOKING_ACTIONS } from './booking-status';
import { ParticipantViewSchema } from './participants';
import { PaymentStateSchema } from './payments-api';
import { PRACTICE_TIME_ZONE } from './time-words';

export const NOTE_MAX_LENGTH = 500;
export const REASON_MAX_LENGTH = 200;
export const AVAILABILITY_MAX_DAYS = BOOKING_RULES.horizonDays;

/** An instant written as ISO 8601 with a zone (`Z` or an offset); answers always use UTC `Z`. */
export const InstantSchema = v.pipe(
  v.string(),
  v.maxLength(40),
  v.regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/,
    'Write the time as an ISO 8601 instant, for example 2027-03-01T09:00:00Z.',
  ),
  v.check(
    (value) =>
      isRealDate(value.slice(0, 10)) &&
      isRealTime(value.slice(11, 19)) &&
      !Number.isNaN(Date.parse(value)),
    'That date or time does not exist.',
  ),
);

function isRealDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

function isRealTime(value: string): boolean {
  const [hours = 0, minutes = 0, seconds = 0] = value
    .split(':')
    .map((part) => Number(part.slice(0, 2)));
  return hours < 24 && minutes < 60 && seconds < 60;
}

/** A calendar date in the practice's time zone, YYYY-MM-DD. */
export const LocalDateSchema = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Write the date as YYYY-MM-DD.'),
  v.check(isRealDate, 'That date does not exist.'),
);

export const ServiceIdSchema = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(0),
  v.maxValue(1_000_000),
);

/** Where a session happens: at the practice or by video (shared/clinical-api.ts has the contract). */
const BOOKING_MODES = ['in-person', 'video'] as const;
export const BookingModeSchema = v.picklist(BOOKING_MODES, 'Choose "in-person" or "video".');
export type BookingMode = v.InferOutput<typeof BookingModeSchema>;

/** What happened to a session, marked by the practitioner after it ends (clinical-api.ts). */
export const ATTENDANCE = [
  'attended',
  'late-cancellation',
  'no-show',
  'practice-cancelled',
] as const;
export const AttendanceSchema = v.picklist(
  ATTENDANCE,
  'Choose attended, late-cancellation, no-show or practice-cancelled.',
);
export type Attendance = v.InferOutput<typeof AttendanceSchema>;
/** Each mark as the practitioner reads it. */
export const ATTENDANCE_LABELS: Readonly<Record<Attendance, string>> = {
  attended: 'Attended',
  'late-cancellation': 'Late cancellation',
  'no-show': 'No-show',
  'practice-cancelled': 'Cancelled by the practice',
};

const BookingStatusSchema = v.picklist(['requested', 'confirmed', 'declined', 'cancelled']);
export type BookingStatus = v.InferOutput<typeof BookingStatusSchema>;

/** POST /api/bookings. The note is for practical matters, never clinical details. */
export const BookingRequestSchema = v.object({
  serviceId: ServiceIdSchema,
  start: InstantSchema,
  note: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(NOTE_MAX_LENGTH, `Keep the note to at most ${NOTE_MAX_LENGTH} characters.`),
    ),
    '',
  ),
  /** For a service offered by video: in person or by video (in person when absent, if offered). */
  mode: v.optional(BookingModeSchema),
  /** The free call only, and required for it: the UK number to phone (shared/phone.ts). */
  phone: v.optional(v.pipe(v.string(), v.maxLength(40, 'Keep the phone number to 40 characters.'))),
  /** A couple's or family's other adults and children: checked on their own (shared/participants.ts). */
  participants: v.optional(v.unknown()),
  children: v.optional(v.unknown()),
});
export type BookingRequest = Omit<
  v.InferInput<typeof BookingRequestSchema>,
  'participants' | 'children'
> & {
  participants?: { name: string; email: string }[];
  children?: { firstName: string }[];
};

/** The others in the room, in every list (shared/participants.ts). */
const PartyFields = {
  participants: v.optional(v.array(ParticipantViewSchema)),
  /** Children's first names (a family's session). */
  children: v.optional(v.array(v.string())),
};

/** GET /api/availability query string (strings, as they come in the URL). */
export const AvailabilityQuerySchema = v.object({
  service: v.pipe(
    v.string(),
    v.regex(/^\d{1,7}$/, 'Choose a service by its number.'),
    v.transform(Number),
  ),
  from: v.optional(LocalDateSchema),
  days: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'Give the number of days as a whole number.'),
      v.transform(Number),
      v.minValue(1, 'Ask for at least one day.'),
      v.maxValue(AVAILABILITY_MAX_DAYS, `Ask for at most ${AVAILABILITY_MAX_DAYS} days.`),
    ),
    '7',
  ),
});
export type AvailabilityQuery = v.InferOutput<typeof AvailabilityQuerySchema>;

const SlotSchema = v.object({ start: InstantSchema, end: InstantSchema });
export type Slot = v.InferOutput<typeof SlotSchema>;

export const AvailabilitySchema = v.object({
  timeZone: v.literal(PRACTICE_TIME_ZONE),
  slots: v.array(SlotSchema),
});
export type Availability = v.InferOutput<typeof AvailabilitySchema>;

/** One booking as its client sees it (POST /api/bookings answers the first six fields). */
export const BookingSchema = v.object({
  id: v.string(),
  serviceId: v.number(),
  serviceName: v.optional(v.string()),
  start: InstantSchema,
  end: InstantSchema,
  status: BookingStatusSchema,
  note: v.string(),
  /** The client may still cancel it (active, and far enough ahead). */
  cancellable: v.optional(v.boolean()),
  /** What the caller may do with it now, as the server's rules decide (booking-status.ts). */
  actions: v.optional(v.array(v.picklist(BOOKING_ACTIONS))),
  /** The standing series it belongs to; null for a one-off session. */
  seriesId: v.optional(v.nullable(v.string())),
  /** In person or by video (absent from older answers: in person). */
  mode: v.optional(BookingModeSchema),
  /** A video session's own meeting link: only to its client and the practitioner, while confirmed. */
  joinUrl: v.optional(v.string()),
  /** The free call's number to phone, as the client gave it (only on the free call). */
  phone: v.optional(v.string()),
  /** Whether it is paid (payments-api.ts); the server sends it in every list. */
  payment: v.optional(PaymentStateSchema),
  ...PartyFields,
  /** The booker's own view (a participant's is SharedSessionSchema). */
  role: v.optional(v.literal('booker')),
});
export type Booking = v.InferOutput<typeof BookingSchema>;

/**
 * A participant's own view of a shared session or series: who else is coming and what they
 * themselves still have to do. The booker's note, payments and addresses are not in it.
 */
const SharedFields = {
  role: v.literal('participant'),
  /** Their own place in the room, to leave it (POST /api/invitations/:placeId/leave). */
  placeId: v.optional(v.string()),
  /** The booker's name: they move, skip, end and pay. */
  bookedBy: v.string(),
  /** Who else is coming, by name: the booker first, then each other adult who joined. */
  coming: v.array(v.string()),
  /** Children's first names (a family's session). */
  children: v.array(v.string()),
  /** Their own intake and therapy agreement are still to give. */
  intakeToDo: v.boolean(),
};

/** A session someone else booked, as a participant who joined it sees it: from their joining on. */
export const SharedSessionSchema = v.object({
  id: v.string(),
  serviceId: v.number(),
  serviceName: v.string(),
  start: InstantSchema,
  end: InstantSchema,
  status: BookingStatusSchema,
  seriesId: v.nullable(v.string()),
  mode: BookingModeSchema,
  joinUrl: v.optional(v.string()),
  /** A participant may cancel one session; moving, skipping and paying are the booker's. */
  cancellable: v.boolean(),
  actions: v.array(v.picklist(BOOKING_ACTIONS)),
  ...SharedFields,
});
export type SharedSession = v.InferOutput<typeof SharedSessionSchema>;

/** POST /api/bookings/:id/cancel answers the caller's own view of the session. */
export const CancelledSchema = v.union([BookingSchema, SharedSessionSchema]);

export const MyBookingsSchema = v.object({
  bookings: v.array(v.union([BookingSchema, SharedSessionSchema])),
});

/** Whether a confirmed session's reminder has gone: due (not yet), sent, or failed. */
const ReminderSchema = v.object({
  due: InstantSchema,
  sentAt: v.nullable(InstantSchema),
  failed: v.boolean(),
});
export type Reminder = v.InferOutput<typeof ReminderSchema>;

/** A booking in the practitioner's diary. */
export const PracticeBookingSchema = v.object({
  ...BookingSchema.entries,
  clientName: v.string(),
  clientEmail: v.string(),
  /** For the link to the client's record (/practice/clients/<uid>). */
  clientUid: v.optional(v.string()),
  /** Confirmed sessions still ahead: their reminder; null for every other booking. */
  reminder: v.optional(v.nullable(ReminderSchema)),
  /** What happened to the session, once marked (the diary sends it; null until then). */
  attendance: v.optional(v.nullable(AttendanceSchema)),
  /** The diary: her own calendar now shows her busy at this active session's time. */
  calendarClash: v.optional(v.boolean()),
});
export type PracticeBooking = v.InferOutput<typeof PracticeBookingSchema>;

/** POST /api/practice/blocks: time the practitioner is away (a day off, a holiday). */
export const BlockRequestSchema = v.object({
  start: InstantSchema,
  end: InstantSchema,
  reason: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(REASON_MAX_LENGTH, `Keep the reason to at most ${REASON_MAX_LENGTH} characters.`),
    ),
    '',
  ),
  /** Decline the requests and cancel the sessions inside it too (each client is told). */
  cancelCovered: v.optional(v.boolean(), false),
  /** With `cancelCovered`: the practitioner's words to those clients, in each email (as text). */
  message: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(NOTE_MAX_LENGTH, `Keep the message to at most ${NOTE_MAX_LENGTH} characters.`),
    ),
    '',
  ),
});
export type BlockRequest = v.InferInput<typeof BlockRequestSchema>;

const BlockSchema = v.object({
  id: v.string(),
  start: InstantSchema,
  end: InstantSchema,
  reason: v.string(),
});
export type Block = v.InferOutput<typeof BlockSchema>;

/** POST /api/practice/blocks answers the block and the requests and sessions inside it. */
export const BlockCreatedSchema = v.object({
  block: BlockSchema,
  covered: v.array(PracticeBookingSchema),
});
export type BlockCreated = v.InferOutput<typeof BlockCreatedSchema>;

/** POST /api/bookings/:id/decline and /cancel by the practitioner: a word for the client's email. */
export const StatusChangeRequestSchema = v.object({
  message: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(NOTE_MAX_LENGTH, `Keep the message to at most ${NOTE_MAX_LENGTH} characters.`),
    ),
    '',
  ),
});

/** POST /api/bookings/:id/move: the session's new start (same length, same status). */
export const MoveRequestSchema = v.object({ start: InstantSchema });
export type MoveRequest = v.InferInput<typeof MoveRequestSchema>;

/** POST /api/series: a standing weekly or fortnightly time, asked as its first session is. */
export type SeriesRequest = BookingRequest;

const SeriesStatusSchema = v.picklist(['requested', 'confirmed', 'declined', 'ended']);
export type SeriesStatus = v.InferOutput<typeof SeriesStatusSchema>;

const SeriesSessionSchema = v.object({
  id: v.string(),
  start: InstantSchema,
  end: InstantSchema,
  status: BookingStatusSchema,
  actions: v.optional(v.array(v.picklist(BOOKING_ACTIONS))),
  payment: v.optional(PaymentStateSchema),
});

export const SeriesSchema = v.object({
  id: v.string(),
  serviceId: v.number(),
  serviceName: v.optional(v.string()),
  everyWeeks: v.picklist([1, 2]),
  status: SeriesStatusSchema,
  /** The weekday and London wall-clock time every session keeps: "Tuesday", "18:00". */
  weekday: v.string(),
  time: v.string(),
  firstStart: InstantSchema,
  note: v.string(),
  sessions: v.array(SeriesSessionSchema),
  /** Weeks that were not free when they were booked, by the start they would have had. */
  skipped: v.array(InstantSchema),
  /** The client may still end it (some session more than the notice period ahead). */
  endable: v.optional(v.boolean()),
  clientName: v.optional(v.string()),
  clientEmail: v.optional(v.string()),
  /** The monthly plan's state (payments-api.ts); the server sends it in every list. */
  payment: v.optional(PaymentStateSchema),
  ...PartyFields,
  role: v.optional(v.literal('booker')),
});
export type Series = v.InferOutput<typeof SeriesSchema>;

/** A series someone else booked, as a participant who joined it sees it: from their joining on. */
export const SharedSeriesSchema = v.object({
  id: v.string(),
  serviceId: v.number(),
  serviceName: v.string(),
  everyWeeks: v.picklist([1, 2]),
  status: SeriesStatusSchema,
  weekday: v.string(),
  time: v.string(),
  /** The first session since they joined. */
  firstStart: InstantSchema,
  sessions: v.array(SeriesSessionSchema),
  skipped: v.array(InstantSchema),
  ...SharedFields,
});
export type SharedSeries = v.InferOutput<typeof SharedSeriesSchema>;

export const SeriesListSchema = v.object({
  series: v.array(v.union([SeriesSchema, SharedSeriesSchema])),
});

/** GET /api/practice/bookings?from=&to= (dates in the practice's time zone). */
export const DiaryQuerySchema = v.object({
  from: v.optional(LocalDateSchema),
  to: v.optional(LocalDateSchema),
});

export const DiarySchema = v.object({
  bookings: v.array(PracticeBookingSchema),
  blocks: v.array(BlockSchema),
  /** Series waiting for an answer, each as one item (its sessions are in `bookings` too). */
  seriesRequests: v.optional(v.array(SeriesSchema)),
});
export type Diary = v.InferOutput<typeof DiarySchema>;

/** RFC 9457 problem details: every error the API answers, as `application/problem+json`. */
export const ProblemSchema = v.object({
  type: v.string(),
  title: v.string(),
  status: v.number(),
  /** A sentence a person can act on. */
  detail: v.string(),
  /** Each thing to fix by its field, where a form has several (her hours). */
  errors: v.optional(v.array(v.object({ field: v.string(), detail: v.string() }))),
});
export type Problem = v.InferOutput<typeof ProblemSchema>;
