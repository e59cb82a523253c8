import * as v from 'valibot';
import {
  AccountExportSchema,
  AuditSchema,
  ClientRecordExportSchema,
  ClientRecordSchema,
  IntakeRecordSchema,
  type IntakeInput,
} from '../../../shared/intake';
import {
  QuestionnaireRequestedSchema,
  QuestionnaireResultSchema,
  QuestionnairesSchema,
  type InstrumentId,
  type QuestionnaireInput,
} from '../../../shared/questionnaires';
import {
  AttendanceCountsSchema,
  AttendanceSchema,
  BookingModeSchema,
  RecordNoteSchema,
  RiskFollowUpSchema,
  type RiskFollowUpRequest,
} from '../../../shared/clinical-api';
import { ApiError, apiRequest } from '../../lib/api';

/** The caller's intake, or null when there is none yet. */
export async function fetchIntake(signal?: AbortSignal) {
  try {
    return await apiRequest('/api/intake', IntakeRecordSchema, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const saveIntake = (intake: IntakeInput) =>
  apiRequest('/api/intake', IntakeRecordSchema, { method: 'PUT', body: intake });

export const fetchQuestionnaires = (signal?: AbortSignal) =>
  apiRequest('/api/questionnaires', QuestionnairesSchema, { signal });

export const submitQuestionnaire = (input: QuestionnaireInput) =>
  apiRequest('/api/questionnaires', QuestionnaireResultSchema, { method: 'POST', body: input });

/** A session on the record, with what issue 26 adds to it (absent from an older API). */
const RecordBookingSchema = v.object({
  ...ClientRecordSchema.entries.bookings.item.entries,
  attendance: v.optional(v.nullable(AttendanceSchema), null),
  mode: v.optional(BookingModeSchema),
  joinUrl: v.optional(v.string()),
});
export type RecordBooking = v.InferOutput<typeof RecordBookingSchema>;

/** The record, with the risk follow-ups recorded so far (newest first; none from an older API). */
const RecordWithFollowUpsSchema = v.object({
  ...ClientRecordSchema.entries,
  bookings: v.array(RecordBookingSchema),
  riskFollowUps: v.optional(v.array(RiskFollowUpSchema), []),
  attendance: v.optional(AttendanceCountsSchema),
  /** The notes on this record: the client's sessions' and the shared sessions' they joined. */
  notes: v.optional(v.array(RecordNoteSchema), []),
});

export const fetchClientRecord = (uid: string, signal?: AbortSignal) =>
  apiRequest(`/api/practice/clients/${encodeURIComponent(uid)}`, RecordWithFollowUpsSchema, {
    signal,
  });

/** Records what the practitioner did about the client's risk answers; audited by the API. */
export const recordRiskFollowUp = (uid: string, body: RiskFollowUpRequest) =>
  apiRequest(
    `/api/practice/clients/${encodeURIComponent(uid)}/risk-follow-ups`,
    RiskFollowUpSchema,
    { method: 'POST', body },
  );

export const fetchAudit = (uid: string, signal?: AbortSignal) =>
  apiRequest(`/api/practice/audit?${new URLSearchParams({ client: uid })}`, AuditSchema, {
    signal,
  });

export const markRiskSeen = (uid: string) =>
  apiRequest(
    `/api/practice/clients/${encodeURIComponent(uid)}/risk-seen`,
    v.object({ marked: v.number() }),
    { method: 'POST' },
  );

export const fetchMyData = (signal?: AbortSignal) =>
  apiRequest('/api/account/export', AccountExportSchema, { signal });

/** The client's whole record for the practitioner (her passkey within 5 minutes); audited. */
export const fetchRecordExport = (uid: string) =>
  apiRequest(`/api/practice/clients/${encodeURIComponent(uid)}/export`, ClientRecordExportSchema);

/** Lets the client send one more of `instrument` today (one a day otherwise); audited by the API. */
export const requestQuestionnaire = (uid: string, instrument: InstrumentId) =>
  apiRequest(
    `/api/practice/clients/${encodeURIComponent(uid)}/questionnaire-requests`,
    QuestionnaireRequestedSchema,
    { method: 'POST', body: { instrument } },
  );
