/**
 * The practitioner's clinical API (issue 26): session notes, attendance, outcome labels on the
 * client's record, risk follow-ups, and the booking's mode (in person or video). Both sides validate
 * with these schemas. Everything here is health data: only the client and the practitioner, every
 * practitioner read audited, never in a log.
 */
import * as v from 'valibot';
import {
  ATTENDANCE,
  AttendanceSchema,
  BookingModeSchema,
  InstantSchema,
  PracticeBookingSchema,
  type Attendance,
} from './booking';
import { OUTCOME_CHANGES } from './clinical-rules';
import { InstrumentSchema } from './questionnaires';

export { BookingModeSchema };
export { ATTENDANCE, AttendanceSchema, type Attendance };

/** The longest note or addendum, in characters (a long session's notes fit many times over). */
export const NOTE_TEXT_MAX_LENGTH = 20_000;

const noteText = v.pipe(
  v.string('Send the note as text.'),
  v.maxLength(
    NOTE_TEXT_MAX_LENGTH,
    `Keep the note to at most ${NOTE_TEXT_MAX_LENGTH.toLocaleString('en-GB')} characters.`,
  ),
);

/** PUT /api/practice/bookings/<id>/note (the draft; autosaved) and POST …/note/addenda. */
export const NoteTextRequestSchema = v.object({ text: noteText });

const NOTE_STATUSES = ['draft', 'signed'] as const;

/** A dated addition under a signed note; the signed note itself never changes. */
const AddendumSchema = v.object({ text: v.string(), at: InstantSchema });

/**
 * The note of one session: GET, PUT, POST …/sign and POST …/addenda all answer it. A session with
 * no note yet answers an empty draft. A signed note's PUT answers 409.
 */
export const NoteSchema = v.object({
  text: v.string(),
  status: v.picklist(NOTE_STATUSES),
  signedAt: v.optional(InstantSchema),
  addenda: v.array(AddendumSchema),
});
export type Note = v.InferOutput<typeof NoteSchema>;

/** POST /api/practice/bookings/<id>/attendance; before the session ends → 422. */
export const AttendanceRequestSchema = v.object({ attendance: AttendanceSchema });

/** The attendance answer: the diary's booking with its attendance (null until marked). */
export const AttendedBookingSchema = v.object({
  ...PracticeBookingSchema.entries,
  attendance: v.nullable(AttendanceSchema),
});
export type AttendedBooking = v.InferOutput<typeof AttendedBookingSchema>;

/** How many of the client's sessions were marked each way. */
export const AttendanceCountsSchema = v.object({
  attended: v.number(),
  'late-cancellation': v.number(),
  'no-show': v.number(),
  'practice-cancelled': v.number(),
});
export type AttendanceCounts = v.InferOutput<typeof AttendanceCountsSchema>;

/** A note on the client's record: which session it belongs to, and the note. */
export const RecordNoteSchema = v.object({
  bookingId: v.string(),
  start: InstantSchema,
  serviceName: v.string(),
  ...NoteSchema.entries,
});
export type RecordNote = v.InferOutput<typeof RecordNoteSchema>;

const OutcomeChangeSchema = v.picklist(OUTCOME_CHANGES);

/** One score as the chart reads it: against the client's first on that instrument. */
const LabelledScoreSchema = v.object({
  id: v.string(),
  total: v.number(),
  band: v.string(),
  submittedAt: InstantSchema,
  change: OutcomeChangeSchema,
  recovered: v.boolean(),
});

/** Per instrument the client has answered: its lines (shared/clinical-rules.ts) and scores, oldest first. */
export const InstrumentOutcomeSchema = v.object({
  instrument: InstrumentSchema,
  cutOff: v.number(),
  reliableChange: v.nullable(v.number()),
  /** CSI-4: higher totals are better (the cut-off is a floor). */
  higherIsBetter: v.optional(v.boolean()),
  scores: v.array(LabelledScoreSchema),
});
export type InstrumentOutcome = v.InferOutput<typeof InstrumentOutcomeSchema>;

export const RISK_FOLLOW_UP_ACTIONS = ['contacted', 'safety-plan', 'referred'] as const;
const RiskFollowUpActionSchema = v.picklist(
  RISK_FOLLOW_UP_ACTIONS,
  'Choose what you did: contacted, safety-plan or referred.',
);
export type RiskFollowUpAction = v.InferOutput<typeof RiskFollowUpActionSchema>;

export const RISK_FOLLOW_UP_TEXT_MAX_LENGTH = 2000;

/** POST /api/practice/clients/<uid>/risk-follow-ups: what she did about the risk answers. */
export const RiskFollowUpRequestSchema = v.object({
  action: RiskFollowUpActionSchema,
  text: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(
        RISK_FOLLOW_UP_TEXT_MAX_LENGTH,
        `Keep it to at most ${RISK_FOLLOW_UP_TEXT_MAX_LENGTH} characters.`,
      ),
    ),
    '',
  ),
});
export type RiskFollowUpRequest = v.InferInput<typeof RiskFollowUpRequestSchema>;

/** A recorded follow-up (the answer of the POST, 201, and a list on the client's record). */
export const RiskFollowUpSchema = v.object({
  id: v.string(),
  action: RiskFollowUpActionSchema,
  text: v.string(),
  at: InstantSchema,
});
export type RiskFollowUp = v.InferOutput<typeof RiskFollowUpSchema>;
