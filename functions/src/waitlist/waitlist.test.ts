import { sql } from 'kysely';
import { lapseWaitlist } from './lapse';
import type { TestAccount } from '../testing/accounts';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import { bookAndConfirm } from '../testing/factories/bookings';

const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const DAY = 86_400_000;
const PRACTICE_EMAIL = 'diary@practice.test';
// Wednesday 10 March, 10:00 GMT: a Wednesday morning. Service 5 is one-off, 1 and 2 are weekly plans.
const WEDNESDAY_MORNING = '2027-03-10T10:00:00.000Z';

const { ada, ben, cai, dee, booker, unverified, practitioner } = await createAccounts({
  ada: { name: 'Ada Waiting' },
  ben: { name: 'Ben Waiting' },
  cai: { name: 'Cai Waiting' },
  dee: { name: 'Dee Waiting' },
  booker: { name: 'Bo Booker' },
  unverified: { verified: false },
  practitioner: { practitioner: true },
});

function expectProblem(
  answer: { status: number; contentType: string; json: unknown },
  status: number,
) {
  expect(answer.status).toBe(status);
  expect(answer.contentType).toMatch(/^application\/problem\+json/);
  expect((answer.json as { detail: string }).detail).toMatch(/\.$/);
}

describe.each(DATABASE_KINDS)('the waiting list on %s', (kind) => {
  let clock = NOW;
  const { db, api, sent, request } = useApiStack(kind, {
    now: () => clock,
    practiceEmail: PRACTICE_EMAIL,
    beforeEach: () => (clock = NOW),
  });
  const join = (who: TestAccount, body: object) => request('POST', '/waitlist', who, body);
  const offersTo = async () => {
    const rows = await db
      .selectFrom('messages')
      .select(['to_address', 'payload'])
      .where('kind', '=', 'waitlist-offer')
      .execute();
    return rows.map((row) => row.to_address).sort();
  };
  /** A session booked by `who` and confirmed by the practitioner; answers its id. */
  const confirmedSession = async (who: TestAccount, start: string, serviceId = 5) =>
    (await bookAndConfirm(request, who, practitioner, { serviceId, start })).id;
  const lapse = () =>
    lapseWaitlist({ db, services: api.outbox.services, practiceEmail: PRACTICE_EMAIL }, clock);

  it('offers a freed time to exactly the matching entries, once, through the outbox', async () => {
    const id = await confirmedSession(booker, WEDNESDAY_MORNING);
    const wanted = { days: ['Wednesday'], parts: ['morning'] };
    expect((await join(ada, { serviceId: 5, ...wanted })).status).toBe(201); // matches
    expect(
      (
        await join(ben, {
          serviceId: 2,
          days: ['Monday', 'Wednesday'],
          parts: ['morning', 'evening'],
        })
      ).status,
    ).toBe(201); // matches: 60 min fit
    expect(
      (await join(cai, { serviceId: 5, days: ['Wednesday'], parts: ['evening'] })).status,
    ).toBe(201); // wrong part
    expect((await join(dee, { serviceId: 5, days: ['Thursday'], parts: ['morning'] })).status).toBe(
      201,
    ); // wrong day
    // A standing entry waits for a series' weekly time, not a single session.
    expect((await join(unverified, { serviceId: 1, ...wanted })).status).toBe(403);
    const standing = await join(practitioner, { serviceId: 1, ...wanted, standing: true });
    expect(standing.status).toBe(201);

    expect(
      (await request('POST', `/practice/bookings/${id}/cancel`, practitioner, {})).status,
    ).toBe(200);
    expect(await offersTo()).toEqual([ada.email, ben.email].sort());

    await api.deliveryIdle();
    const offer = sent.find(
      (message) => message.to === ada.email && /freed up/.test(message.subject),
    );
    expect(offer?.subject).toBe(
      'A time has freed up: Bereavement and Grief, Wednesday, 10 March 2027 at 10:00 GMT',
    );
    expect(offer?.text).toContain('the first to book it gets it');
    expect(offer?.text).toContain(
      `http://site.test/checkout?service=5&day=2027-03-10&time=${WEDNESDAY_MORNING}`,
    );

    // Freed a second time (booked and cancelled again): nobody hears of it twice.
    const again = await confirmedSession(booker, WEDNESDAY_MORNING);
    expect(
      (await request('POST', `/practice/bookings/${again}/cancel`, practitioner, {})).status,
    ).toBe(200);
    expect(await offersTo()).toEqual([ada.email, ben.email].sort());
  });

  it('offers the old time of a move, a declined request and a removed block', async () => {
    expect(
      (await join(ada, { serviceId: 5, days: ['Wednesday'], parts: ['morning'] })).status,
    ).toBe(201);
    expect(
      (await join(ben, { serviceId: 5, days: ['Thursday'], parts: ['afternoon'] })).status,
    ).toBe(201);
    expect((await join(cai, { serviceId: 5, days: ['Friday'], parts: ['morning'] })).status).toBe(
      201,
    );

    const moving = await confirmedSession(booker, WEDNESDAY_MORNING);
    const moved = await request('POST', `/practice/bookings/${moving}/move`, practitioner, {
      start: '2027-03-10T15:00:00Z',
    });
    expect(moved.status).toBe(200);
    expect(await offersTo()).toEqual([ada.email]);

    const asked = await request('POST', '/bookings', dee, {
      serviceId: 5,
      start: '2027-03-11T14:00:00Z',
    });
    expect(
      (await request('POST', `/bookings/${asked.json.id}/decline`, practitioner, {})).status,
    ).toBe(200);
    expect(await offersTo()).toEqual([ada.email, ben.email].sort());

    const block = await request('POST', '/practice/blocks', practitioner, {
      start: '2027-03-12T08:00:00Z',
      end: '2027-03-12T12:00:00Z',
      reason: 'Training',
    });
    expect(block.status).toBe(201);
    expect(await offersTo()).toEqual([ada.email, ben.email].sort());
    const blockId = block.json.block?.id ?? block.json.id;
    expect((await request('DELETE', `/practice/blocks/${blockId}`, practitioner)).status).toBe(204);
    expect(await offersTo()).toEqual([ada.email, ben.email, cai.email].sort());
    const offered = await db.selectFrom('waitlist_offers').selectAll().execute();
    // Cai is offered the first start of the freed morning, 08:00 on Friday 12 March.
    expect(offered.map((row) => new Date(row.starts_at).toISOString())).toContain(
      '2027-03-12T08:00:00.000Z',
    );
  });

  it('offers an ended series’ weekly time to standing entries', async () => {
    // Tuesday 16 March 18:00 GMT, weekly.
    const series = await request('POST', '/series', booker, {
      serviceId: 1,
      start: '2027-03-16T18:00:00Z',
    });
    expect(series.status).toBe(201);
    expect((await request('POST', `/series/${series.json.id}/confirm`, practitioner)).status).toBe(
      200,
    );
    const evening = { days: ['Tuesday'], parts: ['evening'] };
    expect((await join(ada, { serviceId: 1, ...evening, standing: true })).status).toBe(201);
    expect((await join(ben, { serviceId: 5, ...evening })).status).toBe(201);
    expect(
      (await join(cai, { serviceId: 1, days: ['Tuesday'], parts: ['morning'], standing: true }))
        .status,
    ).toBe(201);
    expect(
      (await request('POST', `/practice/series/${series.json.id}/end`, practitioner)).status,
    ).toBe(200);
    expect(await offersTo()).toEqual([ada.email, ben.email].sort());
    await api.deliveryIdle();
    const offer = sent.find(
      (message) => message.to === ada.email && /freed up/.test(message.subject),
    );
    expect(offer?.text).toContain(
      'checkout?service=1&day=2027-03-16&time=2027-03-16T18:00:00.000Z',
    );
  });

  it('offers a declined series’ weekly time, and asking for a series ends the wait for it', async () => {
    const evening = { days: ['Tuesday'], parts: ['evening'] };
    expect((await join(ada, { serviceId: 1, ...evening, standing: true })).status).toBe(201);
    expect((await join(booker, { serviceId: 1, ...evening, standing: true })).status).toBe(201);
    // Tuesday 16 March 18:00 GMT, weekly: the booker was waiting for this very service.
    const series = await request('POST', '/series', booker, {
      serviceId: 1,
      start: '2027-03-16T18:00:00Z',
    });
    expect(series.status).toBe(201);
    expect((await request('GET', '/waitlist', booker)).json.entries).toEqual([]);
    expect(await offersTo()).toEqual([]);
    expect((await request('POST', `/series/${series.json.id}/decline`, practitioner)).status).toBe(
      200,
    );
    expect(await offersTo()).toEqual([ada.email]);
  });

  it('lets two clients race for an offered time: one booking, and the winner leaves the list', async () => {
    const id = await confirmedSession(booker, WEDNESDAY_MORNING);
    for (const who of [ada, ben])
      expect(
        (await join(who, { serviceId: 5, days: ['Wednesday'], parts: ['morning'] })).status,
      ).toBe(201);
    await request('POST', `/practice/bookings/${id}/cancel`, practitioner, {});
    expect(await offersTo()).toHaveLength(2);
    const answers = await Promise.all(
      [ada, ben].map((who) =>
        request('POST', '/bookings', who, { serviceId: 5, start: WEDNESDAY_MORNING }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const { count } = await db
      .selectFrom('bookings')
      .select(sql<string>`count(*)`.as('count'))
      .where('starts_at', '=', new Date(WEDNESDAY_MORNING))
      .where('status', 'in', ['requested', 'confirmed'])
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(1);
    const [winner, loser] = answers[0]?.status === 201 ? [ada, ben] : [ben, ada];
    expect((await request('GET', '/waitlist', winner)).json.entries).toEqual([]);
    expect((await request('GET', '/waitlist', loser)).json.entries).toHaveLength(1);
  });

  it('warns once before an entry lapses, renews it, and ends entries whose time is up', async () => {
    const kept = await join(ada, { serviceId: 5, days: ['Monday'], parts: ['morning'] });
    const dropped = await join(ben, { serviceId: 5, days: ['Monday'], parts: ['morning'] });
    expect(kept.json.expiresAt).toBe(new Date(NOW.getTime() + 60 * DAY).toISOString());

    clock = new Date(NOW.getTime() + 52 * DAY);
    expect(await lapse()).toEqual({ warned: 0, lapsed: 0 });
    clock = new Date(NOW.getTime() + 53 * DAY + 3_600_000);
    expect(await lapse()).toEqual({ warned: 2, lapsed: 0 });
    expect(await lapse()).toEqual({ warned: 0, lapsed: 0 });
    await api.runOutbox();
    const warning = sent.find((message) => message.to === ada.email);
    expect(warning?.subject).toBe(
      'Your place on the waiting list ends soon: Bereavement and Grief',
    );
    expect(warning?.text).toContain('http://site.test/bookings#waiting-list');
    expect(warning?.text).toContain('ends on Friday, 30 April 2027');

    const renewed = await request('POST', `/waitlist/${kept.json.id}/renew`, ada);
    expect(renewed.status).toBe(200);
    expect(renewed.json.expiresAt).toBe(new Date(clock.getTime() + 60 * DAY).toISOString());
    expectProblem(await request('POST', `/waitlist/${dropped.json.id}/renew`, ada), 404);

    clock = new Date(NOW.getTime() + 61 * DAY);
    expect(await lapse()).toEqual({ warned: 0, lapsed: 1 });
    expect((await request('GET', '/waitlist', ben)).json.entries).toEqual([]);
    expect((await request('GET', '/waitlist', ada)).json.entries).toHaveLength(1);
    // The renewed entry is warned again before its new end.
    clock = new Date(NOW.getTime() + 108 * DAY);
    expect(await lapse()).toEqual({ warned: 1, lapsed: 0 });
  });

  it('lets each endpoint be called only by those it declares', async () => {
    const body = { serviceId: 5, days: ['Monday'], parts: ['evening'] };
    expectProblem(await join(undefined as unknown as TestAccount, body), 401);
    expectProblem(await join(unverified, body), 403);
    const entry = (await join(ada, body)).json;
    expect(entry).toMatchObject({
      serviceId: 5,
      serviceName: 'Bereavement and Grief',
      days: ['Monday'],
      parts: ['evening'],
      standing: false,
    });
    expect((await request('GET', '/waitlist', ada)).json.entries).toEqual([entry]);
    expect((await request('GET', '/waitlist', ben)).json.entries).toEqual([]);
    expectProblem(await request('GET', '/practice/waitlist', ada), 403);
    const list = await request('GET', '/practice/waitlist', practitioner);
    expect(list.json.entries).toEqual([
      { ...entry, clientName: 'Ada Waiting', clientEmail: ada.email, clientUid: ada.uid },
    ]);
    // Someone else's entry is not found, whether it exists or not.
    expectProblem(await request('DELETE', `/waitlist/${entry.id}`, ben), 404);
    expectProblem(await request('POST', `/waitlist/${entry.id}/renew`, ben), 404);
    expect((await request('DELETE', `/waitlist/${entry.id}`, ada)).status).toBe(204);
    expectProblem(await request('DELETE', `/waitlist/${entry.id}`, ada), 404);
    const second = (await join(ben, body)).json;
    expect((await request('DELETE', `/practice/waitlist/${second.id}`, practitioner)).status).toBe(
      204,
    );
    expect((await request('GET', '/practice/waitlist', practitioner)).json.entries).toEqual([]);
  });

  it('answers bad bodies with 422 and a sentence that says what to fix', async () => {
    const cases: [object, RegExp][] = [
      [{ serviceId: 5, days: [], parts: ['morning'] }, /Tick at least one day of the week\./],
      [{ serviceId: 5, days: ['Monday'], parts: [] }, /Tick at least one part of the day\./],
      [{ serviceId: 5, days: ['Funday'], parts: ['morning'] }, /"Monday" to "Sunday"/],
      [{ serviceId: 5, days: ['Monday'], parts: ['night'] }, /"morning", "afternoon" or "evening"/],
      [
        { serviceId: 5, days: ['Monday'], parts: ['morning'], standing: true },
        /one session at a time/,
      ],
      [{ serviceId: 99, days: ['Monday'], parts: ['morning'] }, /no service number 99/],
      [{ days: ['Monday'], parts: ['morning'] }, /"serviceId": it is required/],
    ];
    for (const [body, sentence] of cases) {
      const answer = await join(ada, body);
      expectProblem(answer, 422);
      expect(answer.json.detail).toMatch(sentence);
    }
    expect((await request('GET', '/waitlist', ada)).json.entries).toEqual([]);
  });
});
