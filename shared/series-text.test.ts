// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { seriesSummary } from './series-text';

describe('how a series reads', () => {
  it('names its cadence, weekday, time, start, sessions and skipped weeks', () => {
    expect(
      seriesSummary({
        everyWeeks: 1,
        weekday: 'Tuesday',
        time: '18:00',
        firstStart: '2027-04-06T17:00:00Z',
        sessions: 8,
        skipped: ['2027-04-27T17:00:00Z'],
      }),
    ).toBe('Weekly, Tuesdays 18:00, from 6 April, 8 sessions, 1 week skipped: 27 April');
    expect(
      seriesSummary({
        everyWeeks: 2,
        weekday: 'Friday',
        time: '09:30',
        firstStart: '2027-10-29T09:30:00Z',
        sessions: 1,
        skipped: [],
      }),
    ).toBe('Fortnightly, Fridays 09:30, from 29 October, 1 session');
  });
});
