import { sql } from 'kysely';
import { AGREEMENT } from '../../../shared/agreement';
import { AccountExportSchema, ClientRecordSchema } from '../../../shared/intake';
import { RISK_ALERT_GATHER_SECONDS } from '../../../shared/limits';
import * as v from 'valibot';
import type { TestAccount } from '../testing/accounts';
import { call } from '../testing/api-server';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import { confirmedSession } from '../testing/factories/bookings';
import { INTAKE } from '../testing/factories/clinical';
import { refuseMessages } from '../testing/factories/messages';

const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const PRACTICE_EMAIL = 'diary@practice.test';

const PHQ9_RISK = [1, 2, 1, 0, 0, 1, 0, 0, 2];
const PHQ9_CALM = [0, 0, 1, 0, 0, 0, 0, 0, 0];

const { client, otherClient, unverified, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  otherClient: { name: 'Ben Other' },
  unverified: { verified: false },
  practitioner: { practitioner: true, name: 'Dr Practitioner' },
});

describe.each(DATABASE_KINDS)('the clinical record on %s', (kind) => {
  let clock = NOW;
  const { db, api, request, ...mail } = useApiStack(kind, {
    now: () => clock,
    practiceEmail: PRACTICE_EMAIL,
    beforeEach: () => (clock = NOW),
  });

  /** A session the client has had: confirmed, and started before the clock. */
  const pastSession = (who: TestAccount, start: string) =>
    confirmedSession(db, who, start, { requestedAt: new Date(start) });

  it('lets only the right callers reach each endpoint', async () => {
    const who = { anonymous: undefined, unverified, client, other: otherClient, practitioner };
    type Who = keyof typeof who;
    const matrix: [string, string, unknown, Record<Who, number>][] = [
      [
        'PUT',
        '/intake',
        INTAKE,
        { anonymous: 401, unverified: 403, client: 200, other: 200, practitioner: 200 },
      ],
      [
        'GET',
        '/intake',
        undefined,
        { anonymous: 401, unverified: 403, client: 200, other: 200, practitioner: 200 },
      ],
      [
        'GET',
        '/agreement',
        undefined,
        { anonymous: 401, unverified: 200, client: 200, other: 200, practitioner: 200 },
      ],
      [
        'POST',
        '/questionnaires',
        { instrument: 'GAD-7', answers: [0, 0, 0, 0, 0, 0, 0] },
        { anonymous: 401, unverified: 403, client: 201, other: 201, practitioner: 201 },
      ],
      [
        'GET',
        '/questionnaires',
        undefined,
        { anonymous: 401, unverified: 403, client: 200, other: 200, practitioner: 200 },
      ],
      [
        'GET',
        `/practice/clients/${client.uid}`,
        undefined,
        { anonymous: 401, unverified: 403, client: 403, other: 403, practitioner: 200 },
      ],
      [
        'POST',
        `/practice/clients/${client.uid}/risk-seen`,
        undefined,
        { anonymous: 401, unverified: 403, client: 403, other: 403, practitioner: 200 },
      ],
      [
        'GET',
        '/practice/risk-flags',
        undefined,
        { anonymous: 401, unverified: 403, client: 403, other: 403, practitioner: 200 },
      ],
      [
        'GET',
        `/practice/audit?client=${client.uid}`,
        undefined,
        { anonymous: 401, unverified: 403, client: 403, other: 403, practitioner: 200 },
      ],
      [
        'GET',
        '/account/export',
        undefined,
        { anonymous: 401, unverified: 200, client: 200, other: 200, practitioner: 200 },
      ],
    ];
    for (const [method, path, body, expected] of matrix) {
      for (const name of Object.keys(who) as Who[]) {
        const answer = await request(method, path, who[name], body);
        expect([method, path, name, answer.status]).toEqual([method, path, name, expected[name]]);
      }
    }
  });

  it('keeps the intake and agreement, and shows it only to its client', async () => {
    expect((await request('GET', '/intake', client)).status).toBe(404);
    const saved = await request('PUT', '/intake', client, INTAKE);
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      dateOfBirth: '1988-07-14',
      gp: INTAKE.gp,
      agreement: { version: AGREEMENT.version, agreedAt: NOW.toISOString(), current: true },
    });
    expect(saved.json.agreement.agreedFrom).toMatch(/intake page/);
    // From where: the caller's address and browser (here the test's own loopback fetch).
    expect(saved.json.agreement.agreedFrom).toMatch(/from 127\.0\.0\.1, node/);
    // Another client sees no sign of it: the same 404 as having none.
    const other = await request('GET', '/intake', otherClient);
    expect(other.status).toBe(404);
    // Editable later: the agreement's time stays that of the version given.
    clock = new Date(NOW.getTime() + 3_600_000);
    const edited = await request('PUT', '/intake', client, { ...INTAKE, phone: '0117 496 0000' });
    expect(edited.json).toMatchObject({
      phone: '0117 496 0000',
      agreement: { agreedAt: NOW.toISOString() },
    });
    expect((await request('GET', '/intake', client)).json.phone).toBe('0117 496 0000');
  });

  it('answers the current agreement, and refuses an older version or a missing tick', async () => {
    const agreement = await request('GET', '/agreement', client);
    expect(agreement.json.version).toBe(AGREEMENT.version);
    expect(agreement.json.text).toMatch(/Terrorism Act 2000/);
    expect(agreement.json.text).toMatch(/24 hours/);
    expect((await request('GET', '/agreement?version=2020-01-1', client)).status).toBe(409);
    const old = await request('PUT', '/intake', client, {
      ...INTAKE,
      agreement: { ...INTAKE.agreement, version: '2020-01-1' },
    });
    expect(old.status).toBe(409);
    expect(old.json.type).toBe('/api/problems/agreement-changed');
    const unticked = await request('PUT', '/intake', client, {
      ...INTAKE,
      agreement: { ...INTAKE.agreement, confidentiality: false },
    });
    expect(unticked.status).toBe(400);
    expect(unticked.json.detail).toMatch(/confidentiality/);
  });

  it('scores a questionnaire, keeps it for its client only, and says when one is due', async () => {
    expect((await request('GET', '/questionnaires', client)).json).toEqual({
      questionnaires: [],
      due: true,
      intakeDue: true,
      outcomes: [],
      sentToday: [],
      // CSI-4 is for the partners of a couples' session only.
      offered: ['PHQ-9', 'GAD-7', 'CORE-10'],
    });
    await request('PUT', '/intake', client, INTAKE);
    const posted = await request('POST', '/questionnaires', client, {
      instrument: 'CORE-10',
      answers: [2, 1, 1, 2, 1, 0, 3, 2, 2, 1],
    });
    expect(posted.status).toBe(201);
    expect(posted.json).toEqual({
      id: expect.any(String),
      instrument: 'CORE-10',
      total: 19,
      band: 'Moderate',
      risk: false,
      submittedAt: NOW.toISOString(),
    });
    const mine = await request('GET', '/questionnaires', client);
    expect(mine.json).toMatchObject({ due: false, intakeDue: false });
    expect(mine.json.questionnaires).toHaveLength(1);
    expect((await request('GET', '/questionnaires', otherClient)).json.questionnaires).toEqual([]);
    // After four sessions, one is due again.
    for (const day of [2, 9, 16, 23])
      await pastSession(client, `2027-03-${String(day).padStart(2, '0')}T10:00:00Z`);
    clock = new Date('2027-03-24T09:00:00Z');
    expect((await request('GET', '/questionnaires', client)).json.due).toBe(true);
    expect(mail.sent).toEqual([]);
  });

  it('refuses the wrong count or values with 400', async () => {
    for (const body of [
      { instrument: 'PHQ-9', answers: [0, 0, 0] },
      { instrument: 'PHQ-9', answers: [0, 0, 0, 0, 0, 0, 0, 0, 4] },
      { instrument: 'GAD-7', answers: [0, 0, 0, 0, 0, 0, -1] },
      { instrument: 'CORE-10', answers: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0.5] },
      { instrument: 'BDI-II', answers: [] },
      { answers: [0] },
    ]) {
      const answer = await request('POST', '/questionnaires', client, body);
      expect([body, answer.status]).toEqual([body, 400]);
    }
    expect((await request('GET', '/questionnaires', client)).json.questionnaires).toEqual([]);
  });

  it('on a risk answer, tells the practice in the same transaction, without the answers', async () => {
    const posted = await request('POST', '/questionnaires', client, {
      instrument: 'PHQ-9',
      answers: PHQ9_RISK,
    });
    expect(posted.json).toMatchObject({ total: 7, band: 'Mild', risk: true });
    // It goes a minute after the answer, to count any sent with it (limits.test.ts).
    await api.deliveryIdle();
    await api.runOutbox();
    expect(mail.sent).toHaveLength(0);
    clock = new Date(NOW.getTime() + RISK_ALERT_GATHER_SECONDS * 1000);
    await api.runOutbox();
    const risk = mail.sent.filter((message) => message.subject.includes('attention'));
    expect(risk).toHaveLength(1);
    expect(risk[0]).toMatchObject({ to: PRACTICE_EMAIL });
    expect(risk[0]!.subject).toBe('A client’s answers need your attention today');
    expect(risk[0]!.text).toContain(`http://site.test/practice/clients/${client.uid}`);
    const everything = JSON.stringify(risk[0]);
    for (const secret of ['PHQ', 'Mild', 'Ada', client.email, 'answer 9', 'Thoughts']) {
      expect(everything).not.toContain(secret);
    }
    // A calm one (the next day: one PHQ-9 a day) writes nothing.
    clock = new Date(NOW.getTime() + 24 * 3_600_000);
    expect(
      (
        await request('POST', '/questionnaires', client, {
          instrument: 'PHQ-9',
          answers: PHQ9_CALM,
        })
      ).status,
    ).toBe(201);
    await api.deliveryIdle();
    expect(mail.sent).toHaveLength(1);
    // The flag stays until the practitioner marks it seen.
    const flags = await request('GET', '/practice/risk-flags', practitioner);
    expect(flags.json.flags).toEqual([
      {
        client: { uid: client.uid, email: client.email, name: 'Ada Client' },
        since: NOW.toISOString(),
        count: 1,
      },
    ]);
    expect(
      (await request('POST', `/practice/clients/${client.uid}/risk-seen`, practitioner)).json,
    ).toEqual({ marked: 1 });
    expect((await request('GET', '/practice/risk-flags', practitioner)).json.flags).toEqual([]);
  });

  it('writes the risk message and the questionnaire together, or neither', async () => {
    const { quiet, restore } = await refuseMessages(db);
    try {
      const answer = await request('POST', '/questionnaires', client, {
        instrument: 'PHQ-9',
        answers: PHQ9_RISK,
      });
      expect(answer.status).toBe(500);
      // Only the error's name and message reach the log, never the answers.
      expect(JSON.stringify(quiet.mock.calls)).not.toContain('[1,2,1');
    } finally {
      await restore();
    }
    expect((await request('GET', '/questionnaires', client)).json.questionnaires).toEqual([]);
  });

  it('names a client the records do not name (no intake, no bookings) from their account', async () => {
    await request('POST', '/questionnaires', client, { instrument: 'PHQ-9', answers: PHQ9_CALM });
    const record = await request('GET', `/practice/clients/${client.uid}`, practitioner);
    expect(record.status).toBe(200);
    expect(record.json.client).toEqual({
      uid: client.uid,
      name: 'Ada Client',
      email: client.email,
    });
  });

  it('shows the practitioner the whole record, and writes every read to the audit log', async () => {
    await request('PUT', '/intake', client, INTAKE);
    await request('POST', '/questionnaires', client, { instrument: 'PHQ-9', answers: PHQ9_RISK });
    await pastSession(client, '2027-02-22T10:00:00Z');
    expect(
      (await request('GET', `/practice/audit?client=${client.uid}`, practitioner)).json,
    ).toEqual({ entries: [] });
    const record = await request('GET', `/practice/clients/${client.uid}`, practitioner);
    expect(record.status).toBe(200);
    expect(v.is(ClientRecordSchema, record.json)).toBe(true);
    expect(record.json.intake).toMatchObject({
      gp: INTAKE.gp,
      agreement: { version: AGREEMENT.version },
    });
    expect(record.json.questionnaires).toMatchObject([
      { instrument: 'PHQ-9', total: 7, risk: true, riskItems: [9], answers: PHQ9_RISK },
    ]);
    expect(record.json.bookings).toMatchObject([
      { status: 'confirmed', start: '2027-02-22T10:00:00.000Z' },
    ]);
    clock = new Date(NOW.getTime() + 60_000);
    await request('GET', `/practice/clients/${client.uid}`, practitioner);
    await request('POST', `/practice/clients/${client.uid}/risk-seen`, practitioner);
    const audit = await request('GET', `/practice/audit?client=${client.uid}`, practitioner);
    expect(audit.json.entries).toEqual([
      {
        at: NOW.toISOString(),
        actor: practitioner.uid,
        action: 'read',
        what: expect.stringMatching(/record/),
      },
      {
        at: clock.toISOString(),
        actor: practitioner.uid,
        action: 'read',
        what: expect.stringMatching(/record/),
      },
      {
        at: clock.toISOString(),
        actor: practitioner.uid,
        action: 'change',
        what: 'Marked the risk answers seen',
      },
    ]);
    // Nobody else's log is touched; an unknown client is not found, and not logged.
    expect(
      (await request('GET', `/practice/audit?client=${otherClient.uid}`, practitioner)).json
        .entries,
    ).toEqual([]);
    expect((await request('GET', '/practice/clients/no-such-client', practitioner)).status).toBe(
      404,
    );
    expect(
      (await request('GET', '/practice/audit?client=no-such-client', practitioner)).json.entries,
    ).toEqual([]);
    // The log cannot be edited, not even in SQL.
    await sql`update audit_log set what = 'nothing'`.execute(db);
    expect(
      (await request('GET', `/practice/audit?client=${client.uid}`, practitioner)).json.entries[0]
        .what,
    ).toMatch(/record/);
  });

  it('exports all and only the caller’s data', async () => {
    await request('PUT', '/intake', client, INTAKE);
    await request('POST', '/questionnaires', client, {
      instrument: 'GAD-7',
      answers: [1, 1, 1, 1, 1, 1, 1],
    });
    await pastSession(client, '2027-02-22T10:00:00Z');
    await request('PUT', '/intake', otherClient, { ...INTAKE, phone: '0117 000 0000' });
    await request('POST', '/questionnaires', otherClient, {
      instrument: 'PHQ-9',
      answers: PHQ9_CALM,
    });
    await pastSession(otherClient, '2027-02-23T10:00:00Z');
    await request('GET', `/practice/clients/${client.uid}`, practitioner);
    const exported = await request('GET', '/account/export', client);
    expect(exported.status).toBe(200);
    expect(v.is(AccountExportSchema, exported.json)).toBe(true);
    expect(exported.json).toMatchObject({
      account: { uid: client.uid, email: client.email },
      intake: { phone: INTAKE.phone },
      questionnaires: [{ instrument: 'GAD-7', total: 7, answers: [1, 1, 1, 1, 1, 1, 1] }],
      bookings: [{ start: '2027-02-22T10:00:00.000Z' }],
      audit: [{ action: 'read' }],
    });
    expect(exported.json.agreementText).toMatch(/Confidentiality/);
    const text = JSON.stringify(exported.json);
    expect(text).not.toContain(otherClient.uid);
    expect(text).not.toContain('0117 000 0000');
    expect(text).not.toContain('PHQ-9');
    const empty = await request('GET', '/account/export', unverified);
    expect(empty.json).toMatchObject({ intake: null, questionnaires: [], bookings: [], audit: [] });
  });

  it('never answers 500 to hostile input', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'intake',
      { ...INTAKE, address: 'a\u0000b' },
      { ...INTAKE, address: 'x'.repeat(10_000) },
      { ...INTAKE, phone: '\ud800' },
      { ...INTAKE, dateOfBirth: '1988-02-30' },
      { ...INTAKE, gp: 'Dr Hollis' },
      { ...INTAKE, agreement: { ...INTAKE.agreement, version: { $ne: 1 } } },
    ];
    for (const body of bodies) {
      const answer = await request('PUT', '/intake', client, body);
      expect([body, answer.status]).toEqual([body, 400]);
    }
    for (const body of [
      { instrument: 'PHQ-9', answers: Array(5_000).fill(1) },
      { instrument: 'PHQ-9', answers: 'all' },
      { instrument: ['PHQ-9'], answers: [] },
    ]) {
      expect((await request('POST', '/questionnaires', client, body)).status).toBe(400);
    }
    const raw = await call(api.url, 'PUT', '/intake', {
      token: client.idToken,
      rawBody: '{"dateOfBirth":',
    });
    expect(raw.status).toBe(400);
    for (const path of [
      '/practice/clients/%E0%A4',
      '/practice/clients/..%2F..',
      `/practice/clients/${'x'.repeat(300)}`,
      '/practice/audit?client=',
      '/practice/audit',
    ]) {
      const answer = await request('GET', path, practitioner);
      expect([path, answer.status < 500]).toEqual([path, true]);
    }
  });
});
