// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addDays,
  clockChanges,
  dayOfWeek,
  mondayOf,
  practiceDate,
  practiceInstant,
  startOfPracticeDay,
} from './time';

describe('the practice’s time, on the days the clocks change', () => {
  it('knows when the clocks change', () => {
    expect(clockChanges(2027)).toEqual({
      spring: new Date('2027-03-28T01:00:00Z'),
      autumn: new Date('2027-10-31T01:00:00Z'),
    });
  });

  it('reads wall-clock times across the spring change', () => {
    expect(practiceInstant('2027-03-28', '00:30').toISOString()).toBe('2027-03-28T00:30:00.000Z');
    // 01:30 does not happen: it moves forward by the gap.
    expect(practiceInstant('2027-03-28', '01:30').toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(practiceInstant('2027-03-28', '18:00').toISOString()).toBe('2027-03-28T17:00:00.000Z');
    expect(startOfPracticeDay('2027-03-29').toISOString()).toBe('2027-03-28T23:00:00.000Z');
  });

  it('reads wall-clock times across the autumn change', () => {
    // 01:30 happens twice: the first is taken.
    expect(practiceInstant('2027-10-31', '01:30').toISOString()).toBe('2027-10-31T00:30:00.000Z');
    expect(practiceInstant('2027-10-31', '18:00').toISOString()).toBe('2027-10-31T18:00:00.000Z');
    expect(startOfPracticeDay('2027-10-31').toISOString()).toBe('2027-10-30T23:00:00.000Z');
    expect(startOfPracticeDay('2027-11-01').toISOString()).toBe('2027-11-01T00:00:00.000Z');
  });

  it('puts an instant on its London date', () => {
    expect(practiceDate('2027-07-01T23:30:00Z')).toBe('2027-07-02');
    expect(practiceDate('2027-12-01T23:30:00Z')).toBe('2027-12-01');
    expect(practiceDate('2027-07-01T23:30:00Z', 'America/New_York')).toBe('2027-07-01');
  });

  it('counts days and weeks as the calendar does', () => {
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(mondayOf('2027-10-31')).toBe('2027-10-25');
    expect(mondayOf('2027-11-01')).toBe('2027-11-01');
    expect(dayOfWeek('2027-03-28')).toBe('Sunday');
  });
});
