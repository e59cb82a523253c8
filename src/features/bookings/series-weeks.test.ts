import { followingWeeks, seriesButtonText } from './series-weeks';

describe('followingWeeks', () => {
  it('keeps 18:00 London across the spring change: the UTC instant moves by an hour', () => {
    // 2027: the clocks go forward on Sunday 28 March.
    const first = '2027-03-23T18:00:00.000Z';
    const free = new Set(['2027-03-30T17:00:00.000Z', '2027-04-06T17:00:00.000Z']);
    expect(followingWeeks(first, 1, '2027-04-06', free)).toEqual([
      { start: '2027-03-30T17:00:00.000Z', free: true },
      { start: '2027-04-06T17:00:00.000Z', free: true },
    ]);
  });

  it('marks a week that is not among the free starts', () => {
    const first = '2027-05-04T17:00:00.000Z';
    const free = new Set(['2027-05-11T17:00:00.000Z', '2027-05-25T17:00:00.000Z']);
    expect(followingWeeks(first, 1, '2027-05-31', free)).toEqual([
      { start: '2027-05-11T17:00:00.000Z', free: true },
      { start: '2027-05-18T17:00:00.000Z', free: false },
      { start: '2027-05-25T17:00:00.000Z', free: true },
    ]);
  });

  it('fortnightly: every other week, up to the last date of the horizon', () => {
    const weeks = followingWeeks('2027-05-04T17:00:00.000Z', 2, '2027-06-01', new Set());
    expect(weeks.map((week) => week.start)).toEqual([
      '2027-05-18T17:00:00.000Z',
      '2027-06-01T17:00:00.000Z',
    ]);
  });
});

describe('seriesButtonText', () => {
  it('names the weekday and the London time, weekly or fortnightly', () => {
    expect(seriesButtonText('2027-03-23T18:00:00.000Z', 1)).toBe('Request every Tuesday at 18:00');
    expect(seriesButtonText('2027-05-04T17:00:00.000Z', 2)).toBe(
      'Request every other Tuesday at 18:00',
    );
  });
});
