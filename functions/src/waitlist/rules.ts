import { dayPartOf, weekdayOf } from '../../../shared/waitlist';

/** A time that has just freed, and whether it was a standing weekly time (a series'). */
export interface FreedTimes {
  starts: readonly Date[];
  /** An ended or declined series' weekly time: the only kind a standing entry waits for. */
  standing: boolean;
}

/**
 * Whether a freed start suits an entry by its wishes alone (the London weekday and part of the
 * day; a standing entry only a standing time). Whether it is free for the entry's service is
 * asked of the database, beside.
 */
export function suitsEntry(
  entry: { days: readonly string[]; parts: readonly string[]; standing: boolean },
  start: Date,
  standingTime: boolean,
): boolean {
  if (entry.standing && !standingTime) return false;
  return entry.days.includes(weekdayOf(start)) && entry.parts.includes(dayPartOf(start));
}
