/**
 * Reminders by text: the client's mobile number (checked on both sides with libphonenumber-js's
 * mobile metadata, so a landline is refused), the words of the text, and what the account page
 * is told.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import * as v from 'valibot';
import { practiceFacts } from './practice';
import { PRACTICE_TIME_ZONE } from './time-words';

export const TEXT_SENTENCES = {
  empty: 'Enter your mobile number, for example 07400 123456.',
  notMobile: 'Enter a mobile number, like 07400 123456 or +44 7400 123456.',
  consent: 'Tick the box to agree to reminders by text before turning them on.',
  stoppedByReply:
    'You replied STOP, so text reminders are off. Turn them on again here if you want them.',
} as const;

export type MobileCheck = { ok: true; phone: string } | { ok: false; problem: string };

/** A mobile number in E.164 (+447700900123) as Twilio takes it, or what is wrong with it. */
export function checkMobile(value: string | undefined): MobileCheck {
  const typed = (value ?? '').trim();
  if (typed === '') return { ok: false, problem: TEXT_SENTENCES.empty };
  if (typed.length > 40) return { ok: false, problem: TEXT_SENTENCES.notMobile };
  const parsed = parsePhoneNumberFromString(typed, 'GB');
  if (!parsed?.isValid()) return { ok: false, problem: TEXT_SENTENCES.notMobile };
  return { ok: true, phone: parsed.number };
}

/** PUT /api/account/sms: the number, and consent given (true, never assumed). */
export const TextRemindersRequestSchema = v.object({
  phone: v.string(TEXT_SENTENCES.empty),
  consent: v.literal(true, TEXT_SENTENCES.consent),
});

/** GET /api/account/sms: the client's choice. */
export const TextRemindersViewSchema = v.object({
  /** On: the number texts go to; off: null. */
  phone: v.nullable(v.string()),
  /** When they agreed (ISO), while on. */
  consentedAt: v.nullable(v.string()),
  /** Off because they replied STOP (the account page says so). */
  stoppedByReply: v.boolean(),
});
export type TextRemindersView = v.InferOutput<typeof TextRemindersViewSchema>;

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: PRACTICE_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: PRACTICE_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * The reminder text: the practice, the day and the London time, and how to stop. Nothing about
 * why they come (no service, no name): a phone's lock screen shows it to anyone nearby.
 */
export function textReminderBody(start: Date): string {
  const day = dayFormat.format(start).replace(',', '');
  return `${practiceFacts.shortName}: reminder of your appointment on ${day} at ${timeFormat.format(start)}. Reply STOP to stop these texts.`;
}
