import * as v from 'valibot';
import { AccountExportSchema } from '../../../shared/intake';
import { MyNotesSchema, PracticeNotesRequestsSchema } from '../../../shared/records-api';
import type { TestAccount } from '../testing/accounts';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import { confirmedSession } from '../testing/factories/bookings';
import { INTAKE } from '../testing/factories/clinical';

const NOW = new Date('2027-08-31T09:00:00Z'); // a Tuesday

const { client, otherClient, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  otherClient: { name: 'Ben Other' },
  practitioner: { practitioner: true, name: 'Dr Practitioner' },
});

describe.each(DATABASE_KINDS)('access requests on %s', (kind) => {
  let clock = NOW;
  const { db, request, sent, mailTo } = useApiStack(kind, {
    now: () => clock,
    practiceEmail: 'diary@practice.test',
    beforeEach: () => (clock = NOW),
  });

  /** A held session with a note: signed when `signed`, else a draft. */
  async function noted(who: TestAccount, start: string, text: string, signed: boolean) {
    const session = await confirmedSession(db, who, start, { requestedAt: new Date(start) });
    const path = `/practice/bookings/${session.id}/note`;
    expect((await request('PUT', path, practitioner, { text })).status).toBe(200);
    if (signed) expect((await request('POST', `${path}/sign`, practitioner)).status).toBe(200);
    return session.id;
  }

  it('releases the signed notes on request by its deadline, one withheld with its reason, drafts never', async () => {
    await noted(client, '2027-08-02T10:00:00Z', 'Spoke of her sister’s illness.', true);
    await noted(client, '2027-08-09T10:00:00Z', 'Sleep better; walking daily.', true);
    await noted(client, '2027-08-16T10:00:00Z', 'Draft: not yet reviewed.', false);
    await noted(otherClient, '2027-08-03T10:00:00Z', 'Ben’s note.', true);

    // Nothing is released before a request, and the instant copy says how to ask.
    expect((await request('GET', '/account/notes', client)).json).toEqual({
      requests: [],
      releasedAt: null,
      notes: [],
    });
    const exported = await request('GET', '/account/export', client);
    expect(exported.json.sessionNotes).toMatch(/Ask for my session notes/);
    expect(JSON.stringify(exported.json)).not.toContain('sister');

    // Received 31 August: no 30 September... there is one; 30 September 2027 is a Thursday.
    const asked = await request('POST', '/account/notes-request', client);
    expect(asked.status).toBe(201);
    expect(asked.json).toMatchObject({ dueOn: '2027-09-30', releasedAt: null });
    // Asking again while one is open answers the open one.
    expect((await request('POST', '/account/notes-request', client)).json.id).toBe(asked.json.id);

    const listed = await request('GET', '/practice/notes-requests', practitioner);
    expect(v.is(PracticeNotesRequestsSchema, listed.json)).toBe(true);
    const [open] = listed.json.requests;
    expect(open).toMatchObject({
      id: asked.json.id,
      client: { uid: client.uid, name: 'Ada Client' },
      dueOn: '2027-09-30',
      draftsLeftOut: 1,
    });
    expect(open.notes.map((note: { text: string }) => note.text)).toEqual([
      'Sleep better; walking daily.',
      'Spoke of her sister’s illness.',
    ]);
    const sisterNote = open.notes[1].noteId as string;

    // A note that is not this client's signed note cannot be named.
    const wrong = await request(
      'POST',
      `/practice/notes-requests/${asked.json.id}/release`,
      practitioner,
      {
        withheld: [{ noteId: '0b7c4c4e-8c1e-4d7a-9a39-3f4f1c2b9d10', reason: 'x' }],
      },
    );
    expect(wrong.status).toBe(422);
    const noReason = await request(
      'POST',
      `/practice/notes-requests/${asked.json.id}/release`,
      practitioner,
      {
        withheld: [{ noteId: sisterNote, reason: '   ' }],
      },
    );
    expect(noReason.status).toBe(422);

    clock = new Date('2027-09-10T09:00:00Z');
    // She reviews each note as it is now; the release sends those versions.
    const reviewed = await request(
      'POST',
      `/practice/notes-requests/${asked.json.id}/review`,
      practitioner,
      {
        notes: open.notes.map((note: { noteId: string; version: string }) => ({
          noteId: note.noteId,
          version: note.version,
        })),
      },
    );
    expect(reviewed.json).toEqual({ reviewed: 2 });
    const released = await request(
      'POST',
      `/practice/notes-requests/${asked.json.id}/release`,
      practitioner,
      {
        withheld: [
          {
            noteId: sisterNote,
            reason: 'Another person’s health information (DPA 2018 Sch. 2 para 16).',
          },
        ],
      },
    );
    expect(released.status).toBe(200);
    expect(released.json).toMatchObject({ released: 1, withheld: 1 });
    expect(
      (
        await request('POST', `/practice/notes-requests/${asked.json.id}/release`, practitioner, {
          withheld: [],
        })
      ).status,
    ).toBe(409);

    const mine = await request('GET', '/account/notes', client);
    expect(v.is(MyNotesSchema, mine.json)).toBe(true);
    expect(mine.json.releasedAt).toBe('2027-09-10T09:00:00.000Z');
    expect(mine.json.notes).toMatchObject([
      { start: '2027-08-09T10:00:00.000Z', withheld: false, text: 'Sleep better; walking daily.' },
      { start: '2027-08-02T10:00:00.000Z', withheld: true, text: '' },
    ]);
    const text = JSON.stringify(mine.json);
    expect(text).not.toContain('sister');
    expect(text).not.toContain('Draft');
    expect(text).not.toContain('Ben’s');
    // The reason is kept on the record, for the practitioner.
    const after = await request('GET', '/practice/notes-requests', practitioner);
    expect(after.json.requests[0].withheld).toEqual([
      {
        noteId: sisterNote,
        reason: 'Another person’s health information (DPA 2018 Sch. 2 para 16).',
      },
    ]);
    // Another client has nothing released.
    expect((await request('GET', '/account/notes', otherClient)).json.notes).toEqual([]);
    // Only the practitioner may list or release.
    expect((await request('GET', '/practice/notes-requests', client)).status).toBe(403);
    expect(
      (
        await request('POST', `/practice/notes-requests/${asked.json.id}/release`, client, {
          withheld: [],
        })
      ).status,
    ).toBe(403);
  });

  it('counts the one-month deadline as the ICO does: the month’s last day, then the next working day', async () => {
    clock = new Date('2028-01-31T12:00:00Z');
    expect((await request('POST', '/account/notes-request', client)).json.dueOn).toBe('2028-02-29');
    clock = new Date('2027-11-25T12:00:00Z'); // 25 December is a Saturday; 27 and 28 bank holidays
    expect((await request('POST', '/account/notes-request', otherClient)).json.dueOn).toBe(
      '2027-12-29',
    );
  });

  it('exports at once everything the client gave or was sent, with who read it by name', async () => {
    await request('PUT', '/intake', client, INTAKE);
    await confirmedSession(db, client, '2027-08-02T10:00:00Z', {
      requestedAt: new Date('2027-08-01T10:00:00Z'),
    });
    await db
      .insertInto('waitlist_entries')
      .values({
        client_uid: client.uid,
        client_email: client.email,
        client_name: 'Ada Client',
        service_id: 1,
        days: 1,
        parts: 1,
        standing: false,
        created_at: NOW,
        expires_at: new Date('2027-10-01T00:00:00Z'),
      })
      .execute();
    await db
      .insertInto('payments')
      .values({
        client_uid: client.uid,
        client_email: client.email,
        client_name: 'Ada Client',
        service_id: 1,
        amount: 6000,
        currency: 'GBP',
        status: 'paid',
        paid_at: new Date('2027-08-01T10:00:00Z'),
        receipt_year: 2027,
        receipt_sequence: 7,
        created_at: new Date('2027-08-01T10:00:00Z'),
        updated_at: new Date('2027-08-01T10:00:00Z'),
      })
      .execute();
    await request('GET', `/practice/clients/${client.uid}`, practitioner);
    await request('POST', '/account/notes-request', client);
    const exported = await request('GET', '/account/export', client);
    expect(v.is(AccountExportSchema, exported.json)).toBe(true);
    expect(exported.json).toMatchObject({
      intake: { phone: INTAKE.phone },
      bookings: [{ start: '2027-08-02T10:00:00.000Z' }],
      waitlist: [{ serviceId: 1, serviceName: 'Individual Therapy', standing: false }],
      payments: [
        {
          serviceName: 'Individual Therapy',
          amountPence: 6000,
          receiptNumber: 'MP-2027-0007',
          refunds: [],
        },
      ],
      audit: [{ actor: 'Dr Practitioner', action: 'read' }],
      notesRequests: [{ dueOn: '2027-09-30', releasedAt: null }],
    });
    expect(exported.json.messages).toEqual(expect.any(Array));
    expect(exported.json.series).toEqual([]);
    expect(JSON.stringify(exported.json.audit)).not.toContain(practitioner.uid);
  });

  it('audits the diary’s read of each client’s sessions, and every read of the audit log', async () => {
    await confirmedSession(db, client, '2027-09-01T10:00:00Z', { requestedAt: NOW });
    const diary = await request(
      'GET',
      '/practice/bookings?from=2027-08-30&to=2027-09-05',
      practitioner,
    );
    expect(diary.status).toBe(200);
    const reads = async (uid: string) =>
      (
        await db
          .selectFrom('audit_log')
          .select(['what', 'actor_uid'])
          .where('client_uid', '=', uid)
          .execute()
      ).map((row) => row.what);
    expect(await reads(client.uid)).toEqual([
      'Read the diary from 2027-08-30 to 2027-09-05: the client’s sessions, attendance, notes and phone number',
    ]);
    expect(await reads(otherClient.uid)).toEqual([]);
    await request('GET', `/practice/audit?client=${client.uid}`, practitioner);
    expect(await reads(client.uid)).toContain('Read the record’s audit log');
  });

  it('emails the practice of a request in the same step, with its one-month deadline and nothing from the record', async () => {
    await noted(client, '2027-08-02T10:00:00Z', 'Spoke of her sister’s illness.', true);
    await noted(client, '2027-08-16T10:00:00Z', 'Draft: not yet reviewed.', false);
    sent.length = 0;

    const asked = await request('POST', '/account/notes-request', client);
    expect(asked.status).toBe(201);
    const email = await mailTo('diary@practice.test', /^A client asks for their session notes$/);
    expect(email.replyTo).toBe(client.email);
    expect(email.text).toContain(
      `Ada Client (${client.email}) asked for their session notes on Tuesday, 31 August 2027. The law gives one month to answer: review the signed notes, withhold any passage an exemption covers with your reason, and release them by Thursday, 30 September 2027.`,
    );
    expect(email.text).toContain('/practice/notes-requests');
    // No health data: no note, no draft, not even how many there are.
    expect(email.text).not.toMatch(/sister|Draft|illness|2 notes|1 note/);
    expect(email.subject).not.toContain('Ada');

    // Asking again while the request is open is no new request: no second email.
    clock = new Date(NOW.getTime() + 3_600_000);
    expect((await request('POST', '/account/notes-request', client)).status).toBe(200);
    await mailTo('diary@practice.test', /^A client asks for their session notes$/);
    expect(
      sent.filter((each) => each.subject === 'A client asks for their session notes'),
    ).toHaveLength(1);

    // Kept with the request in one transaction: the message row names the client, no booking.
    const rows = await db
      .selectFrom('messages')
      .select(['kind', 'recipient', 'booking_id', 'client_uid'])
      .where('kind', '=', 'notes-requested')
      .execute();
    expect(rows).toEqual([
      { kind: 'notes-requested', recipient: 'practice', booking_id: null, client_uid: client.uid },
    ]);
  });
});
