/**
 * The practice's booking rules, in one place for both sides, and every sentence that states one:
 * each is built from the rule's number, so changing a number changes what every page, answer and
 * email says.
 */
import { planCoverSentence } from './billing';
import { DAY_MS, HOUR_MS } from './time-words';

export const BOOKING_RULES = {
  /** Rest after every session; no session may start inside another's break. */
  breakMinutes: 10,
  /** Start times are offered every this many minutes from the opening time. */
  slotStepMinutes: 30,
  /** A request must be at least this far ahead, so the practitioner can answer it. */
  minimumNoticeHours: 24,
  /** Nothing further ahead than this can be requested. */
  horizonDays: 56,
  /** How many unanswered requests one client may have open. */
  maxOpenRequests: 3,
  /** A client may cancel until this long before the start. */
  clientCancelNoticeHours: 24,
  /** The client is reminded of a confirmed session this long before it. */
  reminderHoursBefore: 24,
  /** A waiting-list entry lasts this long from joining (or renewing). */
  waitlistDays: 60,
  /** The client is told this long before an entry lapses, with a link to renew it. */
  waitlistWarningDays: 7,
} as const;

export type BookingRules = { readonly [Rule in keyof typeof BOOKING_RULES]: number };

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** "24 hours", "1 hour", "2 days" (whole days are said as days). */
export function hoursText(hours: number): string {
  return hours >= 48 && hours % 24 === 0 ? plural(hours / 24, 'day') : plural(hours, 'hour');
}

/** "8 weeks", "10 days" (whole weeks are said as weeks). */
export function daysText(days: number): string {
  return days >= 7 && days % 7 === 0 ? plural(days / 7, 'week') : plural(days, 'day');
}

/** Every user-facing sentence that states a booking rule. */
export function ruleSentences(rules: BookingRules = BOOKING_RULES) {
  const cancelNotice = hoursText(rules.clientCancelNoticeHours);
  return {
    tooSoon: `Sessions can be requested from ${hoursText(rules.minimumNoticeHours)} ahead. Choose a later time.`,
    tooFar: `Sessions can be requested up to ${daysText(rules.horizonDays)} ahead. Choose an earlier time.`,
    tooManyRequests: `You already have ${rules.maxOpenRequests} requests waiting for an answer. Wait for one, or cancel one in My bookings.`,
    cancelTooLate: `Sessions can be cancelled here until ${cancelNotice} before they start. Please phone or email the practice.`,
    moveTooLate: `Sessions can be moved here until ${cancelNotice} before they start. Please phone or email the practice.`,
    /** In My bookings, beside a session too close to move or skip. */
    tooLateToChange: `Less than ${cancelNotice} to go: to change this session, please phone the practice`,
    /** Under the client's list of bookings. */
    cancelPolicy: `Sessions can be cancelled here until ${cancelNotice} before they start; after that, please phone or email the practice.`,
    /** In the confirmation email, before the link to My bookings. */
    cancelReminder: `If you can no longer come, please cancel in My bookings at least ${cancelNotice} before`,
    /** In the calendar file's description. */
    calendarCancel: `To cancel, use My bookings at least ${cancelNotice} before.`,
    /** The diary's default reach, for the practitioner. */
    horizon: daysText(rules.horizonDays),
    /** Once a client has joined (or renewed) the waiting list. */
    waitlistJoined: `You are on the waiting list for ${plural(rules.waitlistDays, 'day')}. We email you when a time that suits you frees up; the first to book it gets it.`,
    /** How long an entry lasts, where it is shown. */
    waitlistLasts: `An entry lasts ${plural(rules.waitlistDays, 'day')}; we email you ${plural(rules.waitlistWarningDays, 'day')} before it ends so you can stay on.`,
  };
}

export const RULE_SENTENCES = ruleSentences();

export function isActive(booking: { status: string }): boolean {
  return booking.status === 'requested' || booking.status === 'confirmed';
}

/** Earliest and latest start a request may have, seen from `now`. */
export function bookableWindow(now: Date, rules: BookingRules = BOOKING_RULES) {
  return {
    earliest: new Date(now.getTime() + rules.minimumNoticeHours * HOUR_MS),
    latest: new Date(now.getTime() + rules.horizonDays * DAY_MS),
  };
}

/** Who ended a session before it happened: the client (through the site or by phone) or the practice. */
export type CancelledBy = 'client' | 'practitioner';

/**
 * The one refund rule: a session the client cancels at least the notice period before its start,
 * or that the practitioner cancels at any time, is refunded its fee per session (never more than
 * was paid for it); a late cancellation by the client, or a session missed, is not refunded.
 */
export function refundPence(
  input: {
    cancelledBy: CancelledBy;
    startsAt: Date;
    cancelledAt: Date;
    feePence: number;
    paidPence: number;
  },
  rules: BookingRules = BOOKING_RULES,
): number {
  const owed = Math.max(0, Math.min(input.feePence, input.paidPence));
  if (input.cancelledBy === 'practitioner') return owed;
  const noticeMs = rules.clientCancelNoticeHours * HOUR_MS;
  return input.startsAt.getTime() - input.cancelledAt.getTime() >= noticeMs ? owed : 0;
}

/**
 * Whether a client's cancellation at `cancelledAt` is late (inside the notice period): the same line
 * refundPence draws. The session's attendance then says late-cancellation by itself.
 */
export const isLateCancellation = (
  startsAt: Date,
  cancelledAt: Date,
  rules: BookingRules = BOOKING_RULES,
): boolean => startsAt.getTime() - cancelledAt.getTime() < rules.clientCancelNoticeHours * HOUR_MS;

/**
 * Every sentence about fees, built from the service's price and the refund rule. `feeText` is the
 * fee per session already written as money ("£60.00"); a free service has no fee sentences but
 * `free`.
 */
export function feeSentences(
  fee: { feeText: string; monthlyText?: string; sessionsPerMonth?: number; free?: boolean },
  rules: BookingRules = BOOKING_RULES,
) {
  const notice = hoursText(rules.clientCancelNoticeHours);
  return {
    free: 'This call is free: no payment is asked for.',
    /** The checkout, beside the time: what one session costs. */
    feePerSession: `Fee per session: ${fee.feeText}`,
    /** A one-off session: when it is paid. */
    oneOff: `The fee of ${fee.feeText} is paid online by card once the practitioner confirms the session.`,
    /** A standing plan: when and how it is paid. */
    plan:
      fee.monthlyText && fee.sessionsPerMonth
        ? `The plan is ${fee.monthlyText}, paid monthly by card once the practitioner confirms the series. ${planCoverSentence({ sessionsPerMonth: fee.sessionsPerMonth })}`
        : `The plan is paid monthly by card once the practitioner confirms the series.`,
    /** A standing plan's refund rule: a session's share of the payment that covers it. */
    planRefund: `A session of the plan you cancel at least ${notice} before it starts, or that the practice cancels, is refunded its share of the payment for its month${fee.sessionsPerMonth ? ` (${fee.feeText} in a month of ${fee.sessionsPerMonth} sessions)` : ''}; a month not yet paid is charged that much less. A session cancelled later, or missed, is not refunded.`,
    /** The refund rule, with the amount. */
    refund: `A session you cancel at least ${notice} before it starts, or that the practice cancels, is refunded its fee of ${fee.feeText}. A session cancelled later, or missed, is not refunded.`,
    /** The agreement's late-cancellation term, with the amount. */
    lateCancellation: `A session cancelled less than ${notice} before it starts, or missed, is charged in full: ${fee.feeText}.`,
  };
}

/** A video session's Join link shows from this many minutes before its start until its end. */
export const VIDEO_JOIN_OPENS_MINUTES_BEFORE = 10;

/** Whether a video session's Join link is offered at `now`. */
export function joinOpen(session: { start: string; end: string }, now: number): boolean {
  const opens = Date.parse(session.start) - VIDEO_JOIN_OPENS_MINUTES_BEFORE * 60_000;
  return now >= opens && now < Date.parse(session.end);
}

/** The next instant (ms) at which `joinOpen` changes for this session, or null when it never will. */
export function nextJoinChange(
  session: { start: string; end: string },
  now: number,
): number | null {
  const opens = Date.parse(session.start) - VIDEO_JOIN_OPENS_MINUTES_BEFORE * 60_000;
  const closes = Date.parse(session.end);
  if (now < opens) return opens;
  if (now < closes) return closes;
  return null;
}
