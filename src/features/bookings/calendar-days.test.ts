import { BOOKING_RULES } from '../../../shared/booking-rules';
import {
  byPartOfDay,
  dayName,
  firstFreeSlot,
  freeTimesText,
  horizonDays,
  partOfDay,
} from './calendar-days';

const slot = (start: string) => ({ start, end: start });

describe('horizonDays', () => {
  it('lists every date of the horizon, each with its own free times in order', () => {
    const days = horizonDays('2026-03-23', [
      slot('2026-03-25T14:00:00.000Z'),
      slot('2026-03-25T09:00:00.000Z'),
      slot('2026-04-01T08:00:00.000Z'), // 09:00 in London: summer time from 29 March
    ]);
    expect(days).toHaveLength(BOOKING_RULES.horizonDays);
    expect(days[0]!.date).toBe('2026-03-23');
    expect(days.at(-1)!.date).toBe('2026-05-17');
    expect(days.filter((day) => day.slots.length > 0).map((day) => day.date)).toEqual([
      '2026-03-25',
      '2026-04-01',
    ]);
    expect(days[2]!.slots.map((s) => s.start)).toEqual([
      '2026-03-25T09:00:00.000Z',
      '2026-03-25T14:00:00.000Z',
    ]);
  });

  it('puts a time on its London date (23:30 UTC in summer is the next day in London)', () => {
    const days = horizonDays('2026-06-01', [slot('2026-06-02T23:30:00.000Z')], 7);
    expect(days.find((day) => day.slots.length > 0)?.date).toBe('2026-06-03');
  });

  it('leaves out times before today or after the horizon', () => {
    const days = horizonDays(
      '2026-06-01',
      [slot('2026-05-31T10:00:00.000Z'), slot('2026-06-09T10:00:00.000Z')],
      7,
    );
    expect(days.every((day) => day.slots.length === 0)).toBe(true);
  });
});

describe('firstFreeSlot', () => {
  it('is the earliest time of the first day that has any', () => {
    const days = horizonDays('2026-06-01', [
      slot('2026-06-05T15:00:00.000Z'),
      slot('2026-06-04T16:00:00.000Z'),
      slot('2026-06-04T07:30:00.000Z'),
    ]);
    expect(firstFreeSlot(days)?.start).toBe('2026-06-04T07:30:00.000Z');
  });

  it('is undefined when no day has a time', () => {
    expect(firstFreeSlot(horizonDays('2026-06-01', []))).toBeUndefined();
  });
});

describe('byPartOfDay', () => {
  it('groups a day by London time: morning before 12, afternoon before 17, then evening', () => {
    const groups = byPartOfDay([
      slot('2026-06-04T07:00:00.000Z'), // 08:00
      slot('2026-06-04T10:30:00.000Z'), // 11:30
      slot('2026-06-04T11:00:00.000Z'), // 12:00
      slot('2026-06-04T15:30:00.000Z'), // 16:30
      slot('2026-06-04T16:00:00.000Z'), // 17:00
    ]);
    expect(groups.map(({ part, slots }) => [part, slots.length])).toEqual([
      ['Morning', 2],
      ['Afternoon', 2],
      ['Evening', 1],
    ]);
  });

  it('leaves out empty parts, and names times after midnight the early hours', () => {
    expect(partOfDay('2026-06-05T23:30:00.000Z')).toBe('Early hours'); // 00:30 Saturday
    expect(byPartOfDay([slot('2026-06-04T18:00:00.000Z')]).map((group) => group.part)).toEqual([
      'Evening',
    ]);
  });
});

describe('words', () => {
  it('names days and counts times in full', () => {
    expect(dayName('2026-04-07')).toBe('Tuesday 7 April');
    expect(freeTimesText(0)).toBe('no free times');
    expect(freeTimesText(1)).toBe('1 free time');
    expect(freeTimesText(3)).toBe('3 free times');
  });
});
