import { sql } from 'kysely';
import { INTAKE } from '../testing/factories/clinical';
import { adminAuth, createAccount, type TestAccount } from '../testing/accounts';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import { confirmedSession, requestedSession } from '../testing/factories/bookings';
import { firebaseTokenVerifier } from '../platform/http/caller';
import { applyRetention } from '../retention';

const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const HELD = '2027-02-22T10:00:00Z'; // a week before: held
const KEPT_UNTIL = '2034-02-22T10:00:00.000Z'; // 7 years from it
const PHQ9_RISK = [1, 2, 1, 0, 0, 1, 0, 0, 2];

const { practitioner } = await createAccounts({
  practitioner: { practitioner: true, name: 'Dr Practitioner' },
});

/** A client of their own for each test: deleting the account deletes its sign-in too. */
const newClient = () => createAccount({ name: 'Ada Client' });

describe.each(DATABASE_KINDS)('deleting an account on %s', (kind) => {
  let clock = NOW;
  let identityFails = false;
  const { db, request, api, sent, mailTo } = useApiStack(kind, {
    now: () => clock,
    practiceEmail: 'diary@practice.test',
    beforeEach: () => {
      clock = NOW;
      identityFails = false;
    },
    deleteIdentity: async (uid) => {
      if (identityFails) throw new Error('The identity provider did not answer');
      try {
        await adminAuth().deleteUser(uid);
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
    },
  });

  const count = async (
    table: 'intakes' | 'questionnaires' | 'session_notes' | 'bookings',
    uid: string,
  ) =>
    (await db.selectFrom(table).select('client_uid').where('client_uid', '=', uid).execute())
      .length;

  /** A client with an intake, a risk answer, a session held and its signed note, and one ahead. */
  async function clientWithRecord() {
    const client = await newClient();
    expect((await request('PUT', '/intake', client, INTAKE)).status).toBe(200);
    await request('POST', '/questionnaires', client, { instrument: 'PHQ-9', answers: PHQ9_RISK });
    const held = await confirmedSession(db, client, HELD, { requestedAt: new Date(HELD) });
    await requestedSession(db, client, '2027-03-10T10:00:00Z', { requestedAt: NOW });
    const note = `/practice/bookings/${held.id}/note`;
    expect(
      (await request('PUT', note, practitioner, { text: 'Low mood; sleep better.' })).status,
    ).toBe(200);
    expect((await request('POST', `${note}/sign`, practitioner)).status).toBe(200);
    return client;
  }

  const recordOf = async (uid: string) => ({
    intakes: await count('intakes', uid),
    questionnaires: await count('questionnaires', uid),
    notes: await count('session_notes', uid),
  });
  const WHOLE = { intakes: 1, questionnaires: 1, notes: 1 };

  it('has no endpoint that lets a client delete clinical data or bookings, in either order', async () => {
    const client = await clientWithRecord();
    for (const order of [
      ['/account/bookings', '/account/clinical'],
      ['/account/clinical', '/account/bookings'],
    ]) {
      for (const path of order) {
        expect([404, 405]).toContain((await request('DELETE', path, client)).status);
      }
    }
    expect(await recordOf(client.uid)).toEqual(WHOLE);
    expect(await count('bookings', client.uid)).toBe(2);
  });

  it('keeps a record with a held session for its full period, whether run once or twice', async () => {
    const client = await clientWithRecord();
    // The identity provider fails after the records are retired: the client tries again.
    identityFails = true;
    const first = await request('POST', '/account/deletion', client);
    expect(first.status).toBe(503);
    expect(first.json.detail).toContain('try again');
    expect(await count('bookings', client.uid)).toBe(0);
    identityFails = false;
    clock = new Date('2027-03-02T09:00:00Z');
    const second = await request('POST', '/account/deletion', client);
    expect(second.status).toBe(200);
    // The bookings are gone now, yet the date is the same: it is read from the record.
    expect(second.json).toEqual({ keptUntil: KEPT_UNTIL });
    expect(await recordOf(client.uid)).toEqual(WHOLE);
    await expect(adminAuth().getUser(client.uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    // The practice hears once of the deletion and of the session ahead that it cancels.
    await api.deliveryIdle();
    const cancelled = await db
      .selectFrom('messages')
      .select('kind')
      .where('client_uid', '=', client.uid)
      .where('kind', 'like', '%by-client')
      .execute();
    expect(cancelled.map((row) => row.kind).sort()).toEqual([
      'account-deleted-by-client',
      'cancelled-by-client',
    ]);

    // Kept to the last moment of its period, then deleted by the retention job.
    expect((await applyRetention(db, new Date('2034-02-22T09:59:59.999Z'))).clinicalRecords).toBe(
      0,
    );
    expect(await recordOf(client.uid)).toEqual(WHOLE);
    expect((await applyRetention(db, new Date(KEPT_UNTIL))).clinicalRecords).toBe(1);
    expect(await recordOf(client.uid)).toEqual({ intakes: 0, questionnaires: 0, notes: 0 });
  });

  it('never moves a retention date earlier', async () => {
    const client = await clientWithRecord();
    await db
      .insertInto('clinical_retention')
      .values({
        client_uid: client.uid,
        last_session_at: new Date('2027-02-26T10:00:00Z'),
        delete_after: new Date('2035-01-01T00:00:00Z'),
      })
      .execute();
    const answer = await request('POST', '/account/deletion', client);
    expect(answer.json).toEqual({ keptUntil: '2035-01-01T00:00:00.000Z' });
  });

  it('deletes at once a record with no session held', async () => {
    const client = await newClient();
    await request('PUT', '/intake', client, INTAKE);
    await request('POST', '/questionnaires', client, { instrument: 'PHQ-9', answers: PHQ9_RISK });
    // Asked for, and even confirmed, but not yet held.
    await confirmedSession(db, client, '2027-03-03T10:00:00Z', { requestedAt: NOW });
    const answer = await request('POST', '/account/deletion', client);
    expect(answer).toMatchObject({ status: 200, json: { keptUntil: null } });
    expect(await recordOf(client.uid)).toEqual({ intakes: 0, questionnaires: 0, notes: 0 });
    const audit = await db
      .selectFrom('audit_log')
      .select('id')
      .where('client_uid', '=', client.uid)
      .execute();
    expect(audit).toEqual([]);
  });

  it('restricts a kept record: out of the risk flags and the diary, under retained records, read-only', async () => {
    const client = await clientWithRecord();
    const flags = async () =>
      (
        (await request('GET', '/practice/risk-flags', practitioner)).json.flags as {
          client: { uid: string };
        }[]
      ).map((flag) => flag.client.uid);
    const diary = async () =>
      (
        (await request('GET', '/practice/bookings?from=2027-02-20&to=2027-03-20', practitioner))
          .json.bookings as { clientUid: string }[]
      ).map((booking) => booking.clientUid);
    expect(await flags()).toContain(client.uid);
    expect(await diary()).toContain(client.uid);

    expect((await request('POST', '/account/deletion', client)).status).toBe(200);
    expect(await flags()).not.toContain(client.uid);
    expect(await diary()).not.toContain(client.uid);
    expect((await request('GET', `/practice/clients/${client.uid}`, practitioner)).status).toBe(
      404,
    );

    const list = await request('GET', '/practice/retained-records', practitioner);
    expect(list.json.records).toEqual([
      {
        client: { uid: client.uid, name: 'Ada Client', email: client.email },
        lastSessionAt: '2027-02-22T10:00:00.000Z',
        keptUntil: KEPT_UNTIL,
        accountDeletedAt: NOW.toISOString(),
      },
    ]);
    const record = await request('GET', `/practice/retained-records/${client.uid}`, practitioner);
    expect(record.status).toBe(200);
    expect(record.json).toMatchObject({
      keptUntil: KEPT_UNTIL,
      intake: { phone: INTAKE.phone },
      notes: [{ text: 'Low mood; sleep better.', status: 'signed' }],
    });
    const audit = await db
      .selectFrom('audit_log')
      .select('what')
      .where('client_uid', '=', client.uid)
      .where('action', '=', 'read')
      .execute();
    expect(audit.map((row) => row.what)).toEqual(
      expect.arrayContaining([
        'Saw the client among the retained records',
        'Opened the retained record: intake, agreement, questionnaires, session notes and risk follow-ups',
      ]),
    );

    // Read-only: the API refuses a change, and the database refuses it whatever the code.
    const followUp = await request(
      'POST',
      `/practice/clients/${client.uid}/risk-follow-ups`,
      practitioner,
      {
        action: 'contacted',
        text: 'Phoned.',
      },
    );
    expect(followUp.status).toBe(409);
    expect(
      (await request('POST', `/practice/clients/${client.uid}/risk-seen`, practitioner)).status,
    ).toBe(409);
    await expect(
      sql`update session_notes set text = 'changed' where client_uid = ${client.uid}`.execute(db),
    ).rejects.toThrow();
    await expect(
      sql`insert into risk_follow_ups (client_uid, actor_uid, action, text, at)
        values (${client.uid}, 'someone', 'contacted', 'x', now())`.execute(db),
    ).rejects.toThrow();
  });

  it('a partner deletes their account: they leave the couple’s sessions, the booker keeps them and is told; the export held the times only', async () => {
    const booker = await createAccount({ name: 'Ada Booker' });
    const partner = await createAccount({ name: 'Pat Partner' });
    const asked = await request('POST', '/series', booker, {
      serviceId: 2, // Couples Counselling, weekly
      start: '2027-03-09T18:00:00Z',
      participants: [{ name: 'Pat Partner', email: partner.email }],
    });
    expect(asked.status).toBe(201);
    const invitation = (await request('GET', '/invitations', partner)).json.invitations[0];
    expect((await request('POST', `/invitations/${invitation.id}/accept`, partner)).status).toBe(
      200,
    );
    expect((await request('POST', `/series/${asked.json.id}/confirm`, practitioner)).status).toBe(
      200,
    );

    const exported = (await request('GET', '/account/export', partner)).json;
    expect(exported.sharedSessions.length).toBe(asked.json.sessions.length);
    expect(exported.sharedSessions[0]).toEqual({
      serviceName: 'Couples Counselling',
      start: '2027-03-09T18:00:00.000Z',
      end: '2027-03-09T19:00:00.000Z',
      status: 'confirmed',
    });
    expect(JSON.stringify(exported)).not.toContain(booker.email);

    await api.deliveryIdle();
    sent.length = 0;
    expect((await request('POST', '/account/deletion', partner)).status).toBe(200);
    await api.runOutbox();
    await mailTo(booker.email, /^Pat Partner no longer comes: Couples Counselling/);
    const bookers = (await request('GET', '/bookings', booker)).json.bookings;
    expect(bookers.filter((each: { status: string }) => each.status === 'confirmed')).toHaveLength(
      asked.json.sessions.length,
    );
    expect(bookers[0].participants).toEqual([
      { id: expect.any(String), name: 'Pat Partner', status: 'left', agreementAccepted: false },
    ]);
  });
});

describe.each(DATABASE_KINDS)('deleting an account after an old sign-in on %s', (kind) => {
  const verify = firebaseTokenVerifier();
  const { request, db } = useApiStack(kind, {
    now: () => NOW,
    // A sign-in from ten minutes ago, as a token kept in a browser would carry.
    verifyToken: async (token) => ({
      ...(await verify(token)),
      authTime: new Date(Date.now() - 10 * 60_000),
    }),
  });

  it('asks the client to sign in again (403), and keeps everything', async () => {
    const client: TestAccount = await newClient();
    await request('PUT', '/intake', client, INTAKE);
    const answer = await request('POST', '/account/deletion', client);
    expect(answer.status).toBe(403);
    expect(answer.json.type).toBe('/api/problems/sign-in-again');
    expect((await db.selectFrom('intakes').select('client_uid').execute()).length).toBe(1);
    expect(await adminAuth().getUser(client.uid)).toMatchObject({ uid: client.uid });
  });
});
