import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import {
  LONDON_VTIMEZONE,
  calendarOf,
  icsFeed,
  startIcsServer,
  vevent,
} from '../testing/ics-server';
import { refreshBusyCalendar } from './refresh';

const NOW = new Date('2026-12-07T09:00:00Z'); // a Monday; GMT until March
const MINUTE = 60_000;

/**
 * Real-world-shaped: a weekly 10:00–11:30 on Tuesdays from 8 December (six of them) without
 * 15 December (EXDATE) and with 22 December moved to Wednesday 23rd 14:00–15:00; a New York
 * 09:00–10:00 on 9 December named by its IANA zone with no VTIMEZONE (14:00–15:00 London); an
 * all-day day off on Thursday 10th; a transparent and a cancelled event on Friday 11th.
 */
const FEED = calendarOf(
  LONDON_VTIMEZONE,
  vevent(
    'weekly@google.com',
    'DTSTART;TZID=Europe/London:20261208T100000',
    'DTEND;TZID=Europe/London:20261208T113000',
    'RRULE:FREQ=WEEKLY;COUNT=6',
    'EXDATE;TZID=Europe/London:20261215T100000',
  ),
  vevent(
    'weekly@google.com',
    'RECURRENCE-ID;TZID=Europe/London:20261222T100000',
    'DTSTART;TZID=Europe/London:20261223T140000',
    'DTEND;TZID=Europe/London:20261223T150000',
  ),
  vevent(
    'new-york@icloud.com',
    'DTSTART;TZID=America/New_York:20261209T090000',
    'DTEND;TZID=America/New_York:20261209T100000',
  ),
  vevent('day-off@outlook.com', 'DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261211'),
  vevent(
    'free@google.com',
    'DTSTART:20261211T100000Z',
    'DTEND:20261211T110000Z',
    'TRANSP:TRANSPARENT',
  ),
  vevent(
    'cancelled@google.com',
    'DTSTART:20261211T140000Z',
    'DTEND:20261211T150000Z',
    'STATUS:CANCELLED',
  ),
);

/** A weekly Thursday 10:00–11:00 London across the clocks going forward (28 March 2027). */
const CLOCK_CHANGE_FEED = calendarOf(
  LONDON_VTIMEZONE,
  vevent(
    'thursdays@google.com',
    'DTSTART;TZID=Europe/London:20270325T100000',
    'DTEND;TZID=Europe/London:20270325T110000',
    'RRULE:FREQ=WEEKLY;COUNT=2',
  ),
);

const { client, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  practitioner: { practitioner: true },
});

const ics = await startIcsServer();
afterAll(() => ics.close());

/** London wall-clock "HH:MM" of an instant. */
const londonTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

describe.each(DATABASE_KINDS)('her own calendar on %s', (kind) => {
  let clock = NOW;
  const { db, request } = useApiStack(kind, {
    now: () => clock,
    calendarReading: { allowLocalFeeds: true, timeoutMs: 1500 },
    beforeEach: () => {
      clock = NOW;
      ics.serve('/feed.ics', icsFeed(FEED));
    },
  });
  const connect = (url: string) => request('PUT', '/practice/busy-calendar', practitioner, { url });
  /** The London start times offered on one London date for a 50-minute session. */
  const offered = async (date: string) => {
    const answer = await request('GET', `/availability?service=1&from=${date}&days=1`);
    expect(answer.status).toBe(200);
    return (answer.json.slots as { start: string }[])
      .filter(
        (slot) =>
          new Date(slot.start).toLocaleDateString('en-CA', { timeZone: 'Europe/London' }) === date,
      )
      .map((slot) => londonTime(slot.start));
  };
  /** The starts her calendar takes away on each date: offered before it, not after. */
  const takenAway = async (connectTo: string, dates: string[]) => {
    const before = await Promise.all(dates.map(offered));
    const answer = await connect(connectTo);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const after = await Promise.all(dates.map(offered));
    return Object.fromEntries(
      dates.map((date, index) => [
        date,
        (before[index] ?? []).filter((time) => !(after[index] ?? []).includes(time)),
      ]),
    );
  };

  it('reads her feed at once, and exactly its busy times are no longer offered', async () => {
    const removed = await takenAway(ics.url('/feed.ics'), [
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-15',
      '2026-12-22',
      '2026-12-23',
      '2026-12-29',
    ]);
    // A 50-minute session and its 10-minute break must clear each busy time.
    const tuesday = ['09:30', '10:00', '10:30', '11:00'];
    expect(removed['2026-12-08']).toEqual(tuesday);
    expect(removed['2026-12-09']).toEqual(['13:30', '14:00', '14:30']); // New York 09:00–10:00
    expect(removed['2026-12-10']?.length).toBeGreaterThan(20); // the whole day off
    expect(await offered('2026-12-10')).toEqual([]);
    expect(removed['2026-12-11']).toEqual([]); // transparent and cancelled
    expect(removed['2026-12-15']).toEqual([]); // EXDATE
    expect(removed['2026-12-22']).toEqual([]); // moved away…
    expect(removed['2026-12-23']).toEqual(['13:30', '14:00', '14:30']); // …to here
    expect(removed['2026-12-29']).toEqual(tuesday);

    const view = await request('GET', '/practice/busy-calendar', practitioner);
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({
      connected: true,
      host: '127.0.0.1',
      events: 6,
      lastReadAt: NOW.toISOString(),
      lastError: null,
      stale: false,
      nextBusy: { start: '2026-12-08T10:00:00.000Z', end: '2026-12-08T11:30:00.000Z' },
    });
    // Start and end only: nothing of the events' titles is kept.
    expect(JSON.stringify(view.json)).not.toContain('Dentist');
    const stored = await db.selectFrom('busy_calendar_times').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain('Dentist');
  });

  it('answers the count and the next busy time when she connects it', async () => {
    const answer = await connect(ics.url('/feed.ics'));
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      lastReadAt: NOW.toISOString(),
      events: 6,
      nextBusy: { start: '2026-12-08T10:00:00.000Z', end: '2026-12-08T11:30:00.000Z' },
    });
  });

  it('keeps a weekly event at 10:00 London across the clock change', async () => {
    clock = new Date('2027-03-22T09:00:00Z');
    ics.serve('/clocks.ics', icsFeed(CLOCK_CHANGE_FEED));
    const removed = await takenAway(ics.url('/clocks.ics'), ['2027-03-25', '2027-04-01']);
    expect(removed['2027-03-25']).toEqual(['09:30', '10:00', '10:30']);
    expect(removed['2027-04-01']).toEqual(['09:30', '10:00', '10:30']);
  });

  it('refuses a request and a move into a busy time', async () => {
    expect((await connect(ics.url('/feed.ics'))).status).toBe(200);
    const refused = await request('POST', '/bookings', client, {
      serviceId: 1,
      start: '2026-12-08T10:00:00Z',
      note: '',
    });
    expect(refused.status).toBe(422);
    expect(refused.json.detail).toContain('not one of the offered start times');
    const booked = await request('POST', '/bookings', client, {
      serviceId: 1,
      start: '2026-12-08T14:00:00Z',
      note: '',
    });
    expect(booked.status).toBe(201);
    const moved = await request('POST', `/practice/bookings/${booked.json.id}/move`, practitioner, {
      start: '2026-12-09T14:00:00Z',
    });
    expect(moved.status).toBe(422);
  });

  it('keeps a request that turns busy later, marked for her to decide', async () => {
    const asked = (start: string) =>
      request('POST', '/bookings', client, { serviceId: 1, start, note: '' });
    const turnsBusy = await asked('2026-12-08T10:00:00Z'); // inside Tuesday's 10:00–11:30
    const staysFree = await asked('2026-12-08T14:00:00Z');
    expect([turnsBusy.status, staysFree.status]).toEqual([201, 201]);
    expect((await connect(ics.url('/feed.ics'))).status).toBe(200);

    const diary = await request(
      'GET',
      '/practice/bookings?from=2026-12-07&to=2026-12-13',
      practitioner,
    );
    expect(diary.status).toBe(200);
    const row = (id: unknown) =>
      (diary.json.bookings as { id: string; status: string; calendarClash?: boolean }[]).find(
        (booking) => booking.id === id,
      );
    // Kept, not declined behind her back: hers to move or decline.
    expect(row(turnsBusy.json.id)).toMatchObject({ status: 'requested', calendarClash: true });
    expect(row(staysFree.json.id)).toMatchObject({ status: 'requested', calendarClash: false });
    // Confirming it as it stands is refused, with the reason.
    const confirmed = await request(
      'POST',
      `/bookings/${turnsBusy.json.id}/confirm`,
      practitioner,
      {},
    );
    expect(confirmed.status).toBe(409);
    expect(confirmed.json.detail).toMatch(/calendar/i);
  });

  it('reads webcal:// as https://, with its checks', async () => {
    const answer = await connect('webcal://127.0.0.1:1/feed.ics');
    // webcal:// means https: which the local rules allow on public addresses only.
    expect(answer.status).toBe(422);
    expect(answer.json.detail).toContain('private network');
  });

  it('refuses an address that is not one, or not a calendar, with the reason', async () => {
    for (const url of ['my calendar', 'ftp://calendar.example.com/feed.ics', '']) {
      const answer = await connect(url);
      expect(answer.status, url).toBe(422);
      expect(answer.json.detail).toMatch(/Paste/);
    }
    ics.serve('/page.html', (_, response) => response.writeHead(200).end('<html>Sign in</html>'));
    const notCalendar = await connect(ics.url('/page.html'));
    expect(notCalendar.status).toBe(422);
    expect(notCalendar.json.detail).toContain('did not answer with a calendar');
    const missing = await connect(ics.url('/gone.ics'));
    expect(missing.status).toBe(422);
    expect(missing.json.detail).toContain('no calendar at that address');
    expect((await request('GET', '/practice/busy-calendar', practitioner)).json).toEqual({
      connected: false,
    });
  });

  it('refuses a 20 MB feed and one that never answers, without a 500', async () => {
    ics.serve('/huge.ics', (_, response) => {
      response.writeHead(200, { 'content-type': 'text/calendar' });
      const chunk = Buffer.alloc(1024 * 1024, 'X');
      let sent = 0;
      const more = () => {
        while (sent < 20 && response.write(chunk)) sent += 1;
        if (sent >= 20) response.end();
        else response.once('drain', () => ((sent += 1), more()));
      };
      more();
    });
    const huge = await connect(ics.url('/huge.ics'));
    expect(huge.status).toBe(422);
    expect(huge.json.detail).toContain('larger than 5 MB');

    ics.serve('/silent.ics', () => {});
    const silent = await connect(ics.url('/silent.ics'));
    expect(silent.status).toBe(422);
    expect(silent.json.detail).toContain('did not answer within');
  });

  it('refuses a redirect to a private address, and more than three redirects', async () => {
    ics.serve('/to-private.ics', (_, response) =>
      response.writeHead(302, { location: 'https://10.1.2.3/feed.ics' }).end(),
    );
    const toPrivate = await connect(ics.url('/to-private.ics'));
    expect(toPrivate.status).toBe(422);
    expect(toPrivate.json.detail).toContain('private network');

    ics.serve('/loop.ics', (_, response) =>
      response.writeHead(301, { location: '/loop.ics' }).end(),
    );
    const loop = await connect(ics.url('/loop.ics'));
    expect(loop.status).toBe(422);
    expect(loop.json.detail).toContain('redirects too many times');

    ics.serve('/moved.ics', (_, response) =>
      response.writeHead(302, { location: '/feed.ics' }).end(),
    );
    expect((await connect(ics.url('/moved.ics'))).status).toBe(200);
  });

  it('keeps the last good busy times when a read fails, and says so after two hours', async () => {
    expect((await connect(ics.url('/feed.ics'))).status).toBe(200);
    const before = await offered('2026-12-29');
    ics.serve('/feed.ics', (_, response) => response.writeHead(500).end());

    clock = new Date(NOW.getTime() + 5 * MINUTE);
    await refreshBusyCalendar(db, { allowLocalFeeds: true }, clock); // not due: nothing read
    expect((await request('GET', '/practice/busy-calendar', practitioner)).json.lastError).toBe(
      null,
    );

    clock = new Date(NOW.getTime() + 16 * MINUTE);
    await refreshBusyCalendar(db, { allowLocalFeeds: true }, clock);
    expect(await offered('2026-12-29')).toEqual(before);
    const failing = await request('GET', '/practice/busy-calendar', practitioner);
    expect(failing.json).toMatchObject({
      lastReadAt: NOW.toISOString(),
      lastError: 'Your calendar answered 500: check the address is its secret iCal address.',
      stale: false,
    });

    clock = new Date(NOW.getTime() + 121 * MINUTE);
    await refreshBusyCalendar(db, { allowLocalFeeds: true }, clock);
    const stale = await request('GET', '/practice/busy-calendar', practitioner);
    expect(stale.json).toMatchObject({ lastReadAt: NOW.toISOString(), stale: true });
    expect(await offered('2026-12-29')).toEqual(before);

    ics.serve('/feed.ics', icsFeed(calendarOf()));
    clock = new Date(NOW.getTime() + 140 * MINUTE);
    await refreshBusyCalendar(db, { allowLocalFeeds: true }, clock);
    expect((await request('GET', '/practice/busy-calendar', practitioner)).json).toMatchObject({
      lastReadAt: clock.toISOString(),
      events: 0,
      lastError: null,
      stale: false,
      nextBusy: null,
    });
    expect((await offered('2026-12-29')).length).toBeGreaterThan(before.length);
  });

  it('frees her times again when she disconnects it', async () => {
    const free = await offered('2026-12-08');
    expect((await connect(ics.url('/feed.ics'))).status).toBe(200);
    expect(await offered('2026-12-08')).not.toEqual(free);
    expect((await request('DELETE', '/practice/busy-calendar', practitioner)).status).toBe(204);
    expect(await offered('2026-12-08')).toEqual(free);
    expect((await request('GET', '/practice/busy-calendar', practitioner)).json).toEqual({
      connected: false,
    });
  });

  it('is hers alone', async () => {
    expect((await request('GET', '/practice/busy-calendar', client)).status).toBe(403);
    expect(
      (await request('PUT', '/practice/busy-calendar', client, { url: ics.url('/feed.ics') }))
        .status,
    ).toBe(403);
    expect((await request('DELETE', '/practice/busy-calendar')).status).toBe(401);
  });
});

describe.each(DATABASE_KINDS)('her own calendar in production on %s', (kind) => {
  const { request } = useApiStack(kind, { now: () => NOW, calendarReading: {} });
  const connect = (url: string) => request('PUT', '/practice/busy-calendar', practitioner, { url });

  it('refuses loopback, private and link-local addresses, by number or by name', async () => {
    ics.serve('/feed.ics', icsFeed(FEED));
    const refusals = [
      ics.url('/feed.ics'),
      'https://127.0.0.1/feed.ics',
      'https://10.0.0.8/feed.ics',
      'https://192.168.1.20/feed.ics',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/feed.ics',
      `https://localhost:${ics.port}/feed.ics`,
    ];
    for (const url of refusals) {
      const answer = await connect(url);
      expect(answer.status, url).toBe(422);
      expect(answer.json.detail, url).toMatch(/https:\/\/|private network/);
    }
    expect((await request('GET', '/practice/busy-calendar', practitioner)).json).toEqual({
      connected: false,
    });
  });
});
