import { addDays, practiceDate, practiceInstant } from '../../../shared/time';
import type { SeriesRecord } from '../bookings';

type Cadence = Pick<SeriesRecord, 'firstStart' | 'localTime' | 'everyWeeks'>;

/**
 * The `index`-th session of a series: the same London wall-clock time on the same weekday, every
 * one or two weeks. Across a clock change the wall-clock time stays and the UTC instant moves.
 */
function occurrence(series: Cadence, index: number): Date {
  const firstDate = practiceDate(series.firstStart);
  return practiceInstant(addDays(firstDate, 7 * series.everyWeeks * index), series.localTime);
}

/** The occurrences after `after` up to and including `through`, in order. */
export function occurrencesBetween(series: Cadence, after: Date, through: Date): Date[] {
  const found: Date[] = [];
  for (let index = 0; ; index += 1) {
    const start = occurrence(series, index);
    if (start > through) return found;
    if (start > after) found.push(start);
  }
}
