/**
 * The words of time that need no calendar engine: the practice's zone, the days of the week and
 * the lengths of a minute, an hour and a day. Apart from shared/time.ts so that what only names
 * them (the practice's facts, the footer, the boot script's route table) does not pull in the
 * Temporal polyfill, about 19 kB gz, before a page can answer a tap.
 */
export const PRACTICE_TIME_ZONE = 'Europe/London';

export const DAYS_OF_WEEK = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
