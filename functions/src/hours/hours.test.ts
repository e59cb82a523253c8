import { rollSeries } from '../series';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS, emptyTables } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';

const NOW = new Date('2026-12-07T09:00:00Z'); // a Monday; GMT until March
const PRACTICE_EMAIL = 'diary@practice.test';

/** The practice's opening hours every day, as her hours would be written: the defaults. */
const OPENING = {
  Monday: { start: '08:00', end: '21:00' },
  Tuesday: { start: '08:00', end: '21:00' },
  Wednesday: { start: '08:00', end: '21:00' },
  Thursday: { start: '08:00', end: '21:00' },
  Friday: { start: '08:00', end: '01:00' },
  Saturday: { start: '08:00', end: '01:00' },
  Sunday: { start: '09:00', end: '22:00' },
};
const DEFAULTS = {
  weekdays: OPENING,
  latestStart: null,
  weeklyBlocks: [],
  daysOff: [],
  openBankHolidays: [],
};

/** "HH:MM" starts, in UTC (which is London time in December). */
const times = (...list: string[]) => list;
const halfHours = (from: string, through: string) => {
  const found: string[] = [];
  for (let minutes = toMinutes(from); minutes <= toMinutes(through); minutes += 30) {
    found.push(
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 ? '30' : '00'}`,
    );
  }
  return found;
};
const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

const { client, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  practitioner: { practitioner: true },
});

describe.each(DATABASE_KINDS)('her hours on %s', (kind) => {
  let clock = NOW;
  const { db, api, sent, request } = useApiStack(kind, {
    now: () => clock,
    practiceEmail: PRACTICE_EMAIL,
    beforeEach: () => (clock = NOW),
  });
  const putHours = (hours: unknown) => request('PUT', '/practice/hours', practitioner, hours);
  /** The starts offered on one London date for a 50-minute session, as "HH:MM" (UTC). */
  const offered = async (date: string, serviceId = 1) => {
    const answer = await request('GET', `/availability?service=${serviceId}&from=${date}&days=1`);
    expect(answer.status).toBe(200);
    return (answer.json.slots as { start: string }[])
      .filter((slot) => slot.start.startsWith(date))
      .map((slot) => slot.start.slice(11, 16));
  };
  const roll = () =>
    rollSeries({ db, services: api.outbox.services, reactions: api.context.reactions }, clock);
  const seriesOf = async () => {
    const answer = await request('GET', '/series', client);
    expect(answer.status).toBe(200);
    const [series] = answer.json.series;
    return {
      sessions: (series.sessions as { start: string; status: string }[])
        .filter((session) => session.status !== 'cancelled')
        .map((session) => session.start),
      skipped: series.skipped as string[],
    };
  };

  it('answers the defaults and the coming bank holidays, to the practitioner alone', async () => {
    const answer = await request('GET', '/practice/hours', practitioner);
    expect(answer.status).toBe(200);
    expect(answer.json.hours).toEqual(DEFAULTS);
    expect(answer.json.bankHolidays).toEqual(
      expect.arrayContaining([
        { date: '2026-12-25', name: 'Christmas Day' },
        { date: '2027-03-29', name: 'Easter Monday' },
      ]),
    );
    expect((await request('GET', '/practice/hours', client)).status).toBe(403);
    expect((await request('PUT', '/practice/hours', client, DEFAULTS)).status).toBe(403);
  });

  it('does not offer Christmas Day by default, and offers the day before it', async () => {
    expect(await offered('2026-12-25')).toEqual([]);
    expect(await offered('2026-12-24')).toEqual(halfHours('08:00', '20:00'));
    const booking = await request('POST', '/bookings', client, {
      serviceId: 1,
      start: '2026-12-25T10:00:00Z',
      note: '',
    });
    expect(booking.status).toBe(422);
  });

  it.each([
    {
      rule: 'working hours (Monday 09:00 to 17:00)',
      hours: { weekdays: { ...OPENING, Monday: { start: '09:00', end: '17:00' } } },
      date: '2026-12-14',
      removed: times('08:00', '08:30', ...halfHours('16:30', '20:00')),
    },
    {
      rule: 'a latest start of 17:00',
      hours: { latestStart: '17:00' },
      date: '2026-12-15',
      removed: halfHours('17:30', '20:00'),
    },
    {
      rule: 'a weekly block (Wednesday 12:00 to 13:00)',
      hours: {
        weeklyBlocks: [{ day: 'Wednesday', start: '12:00', end: '13:00', label: 'Supervision' }],
      },
      date: '2026-12-16',
      // A 50-minute session and its 10-minute break may not run into the block.
      removed: times('11:30', '12:00', '12:30'),
    },
    {
      rule: 'a day off',
      hours: { daysOff: ['2026-12-17'] },
      date: '2026-12-17',
      removed: halfHours('08:00', '20:00'),
    },
  ])('$rule removes exactly its times from availability', async ({ hours, date, removed }) => {
    const before = await offered(date);
    const nextWeek = await offered(`2026-12-${Number(date.slice(8)) + 7}`);
    const saved = await putHours({ ...DEFAULTS, ...hours });
    expect(saved.status).toBe(200);
    expect(saved.json.hours).toMatchObject(hours);
    const after = await offered(date);
    expect(before.filter((start) => !after.includes(start))).toEqual(removed);
    expect(after.every((start) => before.includes(start))).toBe(true);
    // A day off is that date alone; the weekly rules hold the next week too.
    const nextWeekAfter = await offered(`2026-12-${Number(date.slice(8)) + 7}`);
    if ('daysOff' in hours) expect(nextWeekAfter).toEqual(nextWeek);
    else expect(nextWeek.filter((start) => !nextWeekAfter.includes(start))).toEqual(removed);
    // A request for a removed time is refused; one for a kept time is not.
    const refused = await request('POST', '/bookings', client, {
      serviceId: 1,
      start: `${date}T${removed[0]}:00Z`,
      note: '',
    });
    expect(refused.status).toBe(422);
  });

  it('closes the substitute bank holiday until she opens it, and then it is bookable', async () => {
    expect(await offered('2026-12-28')).toEqual([]);
    const saved = await putHours({ ...DEFAULTS, openBankHolidays: ['2026-12-28'] });
    expect(saved.status).toBe(200);
    expect(await offered('2026-12-28')).toEqual(halfHours('08:00', '20:00'));
    expect(await offered('2026-12-25')).toEqual([]);
    const booking = await request('POST', '/bookings', client, {
      serviceId: 1,
      start: '2026-12-28T10:00:00Z',
      note: '',
    });
    expect(booking.status).toBe(201);
  });

  it('refuses a bad body with 422 and a sentence naming the field, and keeps what was saved', async () => {
    expect((await putHours({ ...DEFAULTS, daysOff: ['2026-12-17'] })).status).toBe(200);
    const outside = await putHours({
      ...DEFAULTS,
      weekdays: { ...OPENING, Monday: { start: '07:00', end: '17:00' } },
    });
    expect(outside.status).toBe(422);
    expect(outside.contentType).toContain('application/problem+json');
    expect(outside.json.detail).toBe(
      `Check "weekdays.Monday": Monday's hours must be within the practice's opening hours, 08:00 to 21:00.`,
    );
    expect(outside.json.errors).toEqual([
      {
        field: 'weekdays.Monday',
        detail: `Monday's hours must be within the practice's opening hours, 08:00 to 21:00.`,
      },
    ]);
    const badTime = await putHours({ ...DEFAULTS, latestStart: '5pm' });
    expect(badTime.status).toBe(422);
    expect(badTime.json.detail).toContain('"latestStart"');
    expect(badTime.json.detail).toContain('24-hour time');
    const badBlock = await putHours({
      ...DEFAULTS,
      weeklyBlocks: [{ day: 'Wednesday', start: '13:00', end: '12:00' }],
    });
    expect(badBlock.status).toBe(422);
    expect(badBlock.json.errors[0].field).toBe('weeklyBlocks.0');
    const badDate = await putHours({ ...DEFAULTS, daysOff: ['24/12/2026'] });
    expect(badDate.status).toBe(422);
    expect(badDate.json.errors[0].field).toBe('daysOff.0');
    const missing = await putHours({ weekdays: OPENING });
    expect(missing.status).toBe(422);
    expect(missing.json.detail).toContain('latestStart');
    const kept = await request('GET', '/practice/hours', practitioner);
    expect(kept.json.hours.daysOff).toEqual(['2026-12-17']);
  });

  it('skips Christmas Day in a fortnightly series, and a day off in a weekly one', async () => {
    // Family Therapy is fortnightly: Friday 11 December, then 25 December (closed), 8 January…
    const fortnightly = await request('POST', '/series', client, {
      serviceId: 3,
      start: '2026-12-11T10:00:00Z',
      note: '',
      participants: [{ name: 'Gran Adult', email: 'gran.adult@example.test' }],
    });
    expect(fortnightly.status).toBe(201);
    expect(fortnightly.json.skipped).toEqual(['2026-12-25T10:00:00.000Z']);
    expect(fortnightly.json.sessions.map((session: { start: string }) => session.start)).toEqual([
      '2026-12-11T10:00:00.000Z',
      '2027-01-08T10:00:00.000Z',
      '2027-01-22T10:00:00.000Z',
    ]);

    await emptyTables(db);
    expect((await putHours({ ...DEFAULTS, daysOff: ['2026-12-22'] })).status).toBe(200);
    const weekly = await request('POST', '/series', client, {
      serviceId: 1,
      start: '2026-12-08T10:00:00Z',
      note: '',
    });
    expect(weekly.status).toBe(201);
    // 29 December is no bank holiday in 2026 (the 28th is Boxing Day's substitute).
    expect(weekly.json.skipped).toEqual(['2026-12-22T10:00:00.000Z']);
    expect(weekly.json.sessions).toHaveLength(7);
  });

  it('refuses a series whose first session is outside her hours or in a weekly block', async () => {
    await putHours({
      ...DEFAULTS,
      weeklyBlocks: [{ day: 'Tuesday', start: '10:00', end: '11:00' }],
      latestStart: '17:00',
    });
    for (const start of ['2026-12-08T10:00:00Z', '2026-12-08T18:00:00Z']) {
      const answer = await request('POST', '/series', client, { serviceId: 1, start, note: '' });
      expect(answer.status).toBe(422);
    }
    const fine = await request('POST', '/series', client, {
      serviceId: 1,
      start: '2026-12-08T14:00:00Z',
      note: '',
    });
    expect(fine.status).toBe(201);
  });

  it('the rolling job skips exactly the weeks her hours close, and says so', async () => {
    const created = await request('POST', '/series', client, {
      serviceId: 1,
      start: '2026-12-08T10:00:00Z',
      note: '',
    });
    expect(created.status).toBe(201);
    expect(created.json.skipped).toEqual([]);
    const week = async (at: string, hours: object) => {
      clock = new Date(at);
      expect((await putHours({ ...DEFAULTS, ...hours })).status).toBe(200);
      return roll();
    };
    // Each week the horizon moves on by one Tuesday; each rule closes that Tuesday at 10:00.
    expect(await week('2026-12-14T09:00:00Z', {})).toEqual({ booked: 1, skipped: 0 });
    expect(await week('2026-12-21T09:00:00Z', { daysOff: ['2027-02-09'] })).toEqual({
      booked: 0,
      skipped: 1,
    });
    expect(
      await week('2026-12-28T09:00:00Z', {
        weeklyBlocks: [{ day: 'Tuesday', start: '10:30', end: '11:30' }],
      }),
    ).toEqual({ booked: 0, skipped: 1 });
    expect(
      await week('2027-01-04T09:00:00Z', {
        weekdays: { ...OPENING, Tuesday: { start: '12:00', end: '20:00' } },
      }),
    ).toEqual({ booked: 0, skipped: 1 });
    expect(await week('2027-01-11T09:00:00Z', { latestStart: '09:30' })).toEqual({
      booked: 0,
      skipped: 1,
    });
    expect(await week('2027-01-18T09:00:00Z', {})).toEqual({ booked: 1, skipped: 0 });
    const series = await seriesOf();
    expect(series.skipped).toEqual([
      '2027-02-09T10:00:00.000Z',
      '2027-02-16T10:00:00.000Z',
      '2027-02-23T10:00:00.000Z',
      '2027-03-02T10:00:00.000Z',
    ]);
    expect(series.sessions).toContain('2027-02-02T10:00:00.000Z');
    expect(series.sessions).toContain('2027-03-09T10:00:00.000Z');
    await api.runOutbox(); // as the scheduled run does after the rolling job
    const told = sent.filter(
      (message) => message.to === client.email && /^A week is not free/.test(message.subject),
    );
    expect(told).toHaveLength(4);
  });

  it('the rolling job skips a bank holiday unless she opens it', async () => {
    clock = new Date('2027-02-15T09:00:00Z');
    // Mondays from 22 February: Easter Monday (29 March) is closed.
    const created = await request('POST', '/series', client, {
      serviceId: 1,
      start: '2027-02-22T10:00:00Z',
      note: '',
    });
    expect(created.status).toBe(201);
    expect(created.json.skipped).toEqual(['2027-03-29T09:00:00.000Z']);
    // Three weeks on, the horizon reaches the early May bank holiday (3 May) and the Monday after.
    clock = new Date('2027-03-15T09:00:00Z');
    expect((await putHours({ ...DEFAULTS, openBankHolidays: ['2027-05-31'] })).status).toBe(200);
    expect(await roll()).toEqual({ booked: 3, skipped: 1 });
    // Opened: the spring bank holiday (31 May) is booked like any Monday.
    clock = new Date('2027-04-05T09:00:00Z');
    expect(await roll()).toEqual({ booked: 3, skipped: 0 });
    const series = await seriesOf();
    expect(series.skipped).toEqual(['2027-03-29T09:00:00.000Z', '2027-05-03T09:00:00.000Z']);
    expect(series.sessions).toContain('2027-05-31T09:00:00.000Z');
  });
});
