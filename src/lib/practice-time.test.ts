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
