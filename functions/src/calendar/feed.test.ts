import ICAL from 'ical.js';
import * as v from 'valibot';
import { ProblemSchema } from '../../../shared/booking';
import { CalendarFeedCreatedSchema, CalendarFeedStateSchema } from '../../../shared/calendar-feed';
import type { TestAccount } from '../testing/accounts';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import { bookAndConfirm, confirmedSession } from '../testing/factories/bookings';
import { feedDates } from './feed';

const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const PRACTICE_EMAIL = 'diary@practice.test';

const { client, otherClient, practitioner } = await createAccounts({
  client: { name: 'Ada Lovelace' },
  otherClient: { name: 'Ben Other' },
  practitioner: { practitioner: true, name: 'Dr Practitioner' },
});

/** The events of an .ics file as ical.js reads them. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
    };
  });
}

describe.each(DATABASE_KINDS)('the calendar feed on %s', (kind) => {
  let clock = NOW;
  const { db, api, request } = useApiStack(kind, {
    now: () => clock,
    practiceEmail: PRACTICE_EMAIL,
    mailer: { async send() {} },
    beforeEach: () => (clock = NOW),
  });
  /** The feed as a calendar app fetches it: no sign-in, the link is the key. */
  const fetchFeed = (url: string) =>
    fetch(url.replace('http://site.test/api', api.url), { headers: { accept: 'text/calendar' } });
  const confirmed = (who: TestAccount, start: string, extra: object = {}) =>
    bookAndConfirm(request, who, practitioner, { serviceId: 1, start, ...extra });

  it('only the practitioner makes, reads and stops a link; a client or a stranger cannot', async () => {
    for (const [who, status] of [
      [undefined, 401],
      [client, 403],
    ] as const) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const answer = await request(method, '/practice/calendar-feed', who);
        expect([method, answer.status]).toEqual([method, status]);
        expect(v.is(ProblemSchema, answer.json)).toBe(true);
      }
    }
    expect((await request('GET', '/practice/calendar-feed', practitioner)).json).toEqual({
      exists: false,
      createdAt: null,
    });
    const made = await request('POST', '/practice/calendar-feed', practitioner);
    expect(made.status).toBe(201);
    expect(v.is(CalendarFeedCreatedSchema, made.json)).toBe(true);
    expect(made.json.url).toMatch(/^http:\/\/site\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(made.json.webcalUrl).toBe(made.json.url.replace('http://', 'webcal://'));
    const state = await request('GET', '/practice/calendar-feed', practitioner);
    expect(v.is(CalendarFeedStateSchema, state.json)).toBe(true);
    expect(state.json).toEqual({ exists: true, createdAt: NOW.toISOString() });
    // The database holds a hash, never the token.
    const token = /([\w-]{43})\.ics$/.exec(made.json.url)?.[1] ?? '';
    const rows = await db.selectFrom('calendar_feeds').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);

    expect((await fetchFeed(made.json.url)).status).toBe(200);
    expect((await request('DELETE', '/practice/calendar-feed', practitioner)).status).toBe(204);
    expect((await fetchFeed(made.json.url)).status).toBe(404);
    expect((await request('DELETE', '/practice/calendar-feed', practitioner)).status).toBe(404);
  });

  it('holds the diary’s confirmed sessions and blocks, initials only, with stable UIDs', async () => {
    // Four weeks back is in; five is out (both as the diary has them).
    const past = async (start: string) => {
      await confirmedSession(db, client, start, {
        name: 'Ada Lovelace',
        note: 'Private words about my week',
        requestedAt: new Date(start),
      });
    };
    await past('2027-02-08T10:00:00Z'); // 3 weeks back
    await past('2027-01-18T10:00:00Z'); // 6 weeks back
    await confirmed(client, '2027-03-04T10:00:00Z', { note: 'Private words about my week' });
    await confirmed(client, '2027-03-05T11:00:00Z', { mode: 'video' });
    // A standing series, confirmed: every session it has booked is in.
    const series = await request('POST', '/series', otherClient, {
      serviceId: 1,
      start: '2027-03-09T14:00:00Z',
    });
    expect(series.status).toBe(201);
    expect((await request('POST', `/series/${series.json.id}/confirm`, practitioner)).status).toBe(
      200,
    );
    // Requested and cancelled ones are not in her calendar.
    const asked = await request('POST', '/bookings', client, {
      serviceId: 2,
      start: '2027-03-10T10:00:00Z',
      participants: [{ name: 'Pat Partner', email: 'pat.partner@example.test' }],
    });
    expect(asked.status).toBe(201);
    const gone = await confirmed(client, '2027-03-11T10:00:00Z');
    await request('POST', `/practice/bookings/${gone.id}/cancel`, practitioner, { message: '' });
    const block = await request('POST', '/practice/blocks', practitioner, {
      start: '2027-03-12T12:00:00Z',
      end: '2027-03-12T13:00:00Z',
      reason: 'Supervision',
    });
    expect(block.status).toBe(201);

    const made = await request('POST', '/practice/calendar-feed', practitioner);
    const answer = await fetchFeed(made.json.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('private, max-age=300');
    expect(answer.headers.get('x-robots-tag')).toBe('noindex');
    const text = await answer.text();
    for (const secret of [
      'Ada',
      'Lovelace',
      'Ben',
      client.email,
      otherClient.email,
      'Private words',
      client.uid,
    ])
      expect(text).not.toContain(secret);

    const { from, to } = feedDates(NOW);
    expect([from, to]).toEqual(['2027-02-01', '2027-04-26']);
    const diary = await request(
      'GET',
      `/practice/bookings?${new URLSearchParams({ from, to })}`,
      practitioner,
    );
    const expected = [
      ...diary.json.bookings
        .filter((booking: { status: string }) => booking.status === 'confirmed')
        .map((booking: { start: string; end: string }) => ({
          start: booking.start,
          end: booking.end,
        })),
      ...diary.json.blocks.map((each: { start: string; end: string }) => ({
        start: each.start,
        end: each.end,
      })),
    ].sort((a, b) => a.start.localeCompare(b.start));
    const events = eventsOf(text);
    expect(
      events
        .map(({ start, end }) => ({ start, end }))
        .sort((a, b) => a.start.localeCompare(b.start)),
    ).toEqual(expected);
    // 3 weeks back, two one-offs, the series' weekly sessions to the horizon, one block.
    expect(expected.length).toBeGreaterThan(8);
    expect(events.find((event) => event.start === '2027-01-18T10:00:00.000Z')).toBeUndefined();
    expect(events.find((event) => event.start === '2027-03-04T10:00:00.000Z')).toMatchObject({
      summary: 'Individual Therapy: AL',
      location: expect.stringContaining('Bristol'),
    });
    const video = diary.json.bookings.find(
      (booking: { start: string }) => booking.start === '2027-03-05T11:00:00.000Z',
    );
    expect(events.find((event) => event.start === video.start)?.location).toBe(video.joinUrl);
    expect(events.find((event) => event.start === '2027-03-09T14:00:00.000Z')?.summary).toBe(
      'Individual Therapy: BO',
    );
    expect(events.find((event) => event.start === '2027-03-12T12:00:00.000Z')?.summary).toBe(
      'Blocked: Supervision',
    );
    // Every UID distinct; the same ones on the next fetch, a day later.
    const uids = events.map((event) => event.uid);
    expect(new Set(uids).size).toBe(uids.length);
    clock = new Date(NOW.getTime() + 86_400_000);
    const again = eventsOf(await (await fetchFeed(made.json.url)).text());
    const byStart = new Map(again.map((event) => [event.start, event.uid]));
    for (const event of events.filter((each) => each.start >= '2027-03-01'))
      expect(byStart.get(event.start)).toBe(event.uid);
  });

  it('a replaced or wrong link is 404 at once; the new one works', async () => {
    const first = await request('POST', '/practice/calendar-feed', practitioner);
    expect((await fetchFeed(first.json.url)).status).toBe(200);
    clock = new Date(NOW.getTime() + 60_000);
    const second = await request('POST', '/practice/calendar-feed', practitioner);
    expect(second.json.url).not.toBe(first.json.url);
    const old = await fetchFeed(first.json.url);
    expect(old.status).toBe(404);
    expect(old.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await old.json()) as { detail: string }).detail).toMatch(/replaced or stopped/);
    expect((await fetchFeed(second.json.url)).status).toBe(200);
    expect((await request('GET', '/practice/calendar-feed', practitioner)).json.createdAt).toBe(
      clock.toISOString(),
    );
    for (const wrong of ['x'.repeat(43), 'short', `${'A'.repeat(43)}.ics`, 'feed.ics']) {
      const answer = await fetch(`${api.url}/calendar/${wrong}`);
      expect([wrong, answer.status]).toEqual([wrong, 404]);
    }
  });
});
