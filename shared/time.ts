/**
 * The practice's time, for both sides: instants are UTC everywhere; dates ("YYYY-MM-DD") and
 * wall-clock times ("HH:MM") are read in the practice's zone, whose clocks change twice a year
 * (last Sunday of March 01:00 → 02:00, of October 02:00 → 01:00). One engine: Temporal.
 */
import { Temporal } from 'temporal-polyfill';

import { DAYS_OF_WEEK, MINUTE_MS, PRACTICE_TIME_ZONE, type DayOfWeek } from './time-words.ts';

export * from './time-words.ts';

/** A calendar date in the practice's zone, "YYYY-MM-DD". */
export type LocalDate = string;

/** A stretch of time, start included, end excluded, as UTC instants. */
export interface Interval {
  start: Date;
  end: Date;
}
export type Instant = string | number | Date;

const epochMs = (instant: Instant) =>
  instant instanceof Date ? instant.getTime() : new Date(instant).getTime();

export const addMinutes = (instant: Date, minutes: number) =>
  new Date(instant.getTime() + minutes * MINUTE_MS);

const plainDate = (date: LocalDate) => Temporal.PlainDate.from(date, { overflow: 'reject' });

/** The date an instant falls on in a zone (the practice's by default). */
export function practiceDate(instant: Instant, timeZone = PRACTICE_TIME_ZONE): LocalDate {
  return Temporal.Instant.fromEpochMilliseconds(epochMs(instant))
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .toString();
}

/**
 * A wall-clock time on a date in the practice's zone, as an instant. 'compatible': a time the
 * spring change skips moves forward by the gap; a time the autumn change repeats is the first.
 */
export function practiceInstant(date: LocalDate, time: string): Date {
  const zoned = plainDate(date)
    .toPlainDateTime(Temporal.PlainTime.from(time))
    .toZonedDateTime(PRACTICE_TIME_ZONE, { disambiguation: 'compatible' });
  return new Date(zoned.epochMilliseconds);
}

/** The first instant of a date in the practice's zone. */
export function startOfPracticeDay(date: LocalDate): Date {
  return new Date(plainDate(date).toZonedDateTime(PRACTICE_TIME_ZONE).epochMilliseconds);
}

/** Calendar arithmetic: a day is a day, whatever the clocks do. */
export function addDays(date: LocalDate, days: number): LocalDate {
  return plainDate(date).add({ days }).toString();
}

/** Whole days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return plainDate(from).until(plainDate(to), { largestUnit: 'days' }).days;
}

export function dayOfWeek(date: LocalDate): DayOfWeek {
  return DAYS_OF_WEEK[plainDate(date).dayOfWeek - 1] as DayOfWeek;
}

/** The Monday on or before a date: the practice's weeks run Monday to Sunday. */
export function mondayOf(date: LocalDate): LocalDate {
  return addDays(date, 1 - plainDate(date).dayOfWeek);
}

/** The instants the practice's clocks change in a year (spring forward, autumn back). */
export function clockChanges(year: number): { spring: Date; autumn: Date } {
  const newYear = Temporal.ZonedDateTime.from({
    timeZone: PRACTICE_TIME_ZONE,
    year,
    month: 1,
    day: 1,
  });
  const spring = newYear.getTimeZoneTransition('next');
  const autumn = spring?.getTimeZoneTransition('next');
  if (!spring || !autumn) throw new Error(`The practice's clocks do not change in ${year}.`);
  return { spring: new Date(spring.epochMilliseconds), autumn: new Date(autumn.epochMilliseconds) };
}

/** The wall-clock time of an instant in the practice's zone, "HH:MM". */
export function practiceWallClock(instant: Instant): string {
  return Temporal.Instant.fromEpochMilliseconds(epochMs(instant))
    .toZonedDateTimeISO(PRACTICE_TIME_ZONE)
    .toPlainTime()
    .toString({ smallestUnit: 'minute' });
}
