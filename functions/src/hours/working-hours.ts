import { BOOKING_RULES } from '../../../shared/booking-rules';
import type { WeeklyHours } from '../../../shared/practice';
import {
  addDays,
  addMinutes,
  dayOfWeek,
  practiceDate,
  practiceInstant,
  startOfPracticeDay,
  type Interval,
  type LocalDate,
} from '../../../shared/time';
import { dayStretch, openingOn, type WorkingHours } from '../../../shared/working-hours';
import { isBankHoliday } from './bank-holidays';
import { openingWindows } from './opening-hours';

/** Where sessions may start, and the last start it allows. */
interface HoursWindow extends Interval {
  latestStart: Date;
}

/** Her saved hours and, once she connects it, her own calendar's busy times. */
export type HerHours = WorkingHours & { calendarBusy?: readonly Interval[] };

export interface HoursQuery {
  /** The practice's opening hours (the footer's). */
  hours: WeeklyHours;
  /** Her hours; without them, the opening hours alone (the domain's own tests). */
  working?: HerHours;
  serviceMinutes: number;
}

const MINUTES_PER_DAY = 24 * 60;

/** Whether she works on this London date at all: not a day off, not a closed bank holiday. */
function worksOn(working: WorkingHours, date: LocalDate): boolean {
  if (working.daysOff.includes(date)) return false;
  return !isBankHoliday(date) || working.openBankHolidays.includes(date);
}

/** Her working windows that begin on each date from `first` for `days` days, and the day before. */
function workingWindows(
  hours: WeeklyHours,
  working: WorkingHours | undefined,
  first: LocalDate,
  days: number,
): HoursWindow[] {
  if (!working) {
    return openingWindows(hours, first, days).map((window) => ({
      ...window,
      latestStart: window.end,
    }));
  }
  const windows: HoursWindow[] = [];
  for (let offset = -1; offset < days; offset += 1) {
    const date = addDays(first, offset);
    const day = dayOfWeek(date);
    const own = working.weekdays[day];
    const open = openingOn(day, hours);
    if (!own || !open || !worksOn(working, date)) continue;
    // Clipped to the opening hours, should the code's opening hours ever narrow under her saved ones.
    const mine = dayStretch(own.start, own.end);
    const theirs = dayStretch(open.start, open.end);
    const from = Math.max(mine.from, theirs.from);
    const to = Math.min(mine.to, theirs.to);
    if (to <= from) continue;
    const atMinute = (minutes: number) => wallClockInstant(date, minutes);
    let latest = to;
    if (working.latestStart) {
      const [hour = 0, minute = 0] = working.latestStart.split(':').map(Number);
      let latestMinutes = hour * 60 + minute;
      // A latest start earlier than the day's start is after midnight (a late Friday).
      if (latestMinutes < from) latestMinutes += MINUTES_PER_DAY;
      latest = Math.min(latest, latestMinutes);
    }
    windows.push({ start: atMinute(from), end: atMinute(to), latestStart: atMinute(latest) });
  }
  return windows.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The London wall-clock time `minutes` after the start of `date` (past 24:00, the next date). */
function wallClockInstant(date: LocalDate, minutes: number): Date {
  const dayOffset = Math.floor(minutes / MINUTES_PER_DAY);
  const within = minutes - dayOffset * MINUTES_PER_DAY;
  const time = `${String(Math.floor(within / 60)).padStart(2, '0')}:${String(within % 60).padStart(2, '0')}`;
  return practiceInstant(addDays(date, dayOffset), time);
}

/** Her weekly blocks on the dates from the day before `first` to the day after the last. */
function weeklyBlockIntervals(
  working: WorkingHours | undefined,
  first: LocalDate,
  days: number,
): Interval[] {
  if (!working?.weeklyBlocks.length) return [];
  const intervals: Interval[] = [];
  for (let offset = -1; offset <= days; offset += 1) {
    const date = addDays(first, offset);
    const day = dayOfWeek(date);
    for (const block of working.weeklyBlocks) {
      if (block.day !== day) continue;
      intervals.push({
        start: practiceInstant(date, block.start),
        end: practiceInstant(date, block.end),
      });
    }
  }
  return intervals;
}

/**
 * Start times on the slot grid within her hours: inside a working window (the session ends by
 * its end, starts no later than her latest start), on a day she works, and with the session and
 * its break clear of her weekly blocks and her own calendar's busy times. The bookable window (notice, horizon) is not applied here.
 */
export function startsWithinHours(query: HoursQuery & { from: LocalDate; days: number }): Date[] {
  const firstInstant = startOfPracticeDay(query.from);
  const afterLast = startOfPracticeDay(addDays(query.from, query.days));
  const stretchMinutes = query.serviceMinutes + BOOKING_RULES.breakMinutes;
  const blocks = [
    ...weeklyBlockIntervals(query.working, query.from, query.days),
    ...(query.working?.calendarBusy ?? []).filter(
      (busy) => busy.start < afterLast && busy.end > addMinutes(firstInstant, -stretchMinutes),
    ),
  ];
  const starts = new Map<number, Date>();
  for (const window of workingWindows(query.hours, query.working, query.from, query.days)) {
    for (
      let start = window.start;
      addMinutes(start, query.serviceMinutes) <= window.end && start <= window.latestStart;
      start = addMinutes(start, BOOKING_RULES.slotStepMinutes)
    ) {
      if (start < firstInstant || start >= afterLast) continue;
      const busyUntil = addMinutes(start, stretchMinutes);
      if (blocks.some((block) => block.start < busyUntil && start < block.end)) continue;
      starts.set(start.getTime(), start);
    }
  }
  return [...starts.values()].sort((a, b) => a.getTime() - b.getTime());
}

/**
 * Whether a session may start at `start` as far as her hours go: the one answer availability,
 * requests, moves, series and the rolling job all use.
 */
export function withinHerHours(query: HoursQuery, start: Date): boolean {
  return startsWithinHours({ ...query, from: practiceDate(start), days: 1 }).some(
    (candidate) => candidate.getTime() === start.getTime(),
  );
}

/**
 * Whether her own calendar now shows her busy during a session (or the break after it): a request
 * made before it turned busy is kept for her to decide, and marked.
 */
export function clashesWithHerCalendar(working: HerHours, session: Interval): boolean {
  const busyUntil = addMinutes(session.end, BOOKING_RULES.breakMinutes);
  return (working.calendarBusy ?? []).some(
    (busy) => busy.start < busyUntil && session.start < busy.end,
  );
}
