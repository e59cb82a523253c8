import fc from 'fast-check';
import { sql } from 'kysely';
import * as v from 'valibot';
import { ProblemSchema } from '../../../shared/booking';
import type { Database } from '../platform/database/database';
import { adminAuth, createAccount, type TestAccount } from '../testing/accounts';
import { call, startApiServer, type CallOptions } from '../testing/api-server';
import { DATABASE_KINDS, freshDatabase } from '../testing/databases';
import { localEnv } from '../testing/local-env';
import { mimePart, startMailCatcher } from '../testing/mail-catcher';

const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const SMTP_URL = localEnv.smtpUrl();
const PRACTICE_EMAIL = 'diary@practice.test';

/** Distinct 50-minute starts, an hour apart, inside every day's hours and the bookable window
 * (4 March to 8 April; the tests that name a time use later days). */
const freeStarts = (function* () {
  for (let day = 3; day < 40; day += 1) {
    for (let hour = 10; hour <= 18; hour += 1) {
      yield new Date(Date.UTC(2027, 2, 1 + day, hour)).toISOString();
    }
  }
})();
const nextStart = () => freeStarts.next().value as string;

let db: Database;
let api: Awaited<ReturnType<typeof startApiServer>>;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let clock = NOW;
let client: TestAccount;
let otherClient: TestAccount;
let unverified: TestAccount;
let practitioner: TestAccount;

const request = (method: string, path: string, options?: CallOptions) =>
  call(api.url, method, path, options);
const book = (account: TestAccount, start = nextStart(), serviceId = 1) =>
  request('POST', '/bookings', {
    token: account.idToken,
    body: { serviceId, start, note: 'Can we meet downstairs?' },
  });

beforeAll(async () => {
  mail = await startMailCatcher(Number(new URL(SMTP_URL).port));
  db = await freshDatabase('PGlite');
  api = await startApiServer({
    db,
    now: () => clock,
    smtpUrl: SMTP_URL,
    practiceEmail: PRACTICE_EMAIL,
  });
  [client, otherClient, unverified, practitioner] = await Promise.all([
    createAccount({ name: 'Ada Client' }),
    createAccount(),
    createAccount({ verified: false }),
    createAccount({ practitioner: true, name: 'Dr Practitioner' }),
  ]);
});

afterAll(async () => {
  await api?.close();
  await mail?.close();
  await db?.destroy();
});

beforeEach(() => {
  clock = NOW;
});

function expectProblem(
  answer: { status: number; contentType: string; json: unknown },
  status: number,
) {
  expect(answer.status).toBe(status);
  expect(answer.contentType).toMatch(/^application\/problem\+json/);
  expect(v.is(ProblemSchema, answer.json)).toBe(true);
  expect((answer.json as { detail: string }).detail).toMatch(/\.$/);
}

type Role = 'anonymous' | 'bad token' | 'unverified' | 'other client' | 'client' | 'practitioner';
const ROLES: Role[] = [
  'anonymous',
  'bad token',
  'unverified',
  'other client',
  'client',
  'practitioner',
];
let owner: TestAccount;
const asRole = (role: Role): CallOptions => {
  switch (role) {
    case 'anonymous':
      return {};
    case 'bad token':
      return { authorization: 'Bearer not-a-real-token-but-long-enough' };
    case 'unverified':
      return { token: unverified.idToken };
    case 'other client':
      return { token: otherClient.idToken };
    case 'client':
      return { token: (owner ?? client).idToken };
    case 'practitioner':
      return { token: practitioner.idToken };
  }
};

describe('who may call what', () => {
  // Each test's "client" is a new account, so the 3-open-requests rule never gets in the way.
  beforeEach(async () => {
    owner = await createAccount({ name: 'Ada Client' });
  });

  it('GET /api/health and /api/availability are public', async () => {
    for (const role of ROLES) {
      expect((await request('GET', '/health', asRole(role))).json).toEqual({ ok: true });
      expect((await request('GET', '/availability?service=1', asRole(role))).status).toBe(200);
    }
  });

  it('POST /api/bookings needs a verified email', async () => {
    const expected: Record<Role, number> = {
      anonymous: 401,
      'bad token': 401,
      unverified: 403,
      'other client': 201,
      client: 201,
      practitioner: 201,
    };
    for (const role of ROLES) {
      const answer = await request('POST', '/bookings', {
        ...asRole(role),
        body: { serviceId: 1, start: nextStart() },
      });
      expect([role, answer.status]).toEqual([role, expected[role]]);
      if (answer.status !== 201) expectProblem(answer, expected[role]);
    }
  });

  it('GET /api/bookings answers only the caller’s own bookings', async () => {
    const mine = await book(owner);
    expect(mine.status).toBe(201);
    for (const role of ROLES) {
      const answer = await request('GET', '/bookings', asRole(role));
      if (role === 'anonymous' || role === 'bad token') {
        expectProblem(answer, 401);
        continue;
      }
      expect(answer.status).toBe(200);
      const ids = (answer.json.bookings as { id: string }[]).map((booking) => booking.id);
      expect([role, ids.includes(mine.json.id)]).toEqual([role, role === 'client']);
    }
  });

  it.each([
    // The practitioner cancels anyone's at her own route; the client route is the booker's.
    ['/bookings/:id/cancel', { client: 200, practitioner: 403 }],
    ['/practice/bookings/:id/cancel', { client: 403, practitioner: 200 }],
  ] as const)('POST /api%s: %o', async (path, allowed) => {
    const expected: Record<Role, number> = {
      anonymous: 401,
      'bad token': 401,
      unverified: 403,
      'other client': 403,
      ...allowed,
    };
    for (const role of ROLES) {
      owner = await createAccount({ name: 'Ada Client' }); // a fresh client: never 3 open requests
      const { json: booking } = await book(owner);
      const answer = await request('POST', path.replace(':id', booking.id), asRole(role));
      expect([role, answer.status]).toEqual([role, expected[role]]);
      if (answer.status === 200)
        expect(answer.json).toMatchObject({
          id: booking.id,
          status: 'cancelled',
          cancellable: false,
        });
    }
  });

  it.each(['confirm', 'decline'] as const)(
    'POST /api/bookings/:id/%s: the practitioner only',
    async (answerKind) => {
      const expected: Record<Role, number> = {
        anonymous: 401,
        'bad token': 401,
        unverified: 403,
        'other client': 403,
        client: 403,
        practitioner: 200,
      };
      const { json: booking } = await book(owner);
      for (const role of ROLES) {
        const answer = await request('POST', `/bookings/${booking.id}/${answerKind}`, asRole(role));
        expect([role, answer.status]).toEqual([role, expected[role]]);
      }
      const again = await request(
        'POST',
        `/bookings/${booking.id}/${answerKind}`,
        asRole('practitioner'),
      );
      expectProblem(again, 409);
      expectProblem(
        await request(
          'POST',
          `/bookings/${crypto.randomUUID()}/${answerKind}`,
          asRole('practitioner'),
        ),
        404,
      );
    },
  );

  it('GET /api/practice/bookings: the practitioner sees every booking with its client', async () => {
    const { json: booking } = await book(owner);
    for (const role of ROLES) {
      const answer = await request('GET', '/practice/bookings', asRole(role));
      const status = { anonymous: 401, 'bad token': 401, practitioner: 200 }[role as string] ?? 403;
      expect([role, answer.status]).toEqual([role, status]);
    }
    const diary = await request(
      'GET',
      '/practice/bookings?from=2027-03-01&to=2027-04-30',
      asRole('practitioner'),
    );
    expect(diary.json.bookings).toContainEqual(
      expect.objectContaining({
        id: booking.id,
        clientName: 'Ada Client',
        clientEmail: owner.email,
        status: 'requested',
      }),
    );
  });

  it('POST and DELETE /api/practice/blocks: the practitioner only', async () => {
    const body = { start: '2027-04-12T00:00:00Z', end: '2027-04-13T00:00:00Z', reason: 'Day off' };
    for (const role of ROLES) {
      const answer = await request('POST', '/practice/blocks', { ...asRole(role), body });
      const status = { anonymous: 401, 'bad token': 401, practitioner: 201 }[role as string] ?? 403;
      expect([role, answer.status]).toEqual([role, status]);
      if (status !== 201) continue;
      expect(answer.json).toMatchObject({
        block: {
          start: '2027-04-12T00:00:00.000Z',
          end: '2027-04-13T00:00:00.000Z',
          reason: 'Day off',
        },
        covered: [],
      });
      for (const other of ROLES.filter((each) => each !== 'practitioner')) {
        const refused = await request(
          'DELETE',
          `/practice/blocks/${answer.json.block.id}`,
          asRole(other),
        );
        expect([other, refused.status]).toEqual([
          other,
          other === 'anonymous' || other === 'bad token' ? 401 : 403,
        ]);
      }
      expect(
        (await request('DELETE', `/practice/blocks/${answer.json.block.id}`, asRole(role))).status,
      ).toBe(204);
      expectProblem(
        await request('DELETE', `/practice/blocks/${answer.json.block.id}`, asRole(role)),
        404,
      );
    }
  });

  it('POST /api/account/deletion: any signed-in account, its own bookings only', async () => {
    const leaver = await createAccount({ name: 'Leaving Client' });
    await book(leaver);
    await book(leaver);
    const stays = await book(otherClient);
    for (const role of ['anonymous', 'bad token'] as const) {
      expectProblem(await request('POST', '/account/deletion', asRole(role)), 401);
    }
    const unverifiedLeaver = await createAccount({ verified: false });
    expect(
      (await request('POST', '/account/deletion', { token: unverifiedLeaver.idToken })).json,
    ).toEqual({
      keptUntil: null,
    });
    expect((await request('POST', '/account/deletion', { token: leaver.idToken })).json).toEqual({
      keptUntil: null,
    });
    expect(
      await db.selectFrom('bookings').select('id').where('client_uid', '=', leaver.uid).execute(),
    ).toEqual([]);
    const others = await request('GET', '/bookings', asRole('other client'));
    expect(others.json.bookings.map((each: { id: string }) => each.id)).toContain(stays.json.id);
    await mail.waitFor(
      (message) =>
        message.to.includes(PRACTICE_EMAIL) && /Leaving Client.*cancelled/s.test(message.raw),
    );
  });

  it('refuses a revoked session', async () => {
    const revoked = await createAccount();
    await new Promise((resolve) => setTimeout(resolve, 1100)); // revocation is recorded to the second
    await adminAuth().revokeRefreshTokens(revoked.uid);
    expectProblem(await request('GET', '/bookings', { token: revoked.idToken }), 401);
  });

  it('answers unknown addresses and methods with problem details', async () => {
    expectProblem(await request('GET', '/nothing-here'), 404);
    expectProblem(await request('DELETE', '/health'), 405);
    expectProblem(await request('PUT', '/bookings', asRole('client')), 405);
    expectProblem(await request('POST', '/bookings/not-an-id/cancel', asRole('client')), 404);
    expectProblem(
      await request('POST', `/bookings/${crypto.randomUUID()}/cancel`, asRole('client')),
      404,
    );
  });
});

describe('booking rules over HTTP', () => {
  beforeEach(async () => {
    [client, otherClient] = await Promise.all([
      createAccount({ name: 'Ada Client' }),
      createAccount(),
    ]);
  });

  it('answers a request with what was requested, and the practice is told by email', async () => {
    const start = nextStart();
    nextStart(); // a 60-minute session and its break reach into the next hour
    const answer = await request('POST', '/bookings', {
      token: client.idToken,
      body: {
        serviceId: 2,
        start,
        note: '  Please use the side door.  ',
        participants: [{ name: 'Pat Partner', email: 'pat.partner@example.test' }],
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({
      serviceId: 2,
      start: new Date(start).toISOString(),
      end: new Date(new Date(start).getTime() + 60 * 60_000).toISOString(),
      status: 'requested',
      note: 'Please use the side door.',
    });
    const message = await mail.waitFor(
      (each) => each.to.includes(PRACTICE_EMAIL) && each.raw.includes('Couples Counselling'),
    );
    expect(message.raw).toMatch(/Subject: New session request/);
    // The practice reads the note, and a reply goes straight to the client.
    expect(message.raw).toContain('side door');
    expect(message.raw).toMatch(new RegExp(`Reply-To: ${client.email}`, 'i'));
    const receipt = await mail.waitFor(
      (each) => each.to.includes(client.email) && /Subject: We have your request/.test(each.raw),
    );
    expect(receipt.raw).not.toContain('side door'); // the client's own note is not sent back
  });

  it('refuses times outside the hours or the window (422) and taken times (409)', async () => {
    const start = nextStart();
    expect((await book(client, start)).status).toBe(201);
    expectProblem(await book(otherClient, start), 409);
    expectProblem(
      await book(otherClient, new Date(new Date(start).getTime() + 30 * 60_000).toISOString()),
      409,
    );
    expectProblem(await book(otherClient, '2027-03-01T20:00:00Z'), 422); // sooner than 24 h
    expectProblem(await book(otherClient, '2027-05-20T10:00:00Z'), 422); // further than 8 weeks
    expectProblem(await book(otherClient, '2027-03-10T06:00:00Z'), 422); // before opening
    expectProblem(await book(otherClient, '2027-03-10T10:10:00Z'), 422); // not an offered start
    expectProblem(await book(otherClient, '2027-03-10T10:00:00Z', 99), 422); // no such service
  });

  it('refuses time the practitioner blocked', async () => {
    const block = await request('POST', '/practice/blocks', {
      token: practitioner.idToken,
      body: { start: '2027-04-21T00:00:00Z', end: '2027-04-22T00:00:00Z', reason: 'Training' },
    });
    expect(block.status).toBe(201);
    expectProblem(await book(otherClient, '2027-04-21T12:00:00Z'), 409);
    const slots = await request('GET', '/availability?service=1&from=2027-04-21&days=1');
    expect(
      slots.json.slots.filter((slot: { start: string }) => slot.start < '2027-04-21T23:00:00Z'),
    ).toEqual([]);
    await request('DELETE', `/practice/blocks/${block.json.block.id}`, {
      token: practitioner.idToken,
    });
    expect((await book(otherClient, '2027-04-21T12:00:00Z')).status).toBe(201);
  });

  it('allows at most 3 open requests per client (429), even when they race', async () => {
    const busy = await createAccount();
    const answers = await Promise.all(Array.from({ length: 6 }, () => book(busy)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(3);
    expectProblem(refused[0]!, 429);
  });

  it('cancelling frees the time: availability shows it again', async () => {
    const start = '2027-04-19T10:00:00.000Z';
    const offered = async () =>
      (await request('GET', '/availability?service=1&from=2027-04-19&days=1')).json.slots.map(
        (slot: { start: string }) => slot.start,
      );
    expect(await offered()).toContain(start);
    const { json: booking } = await book(client, start);
    expect(await offered()).not.toContain(start);
    expect(await offered()).not.toContain('2027-04-19T10:30:00.000Z'); // inside the session and its break
    expect(
      (await request('POST', `/bookings/${booking.id}/cancel`, { token: client.idToken })).status,
    ).toBe(200);
    expect(await offered()).toContain(start);
  });

  it('lets a client cancel only until 24 hours before; the practitioner any time', async () => {
    const start = '2027-03-03T12:00:00Z';
    const { json: booking } = await book(client, start);
    clock = new Date('2027-03-02T12:30:00Z');
    const mine = await request('GET', '/bookings', { token: client.idToken });
    expect(mine.json.bookings.find((each: { id: string }) => each.id === booking.id)).toMatchObject(
      {
        cancellable: false,
        serviceName: 'Individual Therapy',
      },
    );
    expectProblem(
      await request('POST', `/bookings/${booking.id}/cancel`, { token: client.idToken }),
      422,
    );
    expect(
      (
        await request('POST', `/practice/bookings/${booking.id}/cancel`, {
          token: practitioner.idToken,
        })
      ).status,
    ).toBe(200);
    expectProblem(
      await request('POST', `/practice/bookings/${booking.id}/cancel`, {
        token: practitioner.idToken,
      }),
      409,
    );
  });

  it('confirming emails the client the session with session.ics; declining and cancelling tell them too', async () => {
    const start = '2027-04-20T13:00:00.000Z';
    const { json: booking } = await book(client, start);
    expect(
      (await request('POST', `/bookings/${booking.id}/confirm`, { token: practitioner.idToken }))
        .json,
    ).toMatchObject({
      status: 'confirmed',
      clientEmail: client.email,
    });
    const confirmation = await mail.waitFor(
      (each) =>
        each.to.includes(client.email) && /Subject: Your session is confirmed/.test(each.raw),
    );
    expect(confirmation.raw).toMatch(/filename="?session\.ics"?/);
    const calendar = mimePart(confirmation.raw, /content-type:\s*text\/calendar/i);
    expect(calendar).toContain('BEGIN:VEVENT');
    // 13:00 UTC is 14:00 in London in April (BST).
    expect(calendar).toContain('DTSTART;TZID=Europe/London:20270420T140000');
    expect(calendar).toContain('DTEND;TZID=Europe/London:20270420T145000');
    await request('POST', `/practice/bookings/${booking.id}/cancel`, {
      token: practitioner.idToken,
    });
    await mail.waitFor(
      (each) =>
        each.to.includes(client.email) && /Subject: Your session is cancelled/.test(each.raw),
    );
    const { json: second } = await book(client);
    await request('POST', `/bookings/${second.id}/decline`, { token: practitioner.idToken });
    await mail.waitFor(
      (each) => each.to.includes(client.email) && /Subject: Your session request/.test(each.raw),
    );
  });

  it('answers the availability contract', async () => {
    const answer = await request('GET', '/availability?service=1&from=2027-03-04&days=1');
    expect(answer.json.timeZone).toBe('Europe/London');
    expect(answer.json.slots[0]).toEqual({
      start: '2027-03-04T08:00:00.000Z',
      end: '2027-03-04T08:50:00.000Z',
    });
    const today = await request('GET', '/availability?service=1');
    expect(today.json.slots[0].start >= '2027-03-02T09:00:00.000Z').toBe(true);
    expectProblem(await request('GET', '/availability?service=1&days=57'), 400);
    expectProblem(await request('GET', '/availability?service=1&from=2027-02-30'), 400);
    expectProblem(await request('GET', '/availability'), 400);
  });

  it('gives the practitioner the times inside the notice period too, none already past', async () => {
    const path = '/practice/availability?service=1&days=2';
    const hers = await request('GET', path, { token: practitioner.idToken });
    expect(hers.status).toBe(200);
    const starts: string[] = hers.json.slots.map((slot: { start: string }) => slot.start);
    const noticeEnds = new Date(NOW.getTime() + 24 * 3_600_000).toISOString();
    expect(starts.some((start) => start < noticeEnds)).toBe(true);
    expect(starts.every((start) => start > NOW.toISOString())).toBe(true);
    // Everything the public sees in those days, she sees too.
    const theirs = await request('GET', '/availability?service=1&days=2');
    expect(starts).toEqual(
      expect.arrayContaining(theirs.json.slots.map((slot: { start: string }) => slot.start)),
    );
    expectProblem(await request('GET', path, { token: client.idToken }), 403);
  });
});

describe('hostile input', () => {
  const onlyProblems = (answer: Awaited<ReturnType<typeof request>>) => {
    expect([400, 422]).toContain(answer.status);
    expectProblem(answer, answer.status);
  };

  it('bodies of any shape get 400 or 422 problem details, never a 500', async () => {
    const bodies = fc.oneof(
      fc.anything(),
      fc.record(
        {
          serviceId: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)),
          start: fc.oneof(
            fc.string(),
            fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
            fc.integer(),
          ),
          note: fc.oneof(fc.string({ maxLength: 600 }), fc.integer(), fc.constant(null)),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const json = JSON.stringify(body);
        onlyProblems(
          await request('POST', '/bookings', {
            token: client.idToken,
            ...(json === undefined ? { rawBody: '' } : { rawBody: json }),
          }),
        );
        onlyProblems(
          await request('POST', '/practice/blocks', {
            token: practitioner.idToken,
            rawBody: json ?? '',
          }),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('unreadable bodies and wrong content types get 400', async () => {
    for (const rawBody of [
      '{',
      'null',
      '[]',
      '"text"',
      '{"serviceId": 1, "start": "2027-03-04T10:00:00Z"'.repeat(3),
    ]) {
      onlyProblems(await request('POST', '/bookings', { token: client.idToken, rawBody }));
    }
    // Over the size limit is its own answer (limits.test.ts).
    expectProblem(
      await request('POST', '/bookings', { token: client.idToken, rawBody: 'x'.repeat(70_000) }),
      413,
    );
    onlyProblems(
      await request('POST', '/bookings', {
        token: client.idToken,
        rawBody: '{}',
        contentType: 'text/plain',
      }),
    );
    onlyProblems(
      await request('POST', '/bookings', {
        token: client.idToken,
        body: { serviceId: 1, start: '2027-02-29T10:00:00Z' },
      }),
    );
    onlyProblems(
      await request('POST', '/bookings', {
        token: client.idToken,
        body: { serviceId: 1, start: '2027-03-04T10:00:00+99:00' },
      }),
    );
    onlyProblems(
      await request('POST', '/bookings', {
        token: client.idToken,
        body: { serviceId: 1, start: nextStart(), note: 'x'.repeat(501) },
      }),
    );
  });

  it('query strings of any shape never get a 500', async () => {
    const params = fc.dictionary(
      fc.constantFrom('service', 'from', 'days', 'to', 'x'),
      fc.oneof(fc.string(), fc.constantFrom('1', '2027-03-04', '56', '0', '-1', '1e3')),
    );
    await fc.assert(
      fc.asyncProperty(params, async (query) => {
        const search = `?${new URLSearchParams(query)}`;
        for (const answer of [
          await request('GET', `/availability${search}`),
          await request('GET', `/practice/bookings${search}`, { token: practitioner.idToken }),
        ]) {
          if (answer.status === 200) continue;
          onlyProblems(answer);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe.each(DATABASE_KINDS)('50 verified clients racing for one time on %s', (kind) => {
  it('gives it to exactly one (201) and tells the other 49 it is taken (409)', async () => {
    const raceDb = await freshDatabase(kind);
    const raceApi = await startApiServer({ db: raceDb, now: () => NOW, smtpUrl: SMTP_URL });
    try {
      const racers = await Promise.all(Array.from({ length: 50 }, () => createAccount()));
      const start = '2027-03-10T14:00:00Z';
      const answers = await Promise.all(
        racers.map((racer) =>
          call(raceApi.url, 'POST', '/bookings', {
            token: racer.idToken,
            body: { serviceId: 1, start },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(49);
      const active = await sql<{ count: string }>`select count(*) from bookings
        where status in ('requested', 'confirmed') and during && tstzrange(${new Date(start)}, ${new Date('2027-03-10T15:00:00Z')})`.execute(
        raceDb,
      );
      expect(Number(active.rows[0]?.count)).toBe(1);
    } finally {
      await raceApi.close();
      await raceDb.destroy();
    }
  });
});
