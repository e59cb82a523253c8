/**
 * The waiting list, for both sides: the parts of the day (one definition), the request a client
 * sends and the entries the API answers with.
 */
import * as v from 'valibot';
import { ServiceIdSchema } from './booking';
import { DAYS_OF_WEEK, dayOfWeek, practiceDate, practiceWallClock, type DayOfWeek } from './time';

export const DAY_PARTS = ['morning', 'afternoon', 'evening'] as const;
export type DayPart = (typeof DAY_PARTS)[number];

/** London wall-clock hours each part starts at: morning before 12:00, evening from 17:00. */
const DAY_PART_STARTS = { afternoon: '12:00', evening: '17:00' } as const;

/** "Morning (before 12:00)", for labels. */
export const DAY_PART_LABELS: Record<DayPart, string> = {
  morning: `Morning (before ${DAY_PART_STARTS.afternoon})`,
  afternoon: `Afternoon (${DAY_PART_STARTS.afternoon} to ${DAY_PART_STARTS.evening})`,
  evening: `Evening (from ${DAY_PART_STARTS.evening})`,
};

/** The part of the day a start falls in, by the practice's (London) clock. */
export function dayPartOf(start: Date | string): DayPart {
  const time = practiceWallClock(start);
  if (time < DAY_PART_STARTS.afternoon) return 'morning';
  return time < DAY_PART_STARTS.evening ? 'afternoon' : 'evening';
}

/** The London weekday a start falls on. */
export const weekdayOf = (start: Date | string): DayOfWeek => dayOfWeek(practiceDate(start));

export const WaitlistRequestSchema = v.object({
  serviceId: ServiceIdSchema,
  days: v.pipe(
    v.array(v.picklist(DAYS_OF_WEEK, 'Name days as "Monday" to "Sunday".')),
    v.minLength(1, 'Tick at least one day of the week.'),
    v.maxLength(DAYS_OF_WEEK.length, 'Name each day of the week once.'),
  ),
  parts: v.pipe(
    v.array(v.picklist(DAY_PARTS, 'Name parts of the day as "morning", "afternoon" or "evening".')),
    v.minLength(1, 'Tick at least one part of the day.'),
    v.maxLength(DAY_PARTS.length, 'Name each part of the day once.'),
  ),
  standing: v.optional(v.boolean(), false),
});
export type WaitlistRequest = v.InferInput<typeof WaitlistRequestSchema>;

export const WaitlistEntrySchema = v.object({
  id: v.string(),
  serviceId: v.number(),
  serviceName: v.string(),
  days: v.array(v.picklist(DAYS_OF_WEEK)),
  parts: v.array(v.picklist(DAY_PARTS)),
  standing: v.boolean(),
  createdAt: v.string(),
  expiresAt: v.string(),
});
export type WaitlistEntry = v.InferOutput<typeof WaitlistEntrySchema>;
export const WaitlistSchema = v.object({ entries: v.array(WaitlistEntrySchema) });

/** The practitioner's view adds who is waiting, as the diary names clients. */
const PracticeWaitlistEntrySchema = v.object({
  ...WaitlistEntrySchema.entries,
  clientName: v.string(),
  clientEmail: v.string(),
  clientUid: v.string(),
});
export type PracticeWaitlistEntry = v.InferOutput<typeof PracticeWaitlistEntrySchema>;
export const PracticeWaitlistSchema = v.object({ entries: v.array(PracticeWaitlistEntrySchema) });

/** Days and parts as bits (the database keeps them so, and checks at least one of each). */
export const toBits = <T extends string>(all: readonly T[], chosen: readonly T[]) =>
  all.reduce((bits, each, index) => (chosen.includes(each) ? bits | (1 << index) : bits), 0);
export const fromBits = <T extends string>(all: readonly T[], bits: number) =>
  all.filter((_, index) => (bits & (1 << index)) !== 0);

/** "Mondays and Wednesdays, mornings": what an entry waits for, in words. */
export function wishesText(entry: { days: readonly string[]; parts: readonly string[] }): string {
  const list = (words: string[]) =>
    words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  return `${list(entry.days.map((day) => `${day}s`))}, ${list(entry.parts.map((part) => `${part}s`))}`;
}
