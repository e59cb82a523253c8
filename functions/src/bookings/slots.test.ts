import { practiceFacts } from '../../../shared/practice';
import { availableSlots, candidateStarts, checkStart } from './slots';

const hours = practiceFacts.openingHours;
const at = (iso: string) => new Date(iso);
const iso = (dates: readonly { start: Date }[]) => dates.map((slot) => slot.start.toISOString());
const startsOn = (day: string, serviceMinutes: number, now: Date) =>
  candidateStarts({ hours, from: day, days: 1, serviceMinutes, now }).map((start) =>
    start.toISOString(),
  );

/** A week or more before the dates under test, so the 24-hour notice never interferes. */
const weekBefore = at('2027-03-01T12:00:00Z');

describe('slots on ordinary days', () => {
  it('offers a Thursday from 8am until the last session that ends by 9pm (GMT)', () => {
    const starts = startsOn('2027-03-04', 50, weekBefore);
    expect(starts[0]).toBe('2027-03-04T08:00:00.000Z');
    expect(starts.at(-1)).toBe('2027-03-04T20:00:00.000Z');
    expect(starts).toHaveLength(25);
  });

  it('runs Friday past midnight: the last start is at midnight and belongs to Saturday', () => {
    const friday = startsOn('2027-03-05', 50, weekBefore);
    expect(friday.at(-1)).toBe('2027-03-05T23:30:00.000Z');
    const saturday = startsOn('2027-03-06', 50, weekBefore);
    expect(saturday.slice(0, 2)).toEqual(['2027-03-06T00:00:00.000Z', '2027-03-06T08:00:00.000Z']);
    // Saturday's own evening runs past midnight into Sunday too.
    const sunday = startsOn('2027-03-07', 50, weekBefore);
    expect(sunday.slice(0, 2)).toEqual(['2027-03-07T00:00:00.000Z', '2027-03-07T09:00:00.000Z']);
    expect(sunday.at(-1)).toBe('2027-03-07T21:00:00.000Z');
  });

  it('lets no Sunday-to-Thursday evening run past midnight', () => {
    expect(startsOn('2027-03-05', 50, weekBefore)[0]).toBe('2027-03-05T08:00:00.000Z');
    expect(startsOn('2027-03-08', 50, weekBefore)[0]).toBe('2027-03-08T08:00:00.000Z');
  });

  it('keeps the whole session inside opening hours for a longer service', () => {
    expect(startsOn('2027-03-04', 75, weekBefore).at(-1)).toBe('2027-03-04T19:30:00.000Z');
  });
});

describe('the clock changes', () => {
  it('March: Saturday night closes at 1am GMT (the hour that is skipped), Sunday opens at 9am BST', () => {
    const saturday = startsOn('2027-03-27', 50, at('2027-03-20T12:00:00Z'));
    expect(saturday[0]).toBe('2027-03-27T00:00:00.000Z'); // Friday's evening, past midnight
    expect(saturday[1]).toBe('2027-03-27T08:00:00.000Z'); // 8am GMT
    expect(saturday.at(-1)).toBe('2027-03-27T23:30:00.000Z');
    const sunday = startsOn('2027-03-28', 50, at('2027-03-20T12:00:00Z'));
    // 00:00 GMT still belongs to Saturday's evening; 00:30 would end at 01:20 UTC, after closing.
    expect(sunday[0]).toBe('2027-03-28T00:00:00.000Z');
    expect(sunday[1]).toBe('2027-03-28T08:00:00.000Z'); // 9am BST
    expect(sunday.at(-1)).toBe('2027-03-28T20:00:00.000Z'); // 9pm BST, ends 9:50pm
    const monday = startsOn('2027-03-29', 50, at('2027-03-20T12:00:00Z'));
    expect(monday[0]).toBe('2027-03-29T07:00:00.000Z'); // 8am BST
  });

  it('October: Saturday night closes at the first 1am (BST), Sunday runs on GMT', () => {
    const now = at('2027-10-20T12:00:00Z');
    const saturday = startsOn('2027-10-30', 50, now);
    expect(saturday[0]).toBe('2027-10-29T23:00:00.000Z'); // Friday's evening: midnight BST
    expect(saturday[1]).toBe('2027-10-30T07:00:00.000Z'); // 8am BST
    expect(saturday.at(-1)).toBe('2027-10-30T22:30:00.000Z'); // 11:30pm BST
    const sunday = startsOn('2027-10-31', 50, now);
    expect(sunday[0]).toBe('2027-10-30T23:00:00.000Z'); // midnight BST, ends 00:50 BST
    expect(sunday[1]).toBe('2027-10-31T09:00:00.000Z'); // 9am GMT
    expect(sunday.at(-1)).toBe('2027-10-31T21:00:00.000Z'); // 9pm GMT
  });

  it('gives every day of a week that spans a change its own sessions, none twice', () => {
    const starts = candidateStarts({
      hours,
      from: '2027-10-25',
      days: 14,
      serviceMinutes: 50,
      now: at('2027-10-20T12:00:00Z'),
    });
    expect(new Set(starts.map(String)).size).toBe(starts.length);
    expect(starts.every((start, index) => index === 0 || start > starts[index - 1]!)).toBe(true);
  });
});

describe('breaks, bookings and blocks', () => {
  const thursday = { hours, from: '2027-03-04', days: 1, now: weekBefore };
  const booked = { start: at('2027-03-04T10:00:00Z'), end: at('2027-03-04T11:00:00Z') }; // 50 min + break

  it('keeps a 10-minute break after every session, before and after a booking', () => {
    const starts = iso(availableSlots({ ...thursday, serviceMinutes: 50, busy: [booked] }));
    expect(starts).toContain('2027-03-04T09:00:00.000Z'); // ends 9:50, break to 10:00
    expect(starts).not.toContain('2027-03-04T09:30:00.000Z');
    expect(starts).not.toContain('2027-03-04T10:00:00.000Z');
    expect(starts).not.toContain('2027-03-04T10:30:00.000Z');
    expect(starts).toContain('2027-03-04T11:00:00.000Z');
    const longer = iso(availableSlots({ ...thursday, serviceMinutes: 75, busy: [booked] }));
    expect(longer).toContain('2027-03-04T08:30:00.000Z'); // 8:30-9:45 + break to 9:55
    expect(longer).not.toContain('2027-03-04T09:00:00.000Z'); // break would run to 10:25
  });

  it('answers the end of each slot as the start plus the session, without the break', () => {
    const [first] = availableSlots({ ...thursday, serviceMinutes: 50, busy: [] });
    expect(first).toEqual({ start: at('2027-03-04T08:00:00Z'), end: at('2027-03-04T08:50:00Z') });
  });

  it('removes blocked time', () => {
    const dayOff = { start: at('2027-03-04T00:00:00Z'), end: at('2027-03-05T00:00:00Z') };
    expect(availableSlots({ ...thursday, serviceMinutes: 50, busy: [dayOff] })).toEqual([]);
    const afternoon = { start: at('2027-03-04T13:00:00Z'), end: at('2027-03-04T17:00:00Z') };
    const starts = iso(availableSlots({ ...thursday, serviceMinutes: 50, busy: [afternoon] }));
    expect(starts).toContain('2027-03-04T12:00:00.000Z');
    expect(starts).not.toContain('2027-03-04T12:30:00.000Z');
    expect(starts).toContain('2027-03-04T17:00:00.000Z');
  });
});

describe('the bookable window', () => {
  const now = at('2027-03-04T09:10:00Z');

  it('offers nothing sooner than 24 hours from now', () => {
    const starts = iso(
      availableSlots({
        hours,
        from: '2027-03-04',
        days: 2,
        serviceMinutes: 50,
        now,
        busy: [],
      }),
    );
    expect(starts).not.toContain('2027-03-05T09:00:00.000Z');
    expect(starts[0]).toBe('2027-03-05T09:30:00.000Z');
    const exactly = at('2027-03-04T09:30:00Z');
    expect(
      iso(
        availableSlots({
          hours,
          from: '2027-03-05',
          days: 1,
          serviceMinutes: 50,
          now: exactly,
          busy: [],
        }),
      )[0],
    ).toBe('2027-03-05T09:30:00.000Z');
  });

  it('offers nothing later than 8 weeks from now', () => {
    const exactly = at('2027-04-29T14:00:00Z'); // 8 weeks later is Thursday 29 April, 3pm BST
    const starts = iso(
      availableSlots({
        hours,
        from: '2027-06-24',
        days: 1,
        serviceMinutes: 50,
        now: exactly,
        busy: [],
      }),
    );
    expect(starts.at(-1)).toBe('2027-06-24T14:00:00.000Z');
    expect(
      availableSlots({
        hours,
        from: '2027-06-25',
        days: 7,
        serviceMinutes: 50,
        now: exactly,
        busy: [],
      }),
    ).toEqual([]);
  });
});

describe('checkStart', () => {
  const rules = { hours, serviceMinutes: 50, now: weekBefore, busy: [] };

  it('accepts an offered start and gives the session and its break', () => {
    expect(checkStart({ ...rules, start: at('2027-03-04T20:00:00Z') })).toEqual({
      ok: true,
      session: { start: at('2027-03-04T20:00:00Z'), end: at('2027-03-04T20:50:00Z') },
      busyUntil: at('2027-03-04T21:00:00Z'),
    });
    expect(checkStart({ ...rules, start: at('2027-03-06T00:00:00Z') }).ok).toBe(true);
  });

  it('names why a start cannot be requested', () => {
    expect(checkStart({ ...rules, start: at('2027-03-01T20:00:00Z') })).toEqual({
      ok: false,
      reason: 'too-soon',
    });
    expect(checkStart({ ...rules, start: at('2027-05-01T08:00:00Z') })).toEqual({
      ok: false,
      reason: 'too-far',
    });
    expect(checkStart({ ...rules, start: at('2027-03-04T20:30:00Z') })).toEqual({
      ok: false,
      reason: 'outside-hours',
    });
    expect(checkStart({ ...rules, start: at('2027-03-04T08:15:00Z') })).toEqual({
      ok: false,
      reason: 'outside-hours',
    });
    expect(checkStart({ ...rules, start: at('2027-03-04T07:30:00Z') })).toEqual({
      ok: false,
      reason: 'outside-hours',
    });
    const busy = [{ start: at('2027-03-04T10:00:00Z'), end: at('2027-03-04T11:00:00Z') }];
    expect(checkStart({ ...rules, busy, start: at('2027-03-04T09:30:00Z') })).toEqual({
      ok: false,
      reason: 'taken',
    });
  });
});
