/**
 * How long the practice keeps each kind of data, and from when: the one schedule the retention job
 * (functions/src/retention/) applies and every sentence about keeping data is built from.
 *
 * - Clinical record: the BACP (GPiA 105, "Recording and record keeping") and the UKCP advise keeping
 *   adult clients' records for a set period after the end of therapy, commonly 6 or 7 years, in line
 *   with the Limitation Act 1980; the ICO's storage-limitation guidance (UK GDPR Art. 5(1)(e)) asks
 *   for a stated period, kept to. The audit log of who read the record is part of it.
 * - Payments: HMRC asks the self-employed to keep business records for at least 5 years after the
 *   31 January online filing deadline of the tax year (companies: 6 years from the end of the
 *   financial year); 6 years from the end of the tax year (5 April) covers both.
 */
import { addDays, dayOfWeek, practiceDate, practiceInstant, type LocalDate } from './time';

type Period =
  | { amount: number; unit: 'years' | 'days' | 'hours'; from: string }
  | { amount: 0; unit: 'account'; from: string };

interface RetentionRule {
  /** What is kept, as a client reads it; `plural` when it takes "are". */
  what: string;
  plural: boolean;
  period: Period;
  /** Why that long, in a few words. */
  why: string;
}

export const RETENTION_SCHEDULE = {
  clinicalRecord: {
    what: 'Your clinical record (intake and agreement, questionnaires, session notes, risk follow-ups) and the log of who read it',
    plural: false,
    period: { amount: 7, unit: 'years', from: 'your last session' },
    why: 'as the professional bodies advise',
  },
  payments: {
    what: 'Payments, refunds, receipts and credit notes',
    plural: true,
    period: { amount: 6, unit: 'years', from: 'the end of the tax year (5 April) they fall in' },
    why: 'as HMRC requires of tax records',
  },
  messages: {
    what: 'The emails we sent you (which email and when; their wording is erased once sent)',
    plural: true,
    period: { amount: 30, unit: 'days', from: 'when they were sent' },
    why: 'to show that a message went',
  },
  riskAlerts: {
    what: 'The note of when the practice was last alerted to a risk answer',
    plural: false,
    period: { amount: 24, unit: 'hours', from: 'the alert' },
    why: 'so that she is not alerted twice in a day',
  },
  calendar: {
    what: 'Sessions that did not take place (requests, declined and cancelled) and the practitioner’s busy times',
    plural: true,
    period: { amount: 1, unit: 'years', from: 'their end' },
    why: 'to answer questions about an arrangement',
  },
  identity: {
    what: 'Your account (name, email address and sign-in), your bookings, the waiting list and the card processor’s customer reference',
    plural: true,
    period: { amount: 0, unit: 'account', from: 'until you delete your account' },
    why: 'to run the service you asked for',
  },
} as const satisfies Record<string, RetentionRule>;

export type RetentionKind = keyof typeof RETENTION_SCHEDULE;

const periodWords = (period: Period) =>
  period.unit === 'account'
    ? period.from
    : `for ${period.amount} ${period.amount === 1 ? period.unit.slice(0, -1) : period.unit} from ${period.from}`;

/** One sentence per kind: "X are kept for N years from …, as …, and then deleted." */
export const retentionSentence = (kind: RetentionKind): string => {
  const rule: RetentionRule = RETENTION_SCHEDULE[kind];
  return `${rule.what} ${rule.plural ? 'are' : 'is'} kept ${periodWords(rule.period)}, ${rule.why}, and then deleted.`;
};

/** The schedule as the privacy notice lists it, one sentence per kind. */
export const RETENTION_SENTENCES: readonly string[] = (
  Object.keys(RETENTION_SCHEDULE) as RetentionKind[]
).map(retentionSentence);

const clinicalYears = RETENTION_SCHEDULE.clinicalRecord.period.amount;

/** The sentence the account page shows before the client confirms deletion. */
export const RETENTION_SENTENCE = `If you have had a session, your clinical record (intake and agreement, questionnaires, session notes, risk follow-ups and the log of who read it) is kept for ${clinicalYears} years from your last session, as the professional bodies advise, read-only and seen only by the practitioner, and then deleted. If you have not, it is deleted now. Payments and receipts are kept for ${RETENTION_SCHEDULE.payments.period.amount} years from the end of their tax year, as HMRC requires.`;

/** When a record whose last session was at `lastSession` is to be deleted. */
export function retentionEnds(lastSession: string | number | Date): Date {
  const end = new Date(lastSession);
  end.setUTCFullYear(end.getUTCFullYear() + clinicalYears);
  return end;
}

/**
 * How long one person's clinical record is kept, decided from the record itself: the NHS Records
 * Management Code (the reference most practices' policies cite) keeps a child's record to their
 * 25th birthday, or 26th if they were 17 when the work ended; an adult's period follows the
 * professional bodies; someone who never had a session is kept a year from their last activity.
 */
export const RECORD_SCHEDULE = {
  adultYears: clinicalYears,
  /** Under this age at the last session, the child's rule applies. */
  adultAge: 18,
  childUntilBirthday: 25,
  /** 17 at the last session: one birthday more. */
  seventeenUntilBirthday: 26,
  noSessionYears: 1,
} as const;

/** One row of the retention table in docs/clinical-record.md (`npm run docs:retention`). */
export const RECORD_SCHEDULE_ROWS: readonly { who: string; keptUntil: string }[] = [
  {
    who: 'An adult client (18 or over at their last session)',
    keptUntil: `${RECORD_SCHEDULE.adultYears} years from their last session`,
  },
  {
    who: `A client under ${RECORD_SCHEDULE.adultAge} at their last session`,
    keptUntil: `their ${RECORD_SCHEDULE.childUntilBirthday}th birthday (${RECORD_SCHEDULE.seventeenUntilBirthday}th if they were 17), or ${RECORD_SCHEDULE.adultYears} years from their last session, whichever is later`,
  },
  {
    who: 'A family session’s note',
    keptUntil: `the youngest child’s ${RECORD_SCHEDULE.childUntilBirthday}th birthday (from the age in years the booking gave), or the date of anyone in the room, whichever is later`,
  },
  {
    who: 'A shared session’s note (a couple, a family)',
    keptUntil: 'the latest date of everyone who was in the room',
  },
  {
    who: 'Someone who never had a session',
    keptUntil: `${RECORD_SCHEDULE.noSessionYears} year from their last activity (intake, questionnaire, request)`,
  },
];

const plusYears = (instant: Date, years: number) => {
  const moved = new Date(instant);
  moved.setUTCFullYear(moved.getUTCFullYear() + years);
  return moved;
};

/** A birthday as the instant it begins in London (a 29 February birthday: 1 March). */
const birthday = (dateOfBirth: LocalDate, age: number): Date => {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const on = new Date(Date.UTC(year + age, month - 1, day));
  return practiceInstant(on.toISOString().slice(0, 10), '00:00');
};

/** Whole years of age on a London date. */
export function ageOn(dateOfBirth: LocalDate, on: Date): number {
  const today = practiceDate(on);
  const years = Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return today.slice(5) >= dateOfBirth.slice(5) ? years : years - 1;
}

/** What a person's record is decided from. */
export interface RecordFacts {
  /** The start of their last session held, if any. */
  lastSession: Date | null;
  /** From their intake, if they gave one. */
  dateOfBirth: LocalDate | null;
  /** Their last activity (intake, questionnaire, request, note): for someone with no session. */
  lastActivity: Date;
}

/** The instant a person's clinical record is to be deleted. */
export function recordKeptUntil(facts: RecordFacts): Date {
  const { lastSession, dateOfBirth } = facts;
  if (!lastSession) return plusYears(facts.lastActivity, RECORD_SCHEDULE.noSessionYears);
  const adult = plusYears(lastSession, RECORD_SCHEDULE.adultYears);
  if (!dateOfBirth) return adult;
  const age = ageOn(dateOfBirth, lastSession);
  if (age >= RECORD_SCHEDULE.adultAge) return adult;
  const until = birthday(
    dateOfBirth,
    age === RECORD_SCHEDULE.adultAge - 1
      ? RECORD_SCHEDULE.seventeenUntilBirthday
      : RECORD_SCHEDULE.childUntilBirthday,
  );
  return until > adult ? until : adult;
}

/**
 * A session's note: until the last person in the room reaches their date, and for a family's
 * session the youngest child's 25th birthday, counted from the age in years the booking gave
 * (at the latest: a child who is 3 may have turned 3 that very day).
 */
export function noteKeptUntil(room: {
  /** The record date of each person who was in the room. */
  recordDates: readonly Date[];
  /** The youngest child's age in years when the session was booked, and when that was. */
  youngestChild?: { ageYears: number; bookedAt: Date };
}): Date {
  const child = room.youngestChild
    ? [
        plusYears(
          room.youngestChild.bookedAt,
          RECORD_SCHEDULE.childUntilBirthday - room.youngestChild.ageYears,
        ),
      ]
    : [];
  const dates = [...room.recordDates, ...child];
  if (dates.length === 0) throw new Error('A note is kept by the dates of its room.');
  return new Date(Math.max(...dates.map((each) => each.getTime())));
}

/** The instant `now` less a kind's period (years, days or hours), for "older than" cut-offs. */
export function retentionCutoff(kind: Exclude<RetentionKind, 'identity' | 'payments'>, now: Date) {
  const { amount, unit } = RETENTION_SCHEDULE[kind].period;
  const cutoff = new Date(now);
  if (unit === 'years') cutoff.setUTCFullYear(cutoff.getUTCFullYear() - amount);
  else cutoff.setTime(cutoff.getTime() - amount * (unit === 'days' ? 86_400_000 : 3_600_000));
  return cutoff;
}

/**
 * Payments dated before this instant have passed their period: the start (6 April, London) of the
 * tax year `years` before the one `now` is in. A payment on 5 April 2020 goes on 6 April 2026.
 */
export function paymentsCutoff(now: Date): Date {
  const today = practiceDate(now);
  const year = Number(today.slice(0, 4));
  const taxYearStarted = today >= `${year}-04-06` ? year : year - 1;
  const years = RETENTION_SCHEDULE.payments.period.amount;
  return practiceInstant(`${taxYearStarted - years}-04-06`, '00:00');
}

/** A subject access request's time limit, in calendar months from the day it was received. */
export const ACCESS_REQUEST_MONTHS = 1;

const MONTH_WORDS = ['no', 'one', 'two', 'three'] as const;
/** The time limit in words ("one month"), for every sentence that states it. */
export const ACCESS_REQUEST_PERIOD = `${MONTH_WORDS[ACCESS_REQUEST_MONTHS] ?? ACCESS_REQUEST_MONTHS} month${ACCESS_REQUEST_MONTHS === 1 ? '' : 's'}`;

/**
 * When a subject access request must be answered, as the ICO counts it: the corresponding date in
 * the next month (the month's last day when it has none: 31 January → 28 or 29 February); a
 * weekend or bank holiday moves it to the next working day.
 */
export function accessRequestDue(
  received: LocalDate,
  isBankHoliday: (date: LocalDate) => boolean,
): LocalDate {
  const [year, month, day] = received.split('-').map(Number) as [number, number, number];
  const nextMonth = new Date(Date.UTC(year, month - 1 + ACCESS_REQUEST_MONTHS, 1));
  const lastDay = new Date(
    Date.UTC(nextMonth.getUTCFullYear(), nextMonth.getUTCMonth() + 1, 0),
  ).getUTCDate();
  nextMonth.setUTCDate(Math.min(day, lastDay));
  let due = nextMonth.toISOString().slice(0, 10);
  while (['Saturday', 'Sunday'].includes(dayOfWeek(due)) || isBankHoliday(due)) {
    due = addDays(due, 1);
  }
  return due;
}

/** Deleting an account needs a sign-in this recent (Firebase asks the same of its own deletions). */
export const RECENT_SIGN_IN_MINUTES = 5;
