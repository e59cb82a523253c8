/**
 * Times are UTC instants everywhere except here, at the edge: shown in the practice's zone, with
 * the visitor's own time beside it when that reads differently. Dates are "YYYY-MM-DD" strings.
 */
import { PRACTICE_TIME_ZONE } from '../../shared/booking';

export { PRACTICE_TIME_ZONE };

export type Instant = string | number | Date;

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

/** The calendar date ("YYYY-MM-DD") of an instant in a zone. */
export function dateIn(instant: Instant, timeZone = PRACTICE_TIME_ZONE): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(toDate(instant));
}

function parseDate(date: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Calendar arithmetic on "YYYY-MM-DD" (no zone involved: a day is a day). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The Monday on or before a date. */
export function mondayOf(date: string): string {
  const [year, month, day] = parseDate(date);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** Minutes the zone's clock is ahead of UTC at an instant. */
function offsetMinutes(epochMs: number, timeZone: string): number {
  const parts = format(timeZone, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(epochMs));
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wallAsUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((wallAsUtc - Math.floor(epochMs / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock date and time ("HH:MM") names in a zone. A time the clocks skip
 * (spring forward) moves forward by the gap; a time that happens twice (autumn) is the first.
 */
export function zonedTimeToInstant(
  date: string,
  time: string,
  timeZone = PRACTICE_TIME_ZONE,
): Date {
  const [year, month, day] = parseDate(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!clock) throw new Error(`Not an HH:MM time: ${time}`);
  const wall = Date.UTC(year, month - 1, day, Number(clock[1]), Number(clock[2]));
  const dayMs = 86_400_000;
  const before = offsetMinutes(wall - dayMs, timeZone);
  const after = offsetMinutes(wall + dayMs, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset * 60_000)
    .filter((instant) => wall - offsetMinutes(instant, timeZone) * 60_000 === instant)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wall - before * 60_000);
}
