import type { WeeklyHours } from '../../../shared/practice';
import {
  addDays,
  dayOfWeek,
  practiceInstant,
  type Interval,
  type LocalDate,
} from '../../../shared/time';

/**
 * The opening windows that begin on each date from `first` for `days` days, and on the day before
 * (whose evening may run past midnight into `first`). A closing time at or before the opening
 * time belongs to the next day.
 */
export function openingWindows(hours: WeeklyHours, first: LocalDate, days: number): Interval[] {
  const windows: Interval[] = [];
  for (let offset = -1; offset < days; offset += 1) {
    const date = addDays(first, offset);
    const dayName = dayOfWeek(date);
    for (const entry of hours) {
      if (!entry.days.includes(dayName)) continue;
      const closesNextDay = entry.closes <= entry.opens;
      windows.push({
        start: practiceInstant(date, entry.opens),
        end: practiceInstant(closesNextDay ? addDays(date, 1) : date, entry.closes),
      });
    }
  }
  return windows.sort((a, b) => a.start.getTime() - b.start.getTime());
}
