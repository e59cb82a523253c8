/**
 * The API's contract for what a client may ask of their record and what a deleted account leaves:
 * the account's deletion, session-notes requests, and the practitioner's retained records.
 */
import * as v from 'valibot';
import { InstantSchema } from './booking';
import { InstrumentOutcomeSchema, RecordNoteSchema, RiskFollowUpSchema } from './clinical-api';
import { IntakeRecordSchema } from './intake';
import { QuestionnaireRecordSchema } from './questionnaires';
import { ACCESS_REQUEST_PERIOD } from './retention';

/** What the instant copy says of the practitioner's notes. */
export const NOTES_ON_REQUEST = `Your session notes are not in this copy: ask for them with “Ask for my session notes”. The practitioner reviews them and releases them within ${ACCESS_REQUEST_PERIOD}; any passage withheld under an exemption of the Data Protection Act 2018 (serious harm, another person’s information) is said to be withheld.`;

/** POST /api/account/deletion: until when the clinical record is kept (null: deleted now). */
export const AccountDeletionSchema = v.object({ keptUntil: v.nullable(v.string()) });

const ClientSchema = v.object({ uid: v.string(), name: v.string(), email: v.string() });

/** A deleted account's kept record, as the practitioner's list shows it. */
const RetainedSummarySchema = v.object({
  client: ClientSchema,
  lastSessionAt: InstantSchema,
  keptUntil: InstantSchema,
  accountDeletedAt: InstantSchema,
});

/** GET /api/practice/retained-records. */
export const RetainedRecordsSchema = v.object({ records: v.array(RetainedSummarySchema) });

/** GET /api/practice/retained-records/<uid>: the kept record, read-only. */
export const RetainedRecordSchema = v.object({
  ...RetainedSummarySchema.entries,
  intake: v.nullable(IntakeRecordSchema),
  questionnaires: v.array(QuestionnaireRecordSchema),
  outcomes: v.array(InstrumentOutcomeSchema),
  notes: v.array(RecordNoteSchema),
  riskFollowUps: v.array(RiskFollowUpSchema),
});

/** One signed note as released to its client; a withheld one carries no words. */
export const ReleasedNoteSchema = v.object({
  start: InstantSchema,
  serviceName: v.string(),
  signedAt: InstantSchema,
  withheld: v.boolean(),
  text: v.string(),
  addenda: v.array(v.object({ text: v.string(), at: InstantSchema })),
});
export type ReleasedNote = v.InferOutput<typeof ReleasedNoteSchema>;

/** POST /api/account/notes-request (201), and each request in the client's and practice's lists. */
export const NotesRequestSchema = v.object({
  id: v.string(),
  receivedAt: InstantSchema,
  /** The London date it must be answered by: one calendar month, as the ICO counts it. */
  dueOn: v.string(),
  releasedAt: v.nullable(InstantSchema),
});
export type NotesRequest = v.InferOutput<typeof NotesRequestSchema>;

/** GET /api/account/notes: the client's requests, and the notes of the last one released. */
export const MyNotesSchema = v.object({
  requests: v.array(NotesRequestSchema),
  releasedAt: v.nullable(InstantSchema),
  notes: v.array(ReleasedNoteSchema),
});
export type MyNotes = v.InferOutput<typeof MyNotesSchema>;

/**
 * Where her review of a note stands: not yet read for this request, read as it is now, or signed
 * or added to since she read it (it waits for another review before anything is released).
 */
export const NOTE_REVIEW = ['to-review', 'reviewed', 'changed-since'] as const;
export type NoteReview = (typeof NOTE_REVIEW)[number];

/** One signed note of a request, as she reviews it. */
const NoteToReviewSchema = v.object({
  noteId: v.string(),
  ...RecordNoteSchema.entries,
  /** The version she reads (when it was signed, how many addenda): what her review records. */
  version: v.string(),
  review: v.picklist(NOTE_REVIEW),
  /** Another person was in the room: what concerns them is hers to review, and to withhold. */
  sharedSession: v.boolean(),
});
export type NoteToReview = v.InferOutput<typeof NoteToReviewSchema>;

/** One request as the practitioner reviews it: the signed notes it would release. */
const PracticeNotesRequestSchema = v.object({
  ...NotesRequestSchema.entries,
  client: ClientSchema,
  notes: v.array(NoteToReviewSchema),
  /** Drafts are never released: how many the client's record has. */
  draftsLeftOut: v.number(),
  withheld: v.array(v.object({ noteId: v.string(), reason: v.string() })),
});
export type PracticeNotesRequest = v.InferOutput<typeof PracticeNotesRequestSchema>;

/** GET /api/practice/notes-requests: open ones first, by deadline. */
export const PracticeNotesRequestsSchema = v.object({
  requests: v.array(PracticeNotesRequestSchema),
});

/** POST /api/practice/notes-requests/<id>/release: the notes withheld, each with its reason. */
export const NotesReleaseSchema = v.object({
  withheld: v.pipe(
    v.array(
      v.object({
        noteId: v.pipe(
          v.string('Give the "noteId" of the note to withhold.'),
          v.uuid('That note id is not one of this client’s notes.'),
        ),
        reason: v.pipe(
          v.string('Give the reason for withholding the note.'),
          v.trim(),
          v.minLength(1, 'Give the reason for withholding the note: it is kept on the record.'),
          v.maxLength(2000, 'Keep the reason to 2000 characters.'),
        ),
      }),
    ),
    v.maxLength(500, 'At most 500 notes can be withheld at once.'),
  ),
});
export type NotesRelease = v.InferOutput<typeof NotesReleaseSchema>;

/** POST /api/practice/notes-requests/<id>/review: the notes she read, each at the version she read. */
export const NotesReviewSchema = v.object({
  notes: v.pipe(
    v.array(
      v.object({
        noteId: v.pipe(
          v.string('Give the "noteId" of each note you reviewed.'),
          v.uuid('That note id is not one of this client’s notes.'),
        ),
        version: v.pipe(
          v.string('Give the "version" of each note as the request showed it.'),
          v.maxLength(100, 'That version is not one the request showed.'),
        ),
      }),
    ),
    v.minLength(1, 'Name at least one note you reviewed.'),
    v.maxLength(500, 'At most 500 notes can be reviewed at once.'),
  ),
});
export type NotesReview = v.InferOutput<typeof NotesReviewSchema>;

/** What the release answers when a note was signed or added to after her review (409). */
export const changedSinceReview = (count: number) =>
  count === 1
    ? 'One note was signed or added to since your review: review it again, then release.'
    : `${count} notes were signed or added to since your review: review them again, then release.`;
