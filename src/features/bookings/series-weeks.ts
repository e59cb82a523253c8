import {
  addDays,
  dayOfWeek,
  practiceDate,
  practiceInstant,
  practiceWallClock,
  type LocalDate,
} from '../../../shared/time';

/** One of the sessions after the first: its start, and whether that time is free today. */
export interface FollowingWeek {
  start: string;
  free: boolean;
}

/**
 * The sessions after the first, up to the last date of the horizon, at the same London wall-clock
 * time: across a clock change the UTC instant moves by an hour, the time on the clock does not.
 */
export function followingWeeks(
  firstStart: string,
  everyWeeks: number,
  lastDate: LocalDate,
  freeStarts: ReadonlySet<string>,
): FollowingWeek[] {
  const firstDate = practiceDate(firstStart);
  const time = practiceWallClock(firstStart);
  const weeks: FollowingWeek[] = [];
  for (let k = 1; ; k += 1) {
    const date = addDays(firstDate, 7 * everyWeeks * k);
    if (date > lastDate) return weeks;
    const start = practiceInstant(date, time).toISOString();
    weeks.push({ start, free: freeStarts.has(start) });
  }
}

/** "Request every Tuesday at 18:00", or "every other Tuesday" when fortnightly. */
export function seriesButtonText(firstStart: string, everyWeeks: number): string {
  const every = everyWeeks === 2 ? 'every other' : 'every';
  return `Request ${every} ${dayOfWeek(practiceDate(firstStart))} at ${practiceWallClock(firstStart)}`;
}
