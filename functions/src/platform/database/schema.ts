import type { ColumnType, Generated } from 'kysely';
import type { BookingMode, BookingStatus } from '../../../../shared/booking';
import type { Attendance, RiskFollowUpAction } from '../../../../shared/clinical-api';
import type { PARTICIPANT_STATUSES } from '../../../../shared/participants';
import type {
  ReceiptLinkRevocationsTable,
  CheckoutOpeningsTable,
  PaymentCustomersTable,
  ReceiptCountersTable,
  PaymentPlansTable,
  PaymentsTable,
  PaymentRefundsTable,
  PaymentCreditsTable,
  PaymentEventsTable,
  StripeSubscriptionsTable,
  DeletedSeriesTable,
} from './schema-money';
import type {
  PasskeysTable,
  PasskeyChallengesTable,
  PasskeyEnrolmentsUsedTable,
  RecoveryCodesTable,
  KnownBrowsersTable,
  PracticeSignInsTable,
  PasskeyReviewsTable,
} from './schema-sign-in';
import type { SessionReactionsTable, GivenUpDealtWithTable } from './schema-reactions';
import type {
  BusyCalendarTable,
  BusyCalendarTimesTable,
  TextRemindersTable,
} from './schema-calendar-texts';

export type { SessionReactionsTable, GivenUpDealtWithTable } from './schema-reactions';
export type {
  PaymentRowStatus,
  PaymentsTable,
  PaymentRefundsTable,
  RefundStatus,
  PaymentCreditsTable,
} from './schema-money';

/** `tstzrange` values are written with sql`tstzrange(…)` and read through lower()/upper(). */
type Range = ColumnType<string, string, string>;
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
  series_id: ColumnType<string | null, string | null | undefined, never>;
  /** The series occurrence it stands for (its start before any move); null for one-off. */
  occurrence: ColumnType<Date | null, Date | null | undefined, never>;
  /** Calendar revision: each move sends the client's calendar a higher SEQUENCE. */
  sequence: ColumnType<number, number | undefined, number>;
  attendance: ColumnType<Attendance | null, never, Attendance | null>;
  attendance_at: ColumnType<Date | null, never, Date | null>;
  mode: ColumnType<BookingMode, BookingMode | undefined, never>;
  /** A video session's room; null otherwise, and once it is cancelled or declined. */
  video_room: ColumnType<string | null, string | null | undefined, never>;
  /** The number to phone for the free call; null for every other session. */
  call_phone: ColumnType<string | null, string | null | undefined, never>;
}

export type SeriesStatus = 'requested' | 'confirmed' | 'declined' | 'ended';

export interface SeriesTable {
  id: Generated<string>;
  client_uid: string;
  client_email: string;
  client_name: string;
  service_id: number;
  every_weeks: number;
  first_start: Date;
  /** The London wall-clock time every session keeps, "HH:MM". */
  local_time: string;
  status: ColumnType<SeriesStatus, SeriesStatus | undefined, SeriesStatus>;
  note: string;
  /** The last occurrence already booked or skipped: the rolling job carries on after it. */
  booked_through: Date;
  ended_at: Date | null;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
}

interface SeriesSkipsTable {
  series_id: string;
  occurrence: Date;
  created_at: Date;
}

interface BlocksTable {
  id: Generated<string>;
  during: Range;
  reason: string;
  created_at: CreatedAt;
}

type MessageStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'dropped';

interface MessagesTable {
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
  /** A text's id at the provider (Twilio's SID), named by its delivery callbacks. */
  provider_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface IntakesTable {
  client_uid: string;
  client_email: string;
  client_name: string;
  /** The intake fields (shared/intake.ts IntakeDetails), as JSON. */
  details: ColumnType<unknown, string, string>;
  agreement_version: string;
  agreed_at: Date;
  agreed_from: string;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
}

export interface QuestionnairesTable {
  id: Generated<string>;
  client_uid: string;
  client_email: string;
  client_name: string;
  instrument: 'PHQ-9' | 'GAD-7' | 'CORE-10' | 'CSI-4';
  answers: ColumnType<unknown, string, never>;
  total: number;
  band: string;
  risk: boolean;
  risk_items: ColumnType<unknown, string, never>;
  risk_seen_at: ColumnType<Date | null, Date | null | undefined, Date>;
  submitted_at: Date;
}

interface AuditLogTable {
  id: ColumnType<string, never, never>;
  at: Date;
  actor_uid: string;
  client_uid: string;
  action: 'read' | 'change' | 'security';
  what: string;
}

interface ClinicalRetentionTable {
  client_uid: string;
  last_session_at: Date;
  delete_after: Date;
  client_name: ColumnType<string, string | undefined, string>;
  client_email: ColumnType<string, string | undefined, string>;
  /** When the account was deleted; the record is read-only from then. */
  retired_at: Date | null;
}

/** A session a participant was in whose booking went with the booker's account (0016). */
interface AttendedSessionsTable {
  client_uid: string;
  starts_at: Date;
  ends_at: Date;
  service_id: number;
  note_id: string | null;
}

export interface NotesRequestsTable {
  id: Generated<string>;
  client_uid: string;
  client_name: string;
  client_email: string;
  received_at: Date;
  /** The London date it must be answered by (shared/retention.ts accessRequestDue). */
  due_on: ColumnType<string, string, never>;
  released_at: Date | null;
  released_by: string | null;
  /** The signed notes as released (shared/clinical-api.ts ReleasedNote[]), as JSON. */
  released: ColumnType<unknown, never, string>;
  /** What was withheld and why ({ noteId, reason }[]), kept on the record. */
  withheld: ColumnType<unknown, never, string>;
}

/** Her review of one note for a notes request: the version she read. */
interface NotesRequestReviewsTable {
  request_id: string;
  note_id: string;
  signed_at: Date;
  addenda: number;
  reviewed_at: Date;
  reviewed_by: string;
}

interface SessionNotesTable {
  id: Generated<string>;
  booking_id: string | null;
  client_uid: string;
  service_id: number;
  session_start: Date;
  text: string;
  signed_at: Date | null;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
}

interface NoteRetentionTable {
  note_id: string;
  kept_until: Date;
}

interface NoteAddendaTable {
  id: Generated<string>;
  note_id: string;
  text: string;
  at: Date;
}

interface RiskFollowUpsTable {
  id: Generated<string>;
  client_uid: string;
  actor_uid: string;
  action: RiskFollowUpAction;
  text: string;
  at: Date;
}

interface WriteLimitsTable {
  uid: string;
  /** Writes left in the bucket at updated_at (fractions refill continuously). */
  tokens: number;
  /** Whether the last request that touched the row was let through. */
  allowed: boolean;
  updated_at: Date;
}

interface RiskAlertsTable {
  client_uid: string;
  last_alert_at: Date;
}

export interface WaitlistEntriesTable {
  id: Generated<string>;
  client_uid: string;
  client_email: string;
  client_name: string;
  service_id: number;
  /** Bits of the days of the week (Monday = 1) and of the parts of the day (morning = 1). */
  days: number;
  parts: number;
  standing: boolean;
  created_at: Date;
  expires_at: Date;
  warned_for: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

interface WaitlistOffersTable {
  entry_id: string;
  starts_at: Date;
  created_at: Date;
}

interface CalendarFeedsTable {
  practitioner_uid: string;
  token_hash: string;
  created_at: Date;
}

interface QuestionnaireDaysTable {
  client_uid: string;
  instrument: string;
  /** The London date, YYYY-MM-DD. */
  day: string;
  sent: Generated<number>;
  allowed: Generated<number>;
}

interface WorkingHoursTable {
  /** Always true: the practice has one set of working hours. */
  id: Generated<boolean>;
  /** shared/working-hours.ts's WorkingHours, checked by its schema on the way in and out. */
  hours: unknown;
  updated_at: Date;
}

export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/** Another person in the room of a couple's or family's one-off session or series. */
export interface ParticipantsTable {
  id: Generated<string>;
  booking_id: string | null;
  series_id: string | null;
  booker_uid: string;
  kind: 'adult' | 'child';
  name: string;
  /** Lower case; null for a child. */
  email: string | null;
  status: ColumnType<ParticipantStatus, ParticipantStatus | undefined, ParticipantStatus>;
  /** The account that joined (the invited address, verified). */
  uid: string | null;
  /** The order the booker named them in. */
  position: ColumnType<number, number | undefined, never>;
  created_at: ColumnType<Date, Date, never>;
  /** When they answered (joined or declined): a participant's sessions count from joining. */
  responded_at: Date | null;
  /** When they left or were removed (status left). */
  left_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Her reason when she removed them (status left): hers alone. */
  removal_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** A child's age in years when the family booked (their note's retention). */
  age_years: ColumnType<number | null, number | null | undefined, never>;
}

export interface DatabaseSchema {
  bookings: BookingsTable;
  session_reactions: SessionReactionsTable;
  given_up_dealt_with: GivenUpDealtWithTable;
  blocks: BlocksTable;
  messages: MessagesTable;
  series: SeriesTable;
  series_skips: SeriesSkipsTable;
  intakes: IntakesTable;
  questionnaires: QuestionnairesTable;
  audit_log: AuditLogTable;
  clinical_retention: ClinicalRetentionTable;
  attended_sessions: AttendedSessionsTable;
  session_notes: SessionNotesTable;
  note_retention: NoteRetentionTable;
  note_addenda: NoteAddendaTable;
  risk_follow_ups: RiskFollowUpsTable;
  write_limits: WriteLimitsTable;
  risk_alerts: RiskAlertsTable;
  calendar_feeds: CalendarFeedsTable;
  questionnaire_days: QuestionnaireDaysTable;
  working_hours: WorkingHoursTable;
  payment_customers: PaymentCustomersTable;
  receipt_counters: ReceiptCountersTable;
  payment_plans: PaymentPlansTable;
  checkout_openings: CheckoutOpeningsTable;
  payments: PaymentsTable;
  payment_refunds: PaymentRefundsTable;
  payment_credits: PaymentCreditsTable;
  payment_events: PaymentEventsTable;
  stripe_subscriptions: StripeSubscriptionsTable;
  deleted_series: DeletedSeriesTable;
  waitlist_entries: WaitlistEntriesTable;
  waitlist_offers: WaitlistOffersTable;
  notes_requests: NotesRequestsTable;
  notes_request_reviews: NotesRequestReviewsTable;
  receipt_link_revocations: ReceiptLinkRevocationsTable;
  participants: ParticipantsTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  passkey_enrolments_used: PasskeyEnrolmentsUsedTable;
  recovery_codes: RecoveryCodesTable;
  known_browsers: KnownBrowsersTable;
  practice_sign_ins: PracticeSignInsTable;
  passkey_reviews: PasskeyReviewsTable;
  busy_calendar: BusyCalendarTable;
  busy_calendar_times: BusyCalendarTimesTable;
  text_reminders: TextRemindersTable;
}
