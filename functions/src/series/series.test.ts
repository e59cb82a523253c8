import { sql } from 'kysely';
import { practiceAddressLine } from '../../../shared/practice';
import { rollSeries } from './roll-series';
import { createAccount, type TestAccount } from '../testing/accounts';
import { useApiStack } from '../testing/api-stack';
import { expandStarts as expand } from '../testing/calendar-rules';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';

const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const DAY = 86_400_000;
const PRACTICE_EMAIL = 'diary@practice.test';

/** A property of the file's first event (not of its VTIMEZONE). */
const property = (calendar: string | undefined, name: string) =>
  new RegExp(`^${name}[;:](.*)$`, 'm')
    .exec((calendar ?? '').split('BEGIN:VEVENT')[1] ?? '')?.[1]
    ?.trim();

const { client, other, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  other: { name: 'Ben Client' },
  practitioner: { practitioner: true },
});
const racers: TestAccount[] = await Promise.all(Array.from({ length: 30 }, () => createAccount()));

describe.each(DATABASE_KINDS)('standing series on %s', (kind) => {
  let clock = NOW;
  const { db, api, request, mailTo } = useApiStack(kind, {
    now: () => clock,
    practiceEmail: PRACTICE_EMAIL,
    beforeEach: () => (clock = NOW),
  });
  const requestSeries = (who: TestAccount, start: string, serviceId = 1) =>
    request('POST', '/series', who, {
      serviceId,
      start,
      note: 'Evenings suit me.',
      // A family's series comes with another adult (participants/).
      ...(serviceId === 3 && {
        participants: [{ name: 'Gran Adult', email: `gran-${who.email}` }],
      }),
    });
  const roll = () =>
    rollSeries({ db, services: api.outbox.services, reactions: api.context.reactions }, clock);

  it('books the same London time every week across the spring change, as one request', async () => {
    // Tuesday 18:00 GMT on 16 March; from 30 March it is 18:00 BST, an hour earlier in UTC.
    const answer = await requestSeries(client, '2027-03-16T18:00:00Z');
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({
      serviceId: 1,
      everyWeeks: 1,
      status: 'requested',
      weekday: 'Tuesday',
      time: '18:00',
      skipped: [],
    });
    expect(answer.json.sessions.map((each: { start: string }) => each.start)).toEqual([
      '2027-03-16T18:00:00.000Z',
      '2027-03-23T18:00:00.000Z',
      '2027-03-30T17:00:00.000Z',
      '2027-04-06T17:00:00.000Z',
      '2027-04-13T17:00:00.000Z',
      '2027-04-20T17:00:00.000Z',
    ]);
    const practice = await mailTo(PRACTICE_EMAIL, /^New series request/);
    expect(practice.text).toContain('Weekly, Tuesdays 18:00, from 16 March, 6 sessions');
    await mailTo(client.email, /^We have your request/);
    // The series is one open request: two one-off requests still fit under the limit of 3.
    expect(
      (await request('POST', '/bookings', client, { serviceId: 1, start: '2027-03-10T10:00:00Z' }))
        .status,
    ).toBe(201);
    expect(
      (await request('POST', '/bookings', client, { serviceId: 1, start: '2027-03-10T12:00:00Z' }))
        .status,
    ).toBe(201);
    const fourth = await requestSeries(client, '2027-03-11T10:00:00Z');
    expect(fourth.status).toBe(429);
    const mine = await request('GET', '/series', client);
    expect(mine.json.series).toHaveLength(1);
    expect((await request('GET', '/series', other)).json.series).toEqual([]);
    const bookings = (await request('GET', '/bookings', client)).json.bookings;
    expect(
      bookings.filter((each: { seriesId: string | null }) => each.seriesId === answer.json.id),
    ).toHaveLength(6);
  });

  it('the confirmation says where: the practice only, to a client who chose in person', async () => {
    const { json: series } = await requestSeries(client, '2027-03-09T10:00:00Z');
    await request('POST', `/series/${series.id}/confirm`, practitioner);
    const email = await mailTo(client.email, /^Your sessions are confirmed/);
    expect(email.text).toContain(`Where: ${practiceAddressLine}\n`);
    expect(email.text).not.toMatch(/^Where: .*or by video/m);
  });

  it('keeps the London time across the autumn change too (the UTC instant moves back)', async () => {
    // Thursday 18:00 BST on 21 October is 17:00 UTC; from 4 November, 18:00 GMT is 18:00 UTC.
    clock = new Date('2027-10-18T09:00:00Z');
    const answer = await requestSeries(client, '2027-10-21T17:00:00Z');
    expect(answer.status).toBe(201);
    expect(answer.json.time).toBe('18:00');
    expect(answer.json.sessions.slice(0, 3).map((each: { start: string }) => each.start)).toEqual([
      '2027-10-21T17:00:00.000Z',
      '2027-10-28T17:00:00.000Z',
      '2027-11-04T18:00:00.000Z',
    ]);
    await request('POST', `/series/${answer.json.id}/confirm`, practitioner);
    const email = await mailTo(client.email, /^Your sessions are confirmed/);
    const held = answer.json.sessions.map((each: { start: string }) => each.start);
    expect(expand(email.calendar?.content ?? '', new Date(held.at(-1)))).toEqual(held);
  });

  it('skips a week that is not free, names it, and refuses a taken first session (409)', async () => {
    await request('POST', '/practice/blocks', practitioner, {
      start: '2027-03-23T00:00:00Z',
      end: '2027-03-24T00:00:00Z',
      reason: 'Away',
    });
    const taken = await request('POST', '/bookings', other, {
      serviceId: 1,
      start: '2027-04-06T09:00:00Z',
    });
    expect(taken.status).toBe(201);
    const fortnightly = await requestSeries(client, '2027-03-09T10:00:00Z', 3);
    expect(fortnightly.status).toBe(201);
    expect(fortnightly.json.everyWeeks).toBe(2);
    expect(fortnightly.json.sessions.map((each: { start: string }) => each.start)).toEqual([
      '2027-03-09T10:00:00.000Z',
      '2027-04-20T09:00:00.000Z',
    ]);
    expect(fortnightly.json.skipped).toEqual([
      '2027-03-23T10:00:00.000Z',
      '2027-04-06T09:00:00.000Z',
    ]);
    const weekly = await requestSeries(other, '2027-03-09T10:00:00Z');
    expect(weekly.status).toBe(409);
    expect((await requestSeries(other, '2027-03-11T10:00:00Z', 5)).status).toBe(400);
    expect((await requestSeries(other, '2027-03-01T10:00:00Z')).status).toBe(422);
  });

  it('confirmed: one calendar event whose RRULE expands to exactly the sessions held', async () => {
    await request('POST', '/practice/blocks', practitioner, {
      start: '2027-03-29T00:00:00Z',
      end: '2027-03-30T00:00:00Z',
    });
    const { json: series } = await requestSeries(client, '2027-03-08T16:00:00Z');
    expect(series.skipped).toEqual(['2027-03-29T15:00:00.000Z']);
    const diary = await request('GET', '/practice/bookings', practitioner);
    expect(diary.json.seriesRequests.map((each: { id: string }) => each.id)).toEqual([series.id]);
    expect((await request('POST', `/series/${series.id}/confirm`, client)).status).toBe(403);
    const confirmed = await request('POST', `/series/${series.id}/confirm`, practitioner);
    expect(confirmed.status).toBe(200);
    expect(
      confirmed.json.sessions.every((each: { status: string }) => each.status === 'confirmed'),
    ).toBe(true);
    const email = await mailTo(client.email, /^Your sessions are confirmed/);
    // No intake yet: the confirmation asks for it before the first session.
    expect(email.text).toContain(
      'please fill in your details and the therapy agreement: http://site.test/account/intake',
    );
    const calendar = email.calendar?.content;
    expect(property(calendar, 'RRULE')).toBe('FREQ=WEEKLY;INTERVAL=1');
    expect(property(calendar, 'DTSTART')).toBe('TZID=Europe/London:20270308T160000');
    expect(calendar).toContain('BEGIN:VTIMEZONE');
    const held = confirmed.json.sessions.map((each: { start: string }) => each.start);
    expect(expand(calendar ?? '', new Date(held.at(-1)))).toEqual(held);
  });

  it('move and skip one session; the calendar updates carry RECURRENCE-ID; then end the series', async () => {
    const { json: series } = await requestSeries(client, '2027-03-09T10:00:00Z');
    await request('POST', `/series/${series.id}/confirm`, practitioner);
    await mailTo(client.email, /^Your sessions are confirmed/);
    const [first, second, third] = series.sessions;

    // Move the second (16 March 10:00) to Wednesday 17 March 14:00.
    const moved = await request('POST', `/bookings/${second.id}/move`, client, {
      start: '2027-03-17T14:00:00Z',
    });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({
      id: second.id,
      start: '2027-03-17T14:00:00.000Z',
      end: '2027-03-17T14:50:00.000Z',
      status: 'confirmed',
      seriesId: series.id,
    });
    const update = await mailTo(client.email, /^Your session has moved/);
    expect(property(update.calendar?.content, 'RECURRENCE-ID')).toBe(
      'TZID=Europe/London:20270316T100000',
    );
    expect(property(update.calendar?.content, 'SEQUENCE')).toBe('1');
    expect(property(update.calendar?.content, 'UID')).toBe(`${series.id}@practice.test`);
    await mailTo(PRACTICE_EMAIL, /^Session moved/);
    const clash = await request('POST', '/bookings', other, {
      serviceId: 1,
      start: '2027-03-18T10:00:00Z',
    });
    expect(clash.status).toBe(201);
    expect(
      (
        await request('POST', `/bookings/${third.id}/move`, client, {
          start: '2027-03-18T10:00:00Z',
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await request('POST', `/bookings/${third.id}/move`, other, {
          start: '2027-03-19T10:00:00Z',
        })
      ).status,
    ).toBe(403);

    // Skip the third; within 24 hours of the first, the client can neither move nor skip it.
    expect((await request('POST', `/bookings/${third.id}/cancel`, client)).status).toBe(200);
    const skipped = await mailTo(client.email, /^You cancelled/);
    expect(skipped.calendar?.content).toContain('METHOD:CANCEL');
    expect(property(skipped.calendar?.content, 'RECURRENCE-ID')).toBe(
      'TZID=Europe/London:20270323T100000',
    );
    clock = new Date('2027-03-08T11:00:00Z');
    const late = await request('POST', `/bookings/${first.id}/move`, client, {
      start: '2027-03-12T10:00:00Z',
    });
    expect(late.status).toBe(422);
    expect(late.json.detail).toMatch(/until 24 hours before/);
    // The practitioner keeps no notice period.
    expect(
      (
        await request('POST', `/practice/bookings/${first.id}/move`, practitioner, {
          start: '2027-03-09T10:30:00Z',
        })
      ).status,
    ).toBe(200);

    // End: sessions more than 24 hours ahead are cancelled, the one tomorrow stays.
    const ended = await request('POST', `/series/${series.id}/end`, client);
    expect(ended.status).toBe(200);
    expect(ended.json.status).toBe('ended');
    const statuses = ended.json.sessions.map((each: { start: string; status: string }) => [
      each.start,
      each.status,
    ]);
    expect(statuses[0]).toEqual(['2027-03-09T10:30:00.000Z', 'confirmed']);
    expect(statuses.slice(1).every(([, status]: string[]) => status === 'cancelled')).toBe(true);
    const endEmail = await mailTo(client.email, /^Your sessions have ended/);
    expect(property(endEmail.calendar?.content, 'RRULE')).toMatch(/UNTIL=/);
    await mailTo(PRACTICE_EMAIL, /^Series ended/);
    expect((await request('POST', `/series/${series.id}/end`, client)).status).toBe(409);
  });

  it('rolls forward a week at a time, once, however often and however concurrently it runs', async () => {
    const { json: series } = await requestSeries(client, '2027-03-02T10:00:00Z');
    await request('POST', `/series/${series.id}/confirm`, practitioner);
    expect(series.sessions).toHaveLength(8);
    clock = new Date(NOW.getTime() + 7 * DAY);
    await request('POST', '/practice/blocks', practitioner, {
      start: '2027-05-04T00:00:00Z',
      end: '2027-05-05T00:00:00Z',
    });
    const runs = await Promise.all([roll(), roll(), roll()]);
    expect(runs.reduce((sum, run) => sum + run.booked + run.skipped, 0)).toBe(1);
    expect(await roll()).toEqual({ booked: 0, skipped: 0 });
    clock = new Date(NOW.getTime() + 14 * DAY);
    expect(await roll()).toEqual({ booked: 0, skipped: 1 });
    const mine = (await request('GET', '/series', client)).json.series[0];
    expect(mine.skipped).toEqual(['2027-05-04T09:00:00.000Z']);
    expect(mine.sessions.map((each: { status: string }) => each.status)).toEqual(
      Array(9).fill('confirmed'),
    );
    await api.runOutbox(); // as the scheduled run does after the rolling job
    const told = await mailTo(client.email, /^A week is not free/);
    expect(told.calendar?.content).toContain('METHOD:CANCEL');
    expect(property(told.calendar?.content, 'RECURRENCE-ID')).toBe(
      'TZID=Europe/London:20270504T100000',
    );
    await mailTo(PRACTICE_EMAIL, /^A week is not free/);
  });

  it('30 clients racing for series that meet in one week: the database holds no overlap', async () => {
    // Each asks for Thursdays 10:00 (weekly or fortnightly) from a different week: they meet later.
    const answers = await Promise.all(
      racers.map((racer, index) =>
        requestSeries(
          racer,
          new Date(Date.UTC(2027, 2, 4 + 7 * (index % 5), 10)).toISOString(),
          index % 2 === 0 ? 1 : 3,
        ),
      ),
    );
    expect(answers.every((answer) => [201, 409].includes(answer.status))).toBe(true);
    expect(answers.filter((answer) => answer.status === 201).length).toBeGreaterThan(0);
    const overlaps = await sql<{ count: string }>`
      select count(*) as count from bookings a join bookings b
        on a.id < b.id and a.during && b.during
      where a.status in ('requested', 'confirmed') and b.status in ('requested', 'confirmed')`.execute(
      db,
    );
    expect(Number(overlaps.rows[0]?.count)).toBe(0);
  });

  it('answers hostile bodies with 400 or 422, never a 500', async () => {
    const bodies = [
      null,
      [],
      'x',
      { serviceId: '1', start: '2027-03-09T10:00:00Z' },
      { serviceId: 1, start: 'tomorrow' },
      { serviceId: 1, start: '2027-02-30T10:00:00Z' },
      { serviceId: 99, start: '2027-03-09T10:00:00Z' },
      { serviceId: 1, start: '2027-03-09T10:00:00Z', note: 'x'.repeat(501) },
      { serviceId: 1, start: '2027-03-09T10:07:00Z' },
    ];
    for (const body of bodies) {
      const answer = await request('POST', '/series', client, body);
      expect([400, 422], JSON.stringify(body)).toContain(answer.status);
    }
    const { json: booking } = await request('POST', '/bookings', client, {
      serviceId: 1,
      start: '2027-03-10T10:00:00Z',
    });
    for (const body of [
      {},
      { start: 5 },
      { start: '2027-03-10T10:07:00Z' },
      { start: '2027-13-01T10:00:00Z' },
    ]) {
      const answer = await request('POST', `/bookings/${booking.id}/move`, client, body);
      expect([400, 422], JSON.stringify(body)).toContain(answer.status);
    }
  });
});
