// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { planCoverSentence, sessionSharePence, sessionsInPeriod } from './billing';

const tuesdays = {
  firstStart: new Date('2026-12-01T18:00:00Z'),
  localTime: '18:00',
  everyWeeks: 1 as const,
};

describe('the billing rule of a standing series', () => {
  it('a month holds the sessions that start in it: five Tuesdays in December 2026, four in January', () => {
    const december = {
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    };
    const january = {
      start: new Date('2027-01-01T00:00:00Z'),
      end: new Date('2027-02-01T00:00:00Z'),
    };
    expect(sessionsInPeriod(tuesdays, december).map((d) => d.toISOString().slice(0, 10))).toEqual([
      '2026-12-01',
      '2026-12-08',
      '2026-12-15',
      '2026-12-22',
      '2026-12-29',
    ]);
    expect(sessionsInPeriod(tuesdays, january)).toHaveLength(4);
    // Across the spring clock change the wall-clock time stays 18:00 (17:00 UTC).
    const april = sessionsInPeriod(tuesdays, {
      start: new Date('2027-03-25T00:00:00Z'),
      end: new Date('2027-04-08T00:00:00Z'),
    });
    expect(april.map((d) => d.toISOString())).toEqual([
      '2027-03-30T17:00:00.000Z',
      '2027-04-06T17:00:00.000Z',
    ]);
    // Fortnightly: two or three.
    const fortnightly = { ...tuesdays, everyWeeks: 2 as const };
    expect(sessionsInPeriod(fortnightly, december)).toHaveLength(3);
    expect(sessionsInPeriod(fortnightly, january)).toHaveLength(2);
    // Nothing before the first session.
    expect(
      sessionsInPeriod(tuesdays, {
        start: new Date('2026-11-01T00:00:00Z'),
        end: new Date('2026-12-01T00:00:00Z'),
      }),
    ).toEqual([]);
  });

  it('each session is its share of the payment, and a month’s shares add up to the payment exactly', () => {
    const five = sessionsInPeriod(tuesdays, {
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
    expect(five.map((start) => sessionSharePence(24000, five, start))).toEqual([
      4800, 4800, 4800, 4800, 4800,
    ]);
    const three = five.slice(0, 3);
    const shares = three.map((start) => sessionSharePence(10000, three, start));
    expect(shares).toEqual([3333, 3333, 3334]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(10000);
    expect(sessionSharePence(24000, five, new Date('2026-12-02T18:00:00Z'))).toBe(0);
  });

  it('states the rule from the plan’s numbers', () => {
    expect(planCoverSentence({ sessionsPerMonth: 4 })).toBe(
      'Each monthly payment covers every session in its month: 4 in most months, 5 in a month that holds 5, for the same price.',
    );
    expect(planCoverSentence({ sessionsPerMonth: 2 })).toContain(
      '2 in most months, 3 in a month that holds 3',
    );
  });
});
