import * as v from 'valibot';
import { ProblemSchema } from '../../../../shared/booking';
import { API_LIMITS, RISK_ALERT_GATHER_SECONDS } from '../../../../shared/limits';
import type { Database } from '../database/database';
import type { MailMessage } from '../mail/transport';
import { createAccount, type TestAccount } from '../../testing/accounts';
import { call, startApiServer } from '../../testing/api-server';
import { DATABASE_KINDS, emptyTables, freshDatabase } from '../../testing/databases';
import { localEnv } from '../../testing/local-env';

const NOW = new Date('2027-03-01T09:00:00Z');
const HOUR = 3_600_000;
const PHQ9_RISK = [1, 2, 1, 0, 0, 1, 0, 0, 2];

let heavy: TestAccount;
let practitioner: TestAccount;
const others: TestAccount[] = [];

beforeAll(async () => {
  heavy = await createAccount({ name: 'Flo Flood' });
  practitioner = await createAccount({ practitioner: true, name: 'Dr Practitioner' });
  others.push(...(await Promise.all(Array.from({ length: 20 }, () => createAccount()))));
});

describe.each(DATABASE_KINDS)('limits on %s', (kind) => {
  let db: Database;
  let api: Awaited<ReturnType<typeof startApiServer>>;
  let wall = new Date('2026-11-25T12:00:00Z');
  let clock = NOW;
  const sent: MailMessage[] = [];

  beforeAll(async () => {
    db = await freshDatabase(kind);
    api = await startApiServer({
      db,
      now: () => clock,
      writeClock: () => wall,
      smtpUrl: localEnv.smtpUrl(),
      practiceEmail: 'diary@practice.test',
      mailer: {
        async send(message) {
          sent.push(message);
        },
      },
    });
  });
  afterAll(async () => {
    await api?.close();
    await db?.destroy();
  });
  beforeEach(async () => {
    await emptyTables(db);
    clock = NOW;
    sent.length = 0;
  });

  const write = (who: TestAccount) =>
    call(api.url, 'POST', '/account/receipt-links/revocation', { token: who.idToken });

  function expectProblem(answer: Awaited<ReturnType<typeof call>>, status: number) {
    expect(answer.status).toBe(status);
    expect(answer.contentType).toMatch(/^application\/problem\+json/);
    expect(v.is(ProblemSchema, answer.json)).toBe(true);
  }

  it('a 5 MB body gets 413 and a sentence that says the size allowed', async () => {
    const answer = await call(api.url, 'POST', '/bookings', {
      token: heavy.idToken,
      rawBody: JSON.stringify({ serviceId: 1, start: NOW, note: 'x'.repeat(5 * 1024 * 1024) }),
    });
    expectProblem(answer, 413);
    expect(answer.json.detail).toBe(
      'The request body of 5.0 MB is more than the 64 KB allowed. Send a shorter one.',
    );
    // Just over the limit, too; and anyone, signed in or not.
    const over = await call(api.url, 'PUT', '/intake', {
      rawBody: `"${'y'.repeat(API_LIMITS.maxBodyBytes)}"`,
    });
    expectProblem(over, 413);
    expect(over.json.detail).toMatch(/more than the 64 KB allowed/);
  });

  it('20 concurrent writes, twice, from one user: exactly the burst gets through, the rest 429 with Retry-After', async () => {
    const answers = [
      ...(await Promise.all(Array.from({ length: 20 }, () => write(heavy)))),
      ...(await Promise.all(Array.from({ length: 20 }, () => write(heavy)))),
    ];
    const passed = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(passed).toHaveLength(API_LIMITS.writeBurst);
    expect(refused).toHaveLength(40 - API_LIMITS.writeBurst);
    expectProblem(refused[0] as (typeof answers)[number], 429);
    const seconds = 60 / API_LIMITS.writesPerMinute;
    expect(refused[0]?.json.detail).toBe(
      `You have made more than ${API_LIMITS.writeBurst} changes in a short time; after that the ` +
        `site takes ${API_LIMITS.writesPerMinute} a minute. Try again in ${seconds} seconds.`,
    );
    const raw = await fetch(`${api.url}/account/receipt-links/revocation`, {
      method: 'POST',
      headers: { authorization: `Bearer ${heavy.idToken}` },
    });
    expect(raw.status).toBe(429);
    expect(raw.headers.get('retry-after')).toBe(String(seconds));

    // Reading is never limited; after Retry-After one more write gets through, then 429 again.
    expect((await call(api.url, 'GET', '/bookings', { token: heavy.idToken })).status).toBe(200);
    wall = new Date(wall.getTime() + seconds * 1000);
    expect((await write(heavy)).status).toBe(200);
    expect((await write(heavy)).status).toBe(429);

    // One user's limit never touches another's: 20 others at once, twice each, all get through.
    const theirs = await Promise.all(others.flatMap((other) => [write(other), write(other)]));
    expect(theirs.map((answer) => answer.status)).toEqual(theirs.map(() => 200));

    // A minute's steady rate later, the flooder has that many writes again, and no more.
    wall = new Date(wall.getTime() + 60_000);
    const later = await Promise.all(
      Array.from({ length: API_LIMITS.writesPerMinute + 5 }, () => write(heavy)),
    );
    expect(later.filter((answer) => answer.status === 200)).toHaveLength(
      API_LIMITS.writesPerMinute,
    );
  });

  it('40 risk answers from one client, each one the practitioner asked for: one email that says 40; the next only 24 hours on', async () => {
    const answer = () =>
      call(api.url, 'POST', '/questionnaires', {
        token: heavy.idToken,
        body: { instrument: 'PHQ-9', answers: PHQ9_RISK },
      });
    // One PHQ-9 a day unless she asks for another (the daily limit's own test is below).
    const askAnother = async () => {
      const asked = await call(
        api.url,
        'POST',
        `/practice/clients/${heavy.uid}/questionnaire-requests`,
        { token: practitioner.idToken, body: { instrument: 'PHQ-9' } },
      );
      expect(asked.status).toBe(201);
    };
    const answerAsked = async () => {
      await askAnother();
      return answer();
    };
    // The email waits a minute after the first answer, to count the ones sent with it.
    const told = () => sent.filter((message) => message.subject.includes('need your attention'));
    const attention = async () => {
      await api.deliveryIdle();
      const waited = clock;
      clock = new Date(clock.getTime() + RISK_ALERT_GATHER_SECONDS * 1000);
      await api.runOutbox();
      clock = waited;
      return told();
    };
    const statuses: number[] = [];
    for (let batch = 0; batch < 2; batch += 1) {
      // A steady client, not a flood: the write limit has refilled between the batches.
      wall = new Date(wall.getTime() + 5 * 60_000);
      for (let each = 0; each < 20; each += 1) statuses.push((await answerAsked()).status);
    }
    expect(statuses).toEqual(statuses.map(() => 201));
    await api.deliveryIdle();
    await api.runOutbox();
    expect(told()).toHaveLength(0);
    const emails = await attention();
    expect(emails).toHaveLength(1);
    expect(emails[0]?.to).toBe('diary@practice.test');
    expect(emails[0]?.text).toContain(
      '40 questionnaire answers with a risk item have come in and are not yet marked seen.',
    );
    expect(JSON.stringify(emails)).not.toContain(heavy.email);

    // 23 hours later, another: still the one email. 24 hours after the first: a second.
    clock = new Date(NOW.getTime() + 23 * HOUR);
    expect((await answer()).status).toBe(201);
    expect(await attention()).toHaveLength(1);
    clock = new Date(NOW.getTime() + 24 * HOUR);
    expect((await answerAsked()).status).toBe(201);
    const [, second] = await attention();
    expect(second?.text).toContain('42 questionnaire answers with a risk item have come in');

    // Another client's answer is told at once, whatever the first client sent.
    const [other] = others;
    await call(api.url, 'POST', '/questionnaires', {
      token: other?.idToken,
      body: { instrument: 'PHQ-9', answers: PHQ9_RISK },
    });
    const all = await attention();
    expect(all).toHaveLength(3);
    expect(all[2]?.text).toContain('1 questionnaire answer with a risk item has come in');
    expect(all[2]?.text).toContain(`/practice/clients/${other?.uid}`);
  });

  it('one of each questionnaire a London day: 20 at once → 1; another when the practitioner asks, audited', async () => {
    const [client] = others as [TestAccount];
    const send = (instrument: string, answers: number[]) =>
      call(api.url, 'POST', '/questionnaires', {
        token: client.idToken,
        body: { instrument, answers },
      });
    const calm = [0, 0, 1, 0, 0, 0, 0, 0, 0];
    clock = new Date('2027-03-01T23:30:00Z'); // 23:30 in London (GMT)
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('PHQ-9', calm)));
    expect(answers.filter((each) => each.status === 201)).toHaveLength(1);
    const refused = answers.filter((each) => each.status !== 201);
    expect(refused.map((each) => each.status)).toEqual(refused.map(() => 429));
    expectProblem(refused[0] as (typeof answers)[number], 429);
    expect(refused[0]?.json.detail).toBe(
      'You have already sent a PHQ-9 today. You can send the next one tomorrow.',
    );
    // Another instrument is its own count; the page is told which are done for today.
    expect((await send('GAD-7', [0, 0, 0, 0, 0, 0, 0])).status).toBe(201);
    const mine = await call(api.url, 'GET', '/questionnaires', { token: client.idToken });
    expect(mine.json.sentToday).toEqual(['GAD-7', 'PHQ-9']);
    expect(mine.json.questionnaires).toHaveLength(2);
    const raw = await fetch(`${api.url}/questionnaires`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ instrument: 'PHQ-9', answers: calm }),
    });
    expect(raw.headers.get('retry-after')).toBe(String(30 * 60)); // until London's midnight

    // Only the practitioner may ask; asking twice before an answer still allows just one more.
    const path = `/practice/clients/${client.uid}/questionnaire-requests`;
    const ask = (token: string) =>
      call(api.url, 'POST', path, { token, body: { instrument: 'PHQ-9' } });
    expectProblem(await ask(client.idToken), 403);
    expect((await call(api.url, 'POST', path, { body: { instrument: 'PHQ-9' } })).status).toBe(401);
    const asked = await ask(practitioner.idToken);
    expect(asked.status).toBe(201);
    expect(asked.json).toEqual({ instrument: 'PHQ-9', day: '2027-03-01' });
    expect((await ask(practitioner.idToken)).status).toBe(201);
    expect(
      (await call(api.url, 'GET', '/questionnaires', { token: client.idToken })).json.sentToday,
    ).toEqual(['GAD-7']);
    const twice = await Promise.all([send('PHQ-9', calm), send('PHQ-9', calm)]);
    expect(twice.map((each) => each.status).sort()).toEqual([201, 429]);
    const audit = await call(api.url, 'GET', `/practice/audit?client=${client.uid}`, {
      token: practitioner.idToken,
    });
    expect(
      audit.json.entries.filter((entry: { what: string }) => /another PHQ-9/.test(entry.what)),
    ).toHaveLength(2);

    // London's next day (00:00 GMT): one more of each again.
    clock = new Date('2027-03-02T00:00:00Z');
    expect((await send('PHQ-9', calm)).status).toBe(201);
    expect((await send('PHQ-9', calm)).status).toBe(429);
  });
});
