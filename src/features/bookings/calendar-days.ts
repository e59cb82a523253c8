import type { Slot } from '../../../shared/booking';
import { BOOKING_RULES } from '../../../shared/booking-rules';
import { addDays, daysBetween, type LocalDate } from '../../../shared/time';
import { dateIn, formatDay, formatTime } from '../../lib/practice-time';

/** One London date of the booking horizon and its free start times, earliest first. */
export interface CalendarDay {
  date: LocalDate;
  slots: Slot[];
}

/**
 * Every date from `today` to the end of the booking horizon, each with its free times: the days
 * the picker shows, free or not. Times outside the horizon are left out.
 */
export function horizonDays(
  today: LocalDate,
  slots: readonly Slot[],
  days: number = BOOKING_RULES.horizonDays,
): CalendarDay[] {
  const calendar = Array.from({ length: days }, (_, index) => ({
    date: addDays(today, index),
    slots: [] as Slot[],
  }));
  for (const slot of slots) {
    const index = daysBetween(today, dateIn(slot.start));
    calendar[index]?.slots.push(slot);
  }
  for (const day of calendar) day.slots.sort((a, b) => a.start.localeCompare(b.start));
  return calendar;
}

/** The earliest free time of the horizon, if any. */
export function firstFreeSlot(days: readonly CalendarDay[]): Slot | undefined {
  return days.find((day) => day.slots.length > 0)?.slots[0];
}

/** "Tuesday 7 April" for a London date (noon keeps it on that date in any zone). */
export const dayName = (date: LocalDate) => formatDay(`${date}T12:00:00Z`);

/** "no free times", "1 free time", "3 free times". */
export function freeTimesText(count: number): string {
  if (count === 0) return 'no free times';
  return `${count} free time${count === 1 ? '' : 's'}`;
}

const PARTS_OF_DAY = ['Early hours', 'Morning', 'Afternoon', 'Evening'] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];

/** Which part of its London day a start time falls in (late Friday sessions run past midnight). */
export function partOfDay(instant: string): PartOfDay {
  const hour = Number(formatTime(instant).slice(0, 2));
  if (hour < 6) return 'Early hours';
  if (hour < 12) return 'Morning';
  if (hour < 17) return 'Afternoon';
  return 'Evening';
}

/** A day's times grouped by part of the day, in the day's order; empty parts are left out. */
export function byPartOfDay(slots: readonly Slot[]): { part: PartOfDay; slots: Slot[] }[] {
  return PARTS_OF_DAY.map((part) => ({
    part,
    slots: slots.filter((slot) => partOfDay(slot.start) === part),
  })).filter((group) => group.slots.length > 0);
}
