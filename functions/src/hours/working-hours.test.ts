import { practiceFacts } from '../../../shared/practice';
import { DEFAULT_WORKING_HOURS, workingHoursErrors } from '../../../shared/working-hours';
import { bankHolidaysBetween, isBankHoliday } from './bank-holidays';
import { startsWithinHours, withinHerHours } from './working-hours';

const hours = practiceFacts.openingHours;
const startsOn = (date: string, working = DEFAULT_WORKING_HOURS) =>
  startsWithinHours({ hours, working, from: date, days: 1, serviceMinutes: 50 }).map((start) =>
    start.toISOString().slice(11, 16),
  );

describe('bank holidays (England and Wales)', () => {
  it('has every year the site books into, substitute days included', () => {
    expect(bankHolidaysBetween('2026-12-01', '2027-01-31').map((day) => day.date)).toEqual([
      '2026-12-25',
      '2026-12-28', // Boxing Day falls on a Saturday: the Monday is the bank holiday
      '2027-01-01',
    ]);
    for (const date of ['2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30']) {
      expect(isBankHoliday(date), date).toBe(true);
    }
    expect(bankHolidaysBetween('2028-01-01', '2028-12-31')).toHaveLength(8);
    expect(isBankHoliday('2027-03-30')).toBe(false);
  });
});

describe('her hours', () => {
  it('by default are the opening hours, less the bank holidays', () => {
    expect(startsOn('2026-12-24')).toHaveLength(25);
    expect(startsOn('2026-12-25')).toEqual([]);
    // Thursday 24 December's evening ends at 21:00: nothing of it runs into Christmas Day.
    expect(startsOn('2026-12-24').at(-1)).toBe('20:00');
  });

  it('keep Friday evening past midnight only while Friday is open', () => {
    expect(startsOn('2027-03-06')[0]).toBe('00:00'); // Friday 5 March's last start
    const fridayOff = {
      ...DEFAULT_WORKING_HOURS,
      weekdays: { ...DEFAULT_WORKING_HOURS.weekdays, Friday: null },
    };
    expect(startsOn('2027-03-06', fridayOff)[0]).toBe('08:00');
  });

  it('read a latest start after midnight as the same evening', () => {
    const late = { ...DEFAULT_WORKING_HOURS, latestStart: '00:00' };
    expect(startsOn('2027-03-06', late)[0]).toBe('00:00');
    const early = { ...DEFAULT_WORKING_HOURS, latestStart: '23:00' };
    expect(startsOn('2027-03-06', early)[0]).toBe('08:00');
    expect(startsOn('2027-03-05', early).at(-1)).toBe('23:00');
  });

  it('answer one start the same way as the list', () => {
    const working = {
      ...DEFAULT_WORKING_HOURS,
      weeklyBlocks: [{ day: 'Wednesday' as const, start: '12:00', end: '13:00' }],
    };
    const query = { hours, working, serviceMinutes: 50 };
    expect(withinHerHours(query, new Date('2027-03-03T11:00:00Z'))).toBe(true);
    expect(withinHerHours(query, new Date('2027-03-03T11:30:00Z'))).toBe(false);
    expect(withinHerHours(query, new Date('2027-03-03T13:00:00Z'))).toBe(true);
    expect(withinHerHours(query, new Date('2027-03-03T13:15:00Z'))).toBe(false); // off the grid
  });

  it('are refused outside the opening hours, by the day', () => {
    const errors = workingHoursErrors(
      {
        ...DEFAULT_WORKING_HOURS,
        weekdays: {
          ...DEFAULT_WORKING_HOURS.weekdays,
          Sunday: { start: '08:00', end: '12:00' },
          Friday: { start: '09:00', end: '00:30' },
        },
      },
      hours,
    );
    expect(errors).toEqual([
      {
        field: 'weekdays.Sunday',
        detail: "Sunday's hours must be within the practice's opening hours, 09:00 to 22:00.",
      },
    ]);
  });
});
