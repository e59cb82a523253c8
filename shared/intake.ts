/**
 * The intake contract (/api/intake, /api/agreement, /api/practice/clients/:uid, /api/account/export):
 * what a client tells the practice before the first session, and the agreement they give. Both
 * sides validate with these schemas.
 */
import * as v from 'valibot';
import { RecordNoteSchema, RiskFollowUpSchema } from './clinical-api';
import { LocalDateSchema } from './booking';
import { PaymentStateSchema } from './payments-api';
import { QuestionnaireRecordSchema } from './questionnaires';
import { ParticipantViewSchema } from './participants';

/** Control characters (a line break aside) and lone surrogates: never in a field. */
function printable(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if ((code < 0x20 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index += 1;
    } else if (code >= 0xdc00 && code <= 0xdfff) return false;
  }
  return true;
}

const text = (field: string, max: number) =>
  v.pipe(
    v.string(),
    v.check(printable, `Check ${field}: it has a character we cannot keep.`),
    v.trim(),
    v.minLength(1, `Fill in ${field}.`),
    v.maxLength(max, `Keep ${field} to ${max} characters.`),
  );

const phone = (field: string) =>
  v.pipe(
    text(field, 30),
    v.regex(/^\+?[\d\s()-]{7,}$/, `Write ${field} as digits, for example 0117 496 0321.`),
  );

const DateOfBirthSchema = v.pipe(
  v.string(),
  v.nonEmpty('Fill in your date of birth.'),
  LocalDateSchema,
  v.check(
    (value) => value >= '1900-01-01' && value <= new Date().toISOString().slice(0, 10),
    'Check the date of birth.',
  ),
);

const IntakeDetailsSchema = v.object({
  dateOfBirth: DateOfBirthSchema,
  address: text('your address', 300),
  phone: phone('your phone number'),
  gp: v.object({ name: text('your GP’s name', 120), surgery: text('your GP surgery', 200) }),
  emergencyContact: v.object({
    name: text('your emergency contact’s name', 120),
    relationship: text('how you know your emergency contact', 60),
    phone: phone('your emergency contact’s phone number'),
  }),
});
export type IntakeDetails = v.InferOutput<typeof IntakeDetailsSchema>;

const ticked = (part: string) => v.literal(true, `Tick to agree to ${part}.`);

/** PUT /api/intake. */
export const IntakeInputSchema = v.object({
  ...IntakeDetailsSchema.entries,
  agreement: v.object({
    version: v.pipe(v.string(), v.maxLength(40)),
    treatment: ticked('counselling'),
    confidentiality: ticked('the confidentiality terms'),
    cancellation: ticked('the cancellation terms'),
  }),
});
export type IntakeInput = v.InferOutput<typeof IntakeInputSchema>;

/** GET /api/intake: the record, with the agreement as given (which version, when, from where). */
export const IntakeRecordSchema = v.object({
  ...IntakeDetailsSchema.entries,
  agreement: v.object({
    version: v.string(),
    agreedAt: v.string(),
    /** Where it was given from: the page and the browser that sent it. */
    agreedFrom: v.string(),
    /** Whether the version given is the current one; if not, the client is asked again. */
    current: v.boolean(),
  }),
  updatedAt: v.string(),
});
export type IntakeRecord = v.InferOutput<typeof IntakeRecordSchema>;

/** GET /api/practice/audit?client=<uid>: one read or change of a client's record. */
const AuditEntrySchema = v.object({
  at: v.string(),
  actor: v.string(),
  action: v.picklist(['read', 'change']),
  what: v.string(),
});
export const AuditSchema = v.object({ entries: v.array(AuditEntrySchema) });

const ClientBookingSchema = v.object({
  id: v.string(),
  serviceId: v.number(),
  serviceName: v.string(),
  start: v.string(),
  end: v.string(),
  status: v.string(),
  /** The practitioner's record only: the series it belongs to, and its payment state. */
  seriesId: v.optional(v.nullable(v.string())),
  payment: v.optional(PaymentStateSchema),
  /** A couple's or family's session: the others in the room (shared/participants.ts). */
  participants: v.optional(v.array(ParticipantViewSchema)),
  children: v.optional(v.array(v.string())),
  /** A session this client joined as a participant: who booked it. */
  bookedBy: v.optional(v.string()),
});

/** GET /api/practice/clients/:uid. */
export const ClientRecordSchema = v.object({
  client: v.object({ uid: v.string(), name: v.string(), email: v.string() }),
  intake: v.nullable(IntakeRecordSchema),
  questionnaires: v.array(QuestionnaireRecordSchema),
  bookings: v.array(ClientBookingSchema),
});
export type ClientRecord = v.InferOutput<typeof ClientRecordSchema>;

/** GET /api/account/export: everything held about the caller. */
export const AccountExportSchema = v.object({
  exportedAt: v.string(),
  account: v.object({ uid: v.string(), email: v.string(), name: v.string() }),
  bookings: v.array(
    v.object({
      ...ClientBookingSchema.entries,
      note: v.string(),
      /** The free call's number to phone; null for every other session. */
      phone: v.optional(v.nullable(v.string())),
    }),
  ),
  series: v.array(
    v.object({
      id: v.string(),
      serviceId: v.number(),
      serviceName: v.string(),
      everyWeeks: v.number(),
      firstStart: v.nullable(v.string()),
      time: v.string(),
      status: v.string(),
      note: v.string(),
      endedAt: v.nullable(v.string()),
    }),
  ),
  waitlist: v.array(
    v.object({
      id: v.string(),
      serviceId: v.number(),
      serviceName: v.string(),
      days: v.number(),
      parts: v.number(),
      standing: v.boolean(),
      joinedAt: v.nullable(v.string()),
      expiresAt: v.nullable(v.string()),
    }),
  ),
  intake: v.nullable(IntakeRecordSchema),
  agreementText: v.nullable(v.string()),
  questionnaires: v.array(QuestionnaireRecordSchema),
  payments: v.array(
    v.object({
      id: v.string(),
      serviceId: v.number(),
      serviceName: v.string(),
      amountPence: v.number(),
      currency: v.string(),
      status: v.string(),
      createdAt: v.nullable(v.string()),
      paidAt: v.nullable(v.string()),
      receiptNumber: v.nullable(v.string()),
      card: v.nullable(v.string()),
      refunds: v.array(
        v.object({
          amountPence: v.number(),
          creditNoteNumber: v.string(),
          reason: v.string(),
          at: v.nullable(v.string()),
        }),
      ),
    }),
  ),
  /** The emails sent to the client: which, to where and when (their words are not kept). */
  messages: v.array(
    v.object({
      kind: v.string(),
      to: v.string(),
      status: v.string(),
      writtenAt: v.nullable(v.string()),
      sentAt: v.nullable(v.string()),
    }),
  ),
  /** What the practitioner did after a risk answer. */
  riskFollowUps: v.array(RiskFollowUpSchema),
  /** Every time the practitioner read or changed the record, by name. */
  audit: v.array(AuditEntrySchema),
  /** That session notes are released on request, and how. */
  sessionNotes: v.string(),
  notesRequests: v.array(
    v.object({
      id: v.string(),
      receivedAt: v.string(),
      dueOn: v.string(),
      releasedAt: v.nullable(v.string()),
    }),
  ),
});
export type AccountExport = v.InferOutput<typeof AccountExportSchema>;

/**
 * GET /api/practice/clients/<uid>/export: what the client's own copy holds (every part kept as
 * sent: the file is the record) and the practitioner's signed session notes.
 */
export const ClientRecordExportSchema = v.looseObject({
  exportedAt: v.string(),
  account: v.object({ uid: v.string(), email: v.string(), name: v.string() }),
  sessionNotes: v.array(RecordNoteSchema),
});
