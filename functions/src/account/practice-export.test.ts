import * as v from 'valibot';
import { ClientRecordExportSchema } from '../../../shared/intake';
import type { Mailer } from '../platform/mail/transport';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import { confirmedSession } from '../testing/factories/bookings';
import { INTAKE } from '../testing/factories/clinical';

const NOW = new Date('2027-03-01T09:00:00Z');
const SESSION = '2027-02-22T10:00:00Z';
const FRESH = '/api/problems/fresh-passkey-required';

const quietMailer: Mailer = { async send() {} };

const { client, otherClient, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  otherClient: { name: 'Ben Other' },
  practitioner: { practitioner: true, name: 'Dr Practitioner' },
});

describe.each(DATABASE_KINDS)('the practitioner’s export of a client’s record on %s', (kind) => {
  // Her passkey's age is measured on this clock (the ID tokens run on the wall clock).
  let sessionShift = 0;
  const { db, request } = useApiStack(kind, {
    now: () => NOW,
    mailer: quietMailer,
    sessionClock: () => new Date(Date.now() + sessionShift),
    beforeEach: () => (sessionShift = 0),
  });
  const exportOf = (uid: string) => `/practice/clients/${uid}/export`;
  const auditOf = async (uid: string) =>
    (await request('GET', `/practice/audit?client=${uid}`, practitioner)).json.entries as {
      action: string;
      what: string;
    }[];

  it('gives her the whole record with the signed notes, audits each export, and no one else', async () => {
    await request('PUT', '/intake', client, INTAKE);
    await request('POST', '/questionnaires', client, {
      instrument: 'GAD-7',
      answers: [1, 1, 1, 1, 1, 1, 1],
    });
    const signed = await confirmedSession(db, client, SESSION);
    const note = `/practice/bookings/${signed.id}/note`;
    await request('PUT', note, practitioner, { text: 'Low mood, sleep better.' });
    await request('POST', `${note}/sign`, practitioner);
    const draft = await confirmedSession(db, client, '2027-02-25T10:00:00Z');
    await request('PUT', `/practice/bookings/${draft.id}/note`, practitioner, {
      text: 'Not finished yet',
    });
    await request('PUT', '/intake', otherClient, { ...INTAKE, phone: '0117 000 0000' });

    const exported = await request('GET', exportOf(client.uid), practitioner);
    expect(exported.status).toBe(200);
    expect(v.is(ClientRecordExportSchema, exported.json)).toBe(true);
    expect(exported.json).toMatchObject({
      account: { uid: client.uid, email: client.email, name: 'Ada Client' },
      intake: { phone: INTAKE.phone },
      questionnaires: [{ instrument: 'GAD-7', total: 7 }],
      bookings: [{ start: '2027-02-22T10:00:00.000Z' }, { start: '2027-02-25T10:00:00.000Z' }],
      sessionNotes: [{ bookingId: signed.id, text: 'Low mood, sleep better.', status: 'signed' }],
    });
    expect(exported.json.agreementText).toMatch(/Confidentiality/);
    const text = JSON.stringify(exported.json);
    expect(text).not.toContain('Not finished yet');
    expect(text).not.toContain('0117 000 0000');
    expect(await auditOf(client.uid)).toContainEqual(
      expect.objectContaining({ action: 'read', what: expect.stringMatching(/^Exported/) }),
    );

    // A client, even of their own record, and anyone signed out: refused.
    expect((await request('GET', exportOf(client.uid), client)).status).toBe(403);
    expect((await request('GET', exportOf(client.uid))).status).toBe(401);
    expect((await request('GET', exportOf('no-such-client'), practitioner)).status).toBe(404);
    expect((await request('GET', exportOf('../../etc'), practitioner)).status).toBe(404);
  });

  it('asks for her passkey again once its last use is over 5 minutes old, and audits nothing', async () => {
    await request('PUT', '/intake', client, INTAKE);
    sessionShift = 6 * 60_000;
    const stale = await request('GET', exportOf(client.uid), practitioner);
    expect(stale.status).toBe(403);
    expect(stale.json.type).toBe(FRESH);
    expect(stale.json.detail).toMatch(/passkey again/);
    expect(JSON.stringify(stale.json)).not.toContain(INTAKE.phone);
    expect(await auditOf(client.uid)).toEqual([]);
  });
});
