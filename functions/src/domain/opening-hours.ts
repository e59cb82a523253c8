import { Temporal } from 'temporal-polyfill';
import { PRACTICE_TIME_ZONE } from '../../../shared/booking';
import type { DayOfWeek, OpeningHours } from '../../../src/content/practice';
import type { Interval } from './types';

export type WeeklyHours = readonly Pick<OpeningHours, 'days' | 'opens' | 'closes'>[];

/** Temporal numbers the days 1 (Monday) to 7 (Sunday). */
const DAY_NAMES: readonly DayOfWeek[] = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

/**
 * A wall-clock time on a date in the practice's zone, as an instant. 'compatible': a time the
 * spring change skips moves forward; a time the autumn change repeats is taken the first time.
 */
export function practiceInstant(date: Temporal.PlainDate, time: string): Date {
  const zoned = date
    .toPlainDateTime(Temporal.PlainTime.from(time))
    .toZonedDateTime(PRACTICE_TIME_ZONE, {
      disambiguation: 'compatible',
    });
  return new Date(zoned.epochMilliseconds);
}

export function startOfPracticeDay(date: Temporal.PlainDate): Date {
  return new Date(date.toZonedDateTime(PRACTICE_TIME_ZONE).epochMilliseconds);
}

export function practiceDate(instant: Date): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime())
    .toZonedDateTimeISO(PRACTICE_TIME_ZONE)
    .toPlainDate();
}

/**
 * The opening windows that begin on each date from `first` for `days` days, and on the day before
 * (whose evening may run past midnight into `first`). A closing time at or before the opening
 * time belongs to the next day.
 */
export function openingWindows(
  hours: WeeklyHours,
  first: Temporal.PlainDate,
  days: number,
): Interval[] {
  const windows: Interval[] = [];
  for (let offset = -1; offset < days; offset += 1) {
    const date = first.add({ days: offset });
    const dayName = DAY_NAMES[date.dayOfWeek - 1];
    for (const entry of hours) {
      if (!dayName || !entry.days.includes(dayName)) continue;
      const closesNextDay = entry.closes <= entry.opens;
      windows.push({
        start: practiceInstant(date, entry.opens),
        end: practiceInstant(closesNextDay ? date.add({ days: 1 }) : date, entry.closes),
      });
    }
  }
  return windows.sort((a, b) => a.start.getTime() - b.start.getTime());
}
