/**
 * The practice's facts, for both sides: who it is, where, how to reach it, when it is open. The
 * browser's prose about the practice (tagline, footer text, degrees) is in src/content/.
 */
import { PRACTICE_TIME_ZONE, type DayOfWeek } from './time-words.ts';

export interface OpeningHours {
  /** What the footer shows in the first column. */
  label: string;
  days: readonly DayOfWeek[];
  /** 24-hour "HH:MM"; a closing time earlier than the opening time runs past midnight. */
  opens: string;
  closes: string;
  /** What the footer shows in the second column. */
  display: string;
}

/**
 * The practice's VAT status, as her accountant states it: not registered (the default: below the
 * registration threshold), exempt with the basis she relies on, or registered with her number.
 * Every receipt and credit note says it in one sentence (vatSentence in shared/money.ts).
 */
export type VatStatus =
  | { status: 'not-registered' }
  | { status: 'exempt'; basis: string }
  | { status: 'registered'; number: string };

export type WeeklyHours = readonly Pick<OpeningHours, 'days' | 'opens' | 'closes'>[];

export const practiceFacts = {
  name: 'Mindful Path Counselling',
  shortName: 'Mindful Path',
  practitioner: 'Dr. Amara Rahman',
  title: 'Counselling Psychologist and Psychotherapist',
  /** The register the practitioner is a member of, for receipts, the footer and About Me. */
  professionalBody: {
    name: 'British Association for Counselling and Psychotherapy',
    abbreviation: 'BACP',
    /** The membership grade's letters, as the register prints them. */
    grade: 'MBACP (Accred)',
    membershipNumber: '387204',
  },
  /** Changed here, with a deploy, when her accountant says so (docs/payments.md). */
  vat: { status: 'not-registered' } as VatStatus,
  address: {
    street: '24 Queen Square',
    locality: 'Bristol',
    postalCode: 'BS1 4ND',
    country: 'GB',
  },
  /**
   * The video-meeting service sessions meet on, a processor the privacy notice names. The API's
   * MEETING_HOST must be this address in production (functions/src/platform/settings.ts); to move
   * to a hosted Jitsi under a data-processing agreement, or the practice's own, change both.
   */
  videoHost: {
    address: 'https://meet.jit.si',
    /** Who runs it: the processor the privacy notice names. */
    operator: '8x8',
  },
  email: 'hello@mindfulpath.example',
  phone: { display: '0117 496 0321', international: '+441174960321' },
  timeZone: PRACTICE_TIME_ZONE,
  openingHours: [
    {
      label: 'Mon-Thu',
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'],
      opens: '08:00',
      closes: '21:00',
      display: '8am-9pm',
    },
    {
      label: 'Fri-Sat',
      days: ['Friday', 'Saturday'],
      opens: '08:00',
      closes: '01:00',
      display: '8am-1am',
    },
    { label: 'Sunday', days: ['Sunday'], opens: '09:00', closes: '22:00', display: '9am-10pm' },
  ] satisfies readonly OpeningHours[],
} as const;

/** The address on one line, as a letter or a calendar file writes it. */
export const practiceAddressLine = `${practiceFacts.address.street}, ${practiceFacts.address.locality} ${practiceFacts.address.postalCode}`;

/** Her registration as a client checks it on the register: grade, body and membership number. */
export const registrationLine = `${practiceFacts.professionalBody.grade}, ${practiceFacts.professionalBody.name}, membership number ${practiceFacts.professionalBody.membershipNumber}`;
