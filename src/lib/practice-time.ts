/**
 * Times are UTC instants everywhere except here, at the edge: shown in the practice's zone, with
 * the visitor's own time beside it when that reads differently. The zone arithmetic is the one
 * both sides share (shared/time.ts, Temporal); this file only formats. Dates are "YYYY-MM-DD".
 */
import { PRACTICE_TIME_ZONE, type Instant } from '../../shared/time';

// The arithmetic is shared/time's; the pages keep their own names for two of its functions.
export {
  addDays,
  mondayOf,
  practiceDate as dateIn,
  practiceInstant as zonedTimeToInstant,
  type Instant,
} from '../../shared/time';

const toDate = (instant: Instant) => (instant instanceof Date ? instant : new Date(instant));

/** The visitor's IANA time zone as the browser reports it. */
export function visitorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let formatter = formats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
    formats.set(key, formatter);
  }
  return formatter;
}

/** "Monday 30 March" */
export function formatDay(instant: Instant, timeZone = PRACTICE_TIME_ZONE): string {
  return format(timeZone, { weekday: 'long', day: 'numeric', month: 'long' })
    .format(toDate(instant))
    .replace(',', '');
}

/** "Monday 30 March 2026" */
export function formatDayWithYear(instant: Instant, timeZone = PRACTICE_TIME_ZONE): string {
  return format(timeZone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
    .format(toDate(instant))
    .replace(',', '');
}

/** "14:30" (24-hour clock, as the UK writes timetables) */
export function formatTime(instant: Instant, timeZone = PRACTICE_TIME_ZONE): string {
  return format(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    toDate(instant),
  );
}

/** "Mon 30 Mar, 09:30 GMT-4": the visitor's own reading of an instant, zone named. */
function formatVisitorTime(instant: Instant, timeZone: string): string {
  return format(timeZone, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  })
    .format(toDate(instant))
    .replace(/^(\w+),? /, '$1 ');
}

export interface SlotTime {
  /** Day in the practice's zone: "Monday 30 March". */
  day: string;
  /** Time in the practice's zone: "14:30". */
  time: string;
  /** The visitor's own day and time, when their zone reads the instant differently. */
  visitorTime?: string;
}

/** How one start time reads in the practice's zone and, when it differs, in the visitor's. */
export function describeTime(instant: Instant, visitorZone: string = visitorTimeZone()): SlotTime {
  const day = formatDay(instant);
  const time = formatTime(instant);
  const sameReading =
    formatDay(instant, visitorZone) === day && formatTime(instant, visitorZone) === time;
  return sameReading
    ? { day, time }
    : { day, time, visitorTime: formatVisitorTime(instant, visitorZone) };
}
