import { clockChanges } from '../../shared/time';
import {
  addDays,
  dateIn,
  describeTime,
  formatDay,
  formatTime,
  mondayOf,
  zonedTimeToInstant,
} from './practice-time';

describe('times shown in the practice zone (Europe/London)', () => {
  it('reads winter (GMT) and summer (BST) instants on the London clock', () => {
    expect(formatTime('2026-01-15T14:30:00Z')).toBe('14:30');
    expect(formatTime('2026-07-15T14:30:00Z')).toBe('15:30');
    expect(formatDay('2026-07-15T14:30:00Z')).toBe('Wednesday 15 July');
  });

  it('reads the March clock-change day right (01:00 UTC, 01:00 → 02:00)', () => {
    // Sunday 29 March 2026
    expect(formatTime('2026-03-29T00:30:00Z')).toBe('00:30');
    expect(formatTime('2026-03-29T01:30:00Z')).toBe('02:30');
    expect(formatTime('2026-03-29T09:00:00Z')).toBe('10:00');
    expect(formatDay('2026-03-29T23:30:00Z')).toBe('Monday 30 March'); // 00:30 BST next day
  });

  it('reads the October clock-change day right (01:00 UTC, 02:00 → 01:00)', () => {
    // Sunday 25 October 2026: 01:30 happens twice
    expect(formatTime('2026-10-25T00:30:00Z')).toBe('01:30');
    expect(formatTime('2026-10-25T01:30:00Z')).toBe('01:30');
    expect(formatTime('2026-10-25T10:00:00Z')).toBe('10:00');
  });

  it('gives the date of an instant in London, across midnight', () => {
    expect(dateIn('2026-07-15T23:30:00Z')).toBe('2026-07-16');
    expect(dateIn('2026-01-15T23:30:00Z')).toBe('2026-01-15');
  });
});

describe("the visitor's own time beside the practice's", () => {
  it('is left out when the visitor reads the same clock', () => {
    expect(describeTime('2026-07-15T09:00:00Z', 'Europe/London')).toEqual({
      day: 'Wednesday 15 July',
      time: '10:00',
    });
    // Dublin shares London's clock all year: nothing to add.
    expect(describeTime('2026-07-15T09:00:00Z', 'Europe/Dublin').visitorTime).toBeUndefined();
  });

  it('names the visitor zone and day when they differ', () => {
    const slot = describeTime('2026-07-15T09:00:00Z', 'America/New_York');
    expect(slot).toMatchObject({ day: 'Wednesday 15 July', time: '10:00' });
    expect(slot.visitorTime).toMatch(/^Wed 15 Jul,? 05:00 (EDT|GMT-4)$/);

    const late = describeTime('2026-07-17T23:00:00Z', 'Asia/Tokyo'); // Saturday 00:00 London
    expect(late).toMatchObject({ day: 'Saturday 18 July', time: '00:00' });
    expect(late.visitorTime).toMatch(/^Sat 18 Jul,? 08:00 (JST|GMT\+9)$/);
  });

  it('follows each zone through the weeks their clocks change on different days', () => {
    // 15 March 2026: New York is already on summer time, London not yet: 4 hours apart.
    expect(describeTime('2026-03-16T14:00:00Z', 'America/New_York').visitorTime).toMatch(/ 10:00 /);
    expect(formatTime('2026-03-16T14:00:00Z')).toBe('14:00');
  });
});

describe('calendar arithmetic', () => {
  it('adds days across months, years and the clock changes', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('finds the Monday of a week', () => {
    expect(mondayOf('2026-03-29')).toBe('2026-03-23'); // a Sunday
    expect(mondayOf('2026-03-23')).toBe('2026-03-23');
    expect(mondayOf('2026-01-01')).toBe('2025-12-29');
  });
});

describe('a London date and time typed into a form, as an instant', () => {
  it('uses GMT in winter and BST in summer', () => {
    expect(zonedTimeToInstant('2026-01-15', '09:00').toISOString()).toBe(
      '2026-01-15T09:00:00.000Z',
    );
    expect(zonedTimeToInstant('2026-07-15', '09:00').toISOString()).toBe(
      '2026-07-15T08:00:00.000Z',
    );
  });

  it('handles both clock-change days', () => {
    expect(zonedTimeToInstant('2026-03-29', '00:30').toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    expect(zonedTimeToInstant('2026-03-29', '03:00').toISOString()).toBe(
      '2026-03-29T02:00:00.000Z',
    );
    // 01:30 does not exist that morning: it is taken as 02:30 BST.
    expect(zonedTimeToInstant('2026-03-29', '01:30').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    // 01:30 happens twice in October: the first (BST) is meant.
    expect(zonedTimeToInstant('2026-10-25', '01:30').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(zonedTimeToInstant('2026-10-25', '03:00').toISOString()).toBe(
      '2026-10-25T03:00:00.000Z',
    );
  });

  it('round-trips with the London clock', () => {
    const instant = zonedTimeToInstant('2026-10-24', '23:45');
    expect(dateIn(instant)).toBe('2026-10-24');
    expect(formatTime(instant)).toBe('23:45');
  });
});

describe('the clock-change days, found by the calendar rather than typed in', () => {
  const { spring, autumn } = clockChanges(2026);
  const springDay = dateIn(spring);
  const autumnDay = dateIn(autumn);

  it('are the last Sundays of March and October 2026, at 01:00 UTC', () => {
    expect(spring.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(autumn.toISOString()).toBe('2026-10-25T01:00:00.000Z');
    expect([springDay, autumnDay]).toEqual(['2026-03-29', '2026-10-25']);
  });

  it('moves a skipped wall time forward by the gap (01:30 in spring is 02:30 BST)', () => {
    expect(zonedTimeToInstant(springDay, '00:59').toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(zonedTimeToInstant(springDay, '01:00').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(zonedTimeToInstant(springDay, '01:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedTimeToInstant(springDay, '02:00').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(formatTime(zonedTimeToInstant(springDay, '01:30'))).toBe('02:30');
  });

  it('takes the first of a repeated wall time (01:30 in autumn is 01:30 BST)', () => {
    expect(zonedTimeToInstant(autumnDay, '00:59').toISOString()).toBe('2026-10-24T23:59:00.000Z');
    expect(zonedTimeToInstant(autumnDay, '01:00').toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(zonedTimeToInstant(autumnDay, '01:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedTimeToInstant(autumnDay, '02:00').toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });

  it('gives the London date around midnight UTC, on BST and on GMT', () => {
    // The night before the spring change is still GMT: midnight UTC is midnight in London.
    expect(dateIn('2026-03-28T23:59:59Z')).toBe('2026-03-28');
    expect(dateIn('2026-03-29T00:00:00Z')).toBe('2026-03-29');
    // The night after it is BST: 23:00 UTC is already the next day in London.
    expect(dateIn('2026-03-29T22:59:59Z')).toBe('2026-03-29');
    expect(dateIn('2026-03-29T23:00:00Z')).toBe('2026-03-30');
    // The night before the autumn change is BST; the night after, GMT again.
    expect(dateIn('2026-10-24T22:59:59Z')).toBe('2026-10-24');
    expect(dateIn('2026-10-24T23:00:00Z')).toBe('2026-10-25');
    expect(dateIn('2026-10-25T23:30:00Z')).toBe('2026-10-25');
    expect(dateIn('2026-10-26T00:00:00Z')).toBe('2026-10-26');
    // A visitor's zone gives its own date for the same instant.
    expect(dateIn('2026-10-25T23:30:00Z', 'Asia/Tokyo')).toBe('2026-10-26');
  });

  it('finds the Monday across a change, the change day being the last day of its week', () => {
    expect(mondayOf(springDay)).toBe('2026-03-23');
    expect(mondayOf(addDays(springDay, 1))).toBe('2026-03-30');
    expect(mondayOf(autumnDay)).toBe('2026-10-19');
    expect(mondayOf(addDays(autumnDay, 1))).toBe('2026-10-26');
    expect(addDays(mondayOf(springDay), 7)).toBe('2026-03-30');
    expect(addDays(mondayOf(autumnDay), 6)).toBe(autumnDay);
  });

  it('keeps a week of London days whole across both changes', () => {
    const week = (monday: string) =>
      Array.from({ length: 7 }, (_, day) =>
        dateIn(zonedTimeToInstant(addDays(monday, day), '00:00')),
      );
    expect(week('2026-03-23')).toEqual([
      '2026-03-23',
      '2026-03-24',
      '2026-03-25',
      '2026-03-26',
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
    ]);
    expect(week('2026-10-19').at(-1)).toBe('2026-10-25');
    expect(formatDay(zonedTimeToInstant(autumnDay, '23:30'))).toBe('Sunday 25 October');
  });
});
