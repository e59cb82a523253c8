/**
 * How a series reads to a person, the same in the diary, My bookings and every email:
 * "Weekly, Tuesdays 18:00, from 7 April, 8 sessions, 1 week skipped: 28 April".
 */
import type { Instant } from './time';
import { PRACTICE_TIME_ZONE } from './time-words';

const dayMonth = new Intl.DateTimeFormat('en-GB', {
  timeZone: PRACTICE_TIME_ZONE,
  day: 'numeric',
  month: 'long',
});

export const cadenceText = (everyWeeks: number) =>
  everyWeeks === 1 ? 'Weekly' : everyWeeks === 2 ? 'Fortnightly' : `Every ${everyWeeks} weeks`;

/** What a service card says beside the spec's texts. */
export const cadenceOffer = (everyWeeks: number) =>
  everyWeeks === 1 ? 'Every week at a time that suits you' : 'Every other week';

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

export function seriesSummary(series: {
  everyWeeks: number;
  weekday: string;
  time: string;
  firstStart: Instant;
  sessions: number;
  skipped: readonly Instant[];
}): string {
  const parts = [
    cadenceText(series.everyWeeks),
    `${series.weekday}s ${series.time}`,
    `from ${dayMonth.format(new Date(series.firstStart))}`,
    count(series.sessions, 'session'),
  ];
  if (series.skipped.length > 0) {
    parts.push(
      `${count(series.skipped.length, 'week')} skipped: ${series.skipped
        .map((each) => dayMonth.format(new Date(each)))
        .join(', ')}`,
    );
  }
  return parts.join(', ');
}
