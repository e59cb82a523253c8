import { sql } from 'kysely';
import { changeStatus } from '../bookings';
import { pruneClinicalRecords } from './retention';
import type { Mailer } from '../platform/mail/transport';
import { createAccount, type TestAccount } from '../testing/accounts';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import { confirmedSession, requestedSession } from '../testing/factories/bookings';

const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const SESSION = '2027-02-22T10:00:00Z'; // a week before: over

const quietMailer: Mailer = { async send() {} };

const { client, otherClient, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  otherClient: { name: 'Ben Other' },
  practitioner: { practitioner: true, name: 'Dr Practitioner' },
});

describe.each(DATABASE_KINDS)('session notes on %s', (kind) => {
  let clock = NOW;
  const { db, request } = useApiStack(kind, {
    now: () => clock,
    mailer: quietMailer,
    beforeEach: () => (clock = NOW),
  });

  const session = (who: TestAccount, start: string, status: 'confirmed' | 'requested') =>
    status === 'confirmed' ? confirmedSession(db, who, start) : requestedSession(db, who, start);

  it('keeps a draft, signs it, locks it (409) and takes dated addenda under it', async () => {
    const { id } = await session(client, SESSION, 'confirmed');
    const path = `/practice/bookings/${id}/note`;
    expect((await request('GET', path, practitioner)).json).toEqual({
      text: '',
      status: 'draft',
      addenda: [],
    });
    expect((await request('PUT', path, practitioner, { text: 'First draft' })).json).toEqual({
      text: 'First draft',
      status: 'draft',
      addenda: [],
    });
    const saved = await request('PUT', path, practitioner, { text: 'Low mood, sleep better.' });
    expect(saved.status).toBe(200);
    expect(saved.json.text).toBe('Low mood, sleep better.');
    // An addendum waits for the signature.
    expect(
      (await request('POST', `${path}/addenda`, practitioner, { text: 'Too early' })).status,
    ).toBe(409);

    clock = new Date('2027-03-01T09:05:00Z');
    const signed = await request('POST', `${path}/sign`, practitioner);
    expect(signed.status).toBe(200);
    expect(signed.json).toEqual({
      text: 'Low mood, sleep better.',
      status: 'signed',
      signedAt: '2027-03-01T09:05:00.000Z',
      addenda: [],
    });
    const changed = await request('PUT', path, practitioner, { text: 'Rewritten' });
    expect(changed.status).toBe(409);
    expect(changed.contentType).toMatch(/problem\+json/);
    expect(changed.json.detail).toMatch(/addendum/);
    expect(changed.json.detail).not.toContain('Low mood');
    expect((await request('POST', `${path}/sign`, practitioner)).status).toBe(409);

    clock = new Date('2027-03-02T08:00:00Z');
    const amended = await request('POST', `${path}/addenda`, practitioner, {
      text: 'GP letter received.',
    });
    expect(amended.status).toBe(201);
    expect(amended.json).toEqual({
      text: 'Low mood, sleep better.',
      status: 'signed',
      signedAt: '2027-03-01T09:05:00.000Z',
      addenda: [{ text: 'GP letter received.', at: '2027-03-02T08:00:00.000Z' }],
    });
    expect((await request('GET', path, practitioner)).json).toEqual(amended.json);
  });

  it('locks a signed note in the database itself, whatever the code does', async () => {
    const { id } = await session(client, SESSION, 'confirmed');
    const path = `/practice/bookings/${id}/note`;
    await request('PUT', path, practitioner, { text: 'Original' });
    await request('POST', `${path}/sign`, practitioner);
    await expect(
      sql`update session_notes set text = 'Forged' where booking_id = ${id}`.execute(db),
    ).rejects.toThrow(/signed note cannot be changed/);
    await expect(
      sql`update session_notes set signed_at = null where booking_id = ${id}`.execute(db),
    ).rejects.toThrow(/signed note cannot be changed/);
    await sql`update note_addenda set text = 'Forged'`.execute(db);
    expect((await request('GET', path, practitioner)).json.text).toBe('Original');
  });

  it('refuses a client (their own session too) and anyone else: the same 403 for every session', async () => {
    const { id } = await session(client, SESSION, 'confirmed');
    const path = `/practice/bookings/${id}/note`;
    await request('PUT', path, practitioner, { text: 'Private' });
    for (const who of [client, otherClient]) {
      for (const [method, suffix, body] of [
        ['GET', '', undefined],
        ['PUT', '', { text: 'x' }],
        ['POST', '/sign', undefined],
        ['POST', '/addenda', { text: 'x' }],
      ] as const) {
        const answer = await request(method, `${path}${suffix}`, who, body);
        // Refused before any session is looked up, so a note's existence is not given away.
        expect({ status: answer.status, type: answer.json.type }, `${method} ${suffix}`).toEqual({
          status: 403,
          type: '/api/problems/not-practitioner',
        });
        expect(JSON.stringify(answer.json)).not.toContain('Private');
      }
    }
    expect((await request('GET', path)).status).toBe(401);
    expect((await request('GET', '/practice/bookings/not-an-id/note', practitioner)).status).toBe(
      404,
    );
  });

  it('writes a note only for a session that has started and was not a mere request', async () => {
    const ahead = await session(client, '2027-03-08T10:00:00Z', 'confirmed');
    const asked = await session(client, '2027-02-15T10:00:00Z', 'requested');
    const early = await request('PUT', `/practice/bookings/${ahead.id}/note`, practitioner, {
      text: 'x',
    });
    expect(early.status).toBe(422);
    expect(early.json.detail).toBe('A note can be written once the session has started.');
    const request409 = await request('PUT', `/practice/bookings/${asked.id}/note`, practitioner, {
      text: 'x',
    });
    expect(request409.status).toBe(409);
    const empty = await session(client, SESSION, 'confirmed');
    expect(
      (await request('POST', `/practice/bookings/${empty.id}/note/sign`, practitioner)).status,
    ).toBe(422);
  });

  it('audits every read and change, without the note’s words', async () => {
    const { id } = await session(client, SESSION, 'confirmed');
    const path = `/practice/bookings/${id}/note`;
    await request('PUT', path, practitioner, { text: 'Secret words' });
    await request('GET', path, practitioner);
    await request('GET', path, practitioner);
    await request('POST', `${path}/sign`, practitioner);
    await request('POST', `${path}/addenda`, practitioner, { text: 'More secret words' });
    await request('GET', `/practice/clients/${client.uid}`, practitioner);
    const { entries } = (await request('GET', `/practice/audit?client=${client.uid}`, practitioner))
      .json as { entries: { action: string; what: string; actor: string }[] };
    expect(entries.map((entry) => [entry.action, entry.what])).toEqual([
      ['change', 'Saved the draft note of the session on 22 February 2027'],
      ['read', 'Read the note of the session on 22 February 2027'],
      ['read', 'Read the note of the session on 22 February 2027'],
      ['change', 'Signed the note of the session on 22 February 2027'],
      ['change', 'Added an addendum to the note of the session on 22 February 2027'],
      [
        'read',
        'Opened the client’s record: intake, agreement, questionnaires, session notes, risk follow-ups and bookings',
      ],
    ]);
    expect(entries.every((entry) => entry.actor === practitioner.uid)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain('Secret');
  });

  it('shows the notes on the record and in the client’s own export, nobody else’s', async () => {
    const first = await session(client, '2027-02-15T10:00:00Z', 'confirmed');
    const second = await session(client, SESSION, 'confirmed');
    const others = await session(otherClient, '2027-02-16T10:00:00Z', 'confirmed');
    await request('PUT', `/practice/bookings/${first.id}/note`, practitioner, { text: 'One' });
    await request('POST', `/practice/bookings/${first.id}/note/sign`, practitioner);
    await request('PUT', `/practice/bookings/${second.id}/note`, practitioner, { text: 'Two' });
    await request('PUT', `/practice/bookings/${others.id}/note`, practitioner, { text: 'Ben’s' });
    const record = await request('GET', `/practice/clients/${client.uid}`, practitioner);
    expect(record.json.notes).toMatchObject([
      { bookingId: second.id, start: '2027-02-22T10:00:00.000Z', text: 'Two', status: 'draft' },
      { bookingId: first.id, text: 'One', status: 'signed', signedAt: NOW.toISOString() },
    ]);
    // The instant copy holds no notes: they are released on request, drafts never.
    const exported = await request('GET', '/account/export', client);
    expect(exported.json.notes).toBeUndefined();
    expect(JSON.stringify(exported.json)).not.toContain('Two');
    expect(JSON.stringify(exported.json)).not.toContain('Ben’s');
  });

  it('keeps the notes with the record after the account goes, and deletes them at retention', async () => {
    const leaving = await createAccount({ name: 'Cy Leaving' });
    const { id } = await session(leaving, SESSION, 'confirmed');
    await request('PUT', `/practice/bookings/${id}/note`, practitioner, { text: 'Kept' });
    await request('POST', `/practice/bookings/${id}/note/sign`, practitioner);
    await request('POST', `/practice/bookings/${id}/note/addenda`, practitioner, { text: 'And' });
    expect((await request('POST', '/account/deletion', leaving)).json).toEqual({
      keptUntil: '2034-02-22T10:00:00.000Z',
    });
    const notes = async () =>
      Number(
        (
          await sql<{ count: string }>`select
          (select count(*) from session_notes) + (select count(*) from note_addenda) as count`.execute(
            db,
          )
        ).rows[0]!.count,
      );
    expect(await notes()).toBe(2);
    expect(await pruneClinicalRecords(db, new Date('2034-02-22T09:59:59Z'))).toBe(0);
    expect(await notes()).toBe(2);
    expect(await pruneClinicalRecords(db, new Date('2034-02-22T10:00:00Z'))).toBe(1);
    expect(await notes()).toBe(0);
  });

  it('deletes the notes at once with a record that had no session held', async () => {
    const leaving = await createAccount({ name: 'Cy Leaving' });
    const cancelled = await session(leaving, SESSION, 'confirmed');
    await request('PUT', `/practice/bookings/${cancelled.id}/note`, practitioner, { text: 'x' });
    await changeStatus(db, cancelled.id, ['confirmed'], 'cancelled', NOW);
    expect((await request('POST', '/account/deletion', leaving)).json).toEqual({
      keptUntil: null,
    });
    expect(await db.selectFrom('session_notes').select('id').execute()).toEqual([]);
  });
});
