import fc from 'fast-check';
import type { TestAccount } from '../testing/accounts';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS, emptyTables } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import { confirmedSession } from '../testing/factories/bookings';

/**
 * A notes request releases exactly what she reviewed: a note signed or added to after her review
 * waits for another review, the release asks for her passkey within 5 minutes, and a partner's
 * request holds the shared sessions' notes for her to review what concerns the other person.
 */

const NOW = new Date('2027-08-31T09:00:00Z'); // a Tuesday
const FRESH = '/api/problems/fresh-passkey-required';
const COUPLES = 2;

const { client, partner, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  partner: { name: 'Pat Partner' },
  practitioner: { practitioner: true, name: 'Dr Practitioner' },
});

type Step =
  | { kind: 'sign' }
  | { kind: 'addendum'; note: number }
  | { kind: 'review'; note: number }
  | { kind: 'release' };

/** Any order of signing a note, adding to one, reviewing one, and releasing. */
const plans = fc.array(
  fc.oneof(
    fc.constant<Step>({ kind: 'sign' }),
    fc.record({ kind: fc.constant('addendum' as const), note: fc.nat(4) }),
    fc.record({ kind: fc.constant('review' as const), note: fc.nat(4) }),
    fc.constant<Step>({ kind: 'release' }),
  ),
  { minLength: 1, maxLength: 8 },
);

/** What the client would read of a note: its words and its addenda's. */
const readable = (note: { text: string; addenda: { text: string }[] }) =>
  JSON.stringify([note.text, note.addenda.map((addendum) => addendum.text)]);

interface ReviewedNote {
  noteId: string;
  text: string;
  version: string;
  review: string;
  sharedSession: boolean;
  addenda: { text: string }[];
}

describe.each(DATABASE_KINDS)('her review of a notes request on %s', (kind) => {
  let clock = NOW;
  // Her passkey's age is measured on this clock (the ID tokens run on the wall clock).
  let sessionShift = 0;
  const { db, request } = useApiStack(kind, {
    now: () => clock,
    sessionClock: () => new Date(Date.now() + sessionShift),
    beforeEach: () => {
      clock = NOW;
      sessionShift = 0;
    },
  });

  async function write(session: string, text: string, sign = true) {
    const path = `/practice/bookings/${session}/note`;
    expect((await request('PUT', path, practitioner, { text })).status).toBe(200);
    if (sign) expect((await request('POST', `${path}/sign`, practitioner)).status).toBe(200);
  }

  async function noted(who: TestAccount, start: string, text: string, sign = true) {
    const session = await confirmedSession(db, who, start, { requestedAt: new Date(start) });
    await write(session.id, text, sign);
    return session.id;
  }

  async function openRequest(who: TestAccount) {
    const asked = await request('POST', '/account/notes-request', who);
    expect(asked.status).toBe(201);
    return asked.json.id as string;
  }

  async function reviewing(id: string): Promise<ReviewedNote[]> {
    const listed = await request('GET', '/practice/notes-requests', practitioner);
    expect(listed.status).toBe(200);
    return listed.json.requests.find((each: { id: string }) => each.id === id).notes;
  }

  async function review(id: string, notes: readonly ReviewedNote[]) {
    return request('POST', `/practice/notes-requests/${id}/review`, practitioner, {
      notes: notes.map(({ noteId, version }) => ({ noteId, version })),
    });
  }

  const release = (id: string, withheld: { noteId: string; reason: string }[] = []) =>
    request('POST', `/practice/notes-requests/${id}/release`, practitioner, { withheld });

  const releasedTo = async (who: TestAccount) =>
    (await request('GET', '/account/notes', who)).json as {
      releasedAt: string | null;
      notes: { text: string; withheld: boolean; addenda: { text: string }[] }[];
    };

  it('a note signed after her review is not released until she reviews it', async () => {
    await noted(client, '2027-08-02T10:00:00Z', 'Walking daily; sleep better.');
    const late = await noted(client, '2027-08-09T10:00:00Z', 'Spoke of work.', false);
    const id = await openRequest(client);

    const first = await reviewing(id);
    expect(first.map((note) => [note.text, note.review])).toEqual([
      ['Walking daily; sleep better.', 'to-review'],
    ]);
    expect((await review(id, first)).status).toBe(200);
    expect((await reviewing(id)).map((note) => note.review)).toEqual(['reviewed']);

    // She signs the draft after her review: it has not been reviewed, so nothing goes.
    await write(late, 'Spoke of work.');
    const refused = await release(id);
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toBe(
      'One note was signed or added to since your review: review it again, then release.',
    );
    expect((await releasedTo(client)).releasedAt).toBeNull();

    const again = await reviewing(id);
    expect(again.map((note) => [note.text, note.review])).toEqual([
      ['Spoke of work.', 'to-review'],
      ['Walking daily; sleep better.', 'reviewed'],
    ]);
    expect((await review(id, again)).status).toBe(200);
    expect((await release(id)).status).toBe(200);
    expect((await releasedTo(client)).notes.map((note) => note.text)).toEqual([
      'Spoke of work.',
      'Walking daily; sleep better.',
    ]);
  });

  it('an addendum added after her review is not released until she reviews the note again', async () => {
    const session = await noted(client, '2027-08-02T10:00:00Z', 'Walking daily.');
    const id = await openRequest(client);
    const reviewed = await reviewing(id);
    expect((await review(id, reviewed)).status).toBe(200);

    const addendum = await request(
      'POST',
      `/practice/bookings/${session}/note/addenda`,
      practitioner,
      { text: 'Later: her GP changed the medication.' },
    );
    expect(addendum.status).toBe(201);
    const refused = await release(id);
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toMatch(/signed or added to since your review/);
    const changed = await reviewing(id);
    expect(changed.map((note) => note.review)).toEqual(['changed-since']);

    // A review of the version she read before is refused: the page she sent is out of date.
    const stale = await review(id, reviewed);
    expect(stale.status).toBe(409);
    expect(stale.json.detail).toMatch(/changed while you read it: reload/);

    expect((await review(id, changed)).status).toBe(200);
    expect((await release(id)).status).toBe(200);
    expect((await releasedTo(client)).notes[0]?.addenda).toEqual([
      expect.objectContaining({ text: 'Later: her GP changed the medication.' }),
    ]);
    // Once released, the answer is given: nothing more is reviewed.
    expect((await review(id, changed)).status).toBe(409);
  });

  it('asks for her passkey again when its last use is over 5 minutes old, and releases nothing', async () => {
    await noted(client, '2027-08-02T10:00:00Z', 'Walking daily.');
    const id = await openRequest(client);
    expect((await review(id, await reviewing(id))).status).toBe(200);

    sessionShift = 6 * 60_000;
    const stale = await release(id);
    expect(stale.status).toBe(403);
    expect(stale.json.type).toBe(FRESH);
    expect(stale.json.detail).toBe(
      'Confirm it is you with your passkey again: this needs it within the last 5 minutes.',
    );
    expect((await releasedTo(client)).releasedAt).toBeNull();

    sessionShift = 0;
    expect((await release(id)).status).toBe(200);
    expect((await releasedTo(client)).notes).toHaveLength(1);
  });

  it('a partner’s request holds the shared sessions’ notes for her review, and releases only what she passed', async () => {
    clock = new Date('2027-07-01T09:00:00Z');
    const asked = await request('POST', '/series', client, {
      serviceId: COUPLES,
      start: '2027-08-03T18:00:00Z',
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
    clock = NOW;
    const [first, second] = asked.json.sessions as { id: string }[];
    await write(first?.id ?? '', 'Both spoke of the move.');
    await write(second?.id ?? '', 'Ada spoke of her sister’s illness.');
    await noted(client, '2027-08-20T10:00:00Z', 'Ada alone: her own session.');

    const id = await openRequest(partner);
    const notes = await reviewing(id);
    expect(notes.map((note) => [note.text, note.sharedSession, note.review])).toEqual([
      ['Ada spoke of her sister’s illness.', true, 'to-review'],
      ['Both spoke of the move.', true, 'to-review'],
    ]);
    // Nothing goes before she has reviewed what concerns the other person.
    expect((await release(id)).status).toBe(409);
    expect((await review(id, notes)).status).toBe(200);
    const sister = notes[0]?.noteId ?? '';
    const released = await release(id, [
      { noteId: sister, reason: 'Another person’s health information (DPA 2018 Sch. 2 para 16).' },
    ]);
    expect(released.status).toBe(200);
    expect(released.json).toMatchObject({ released: 1, withheld: 1 });

    const mine = await releasedTo(partner);
    expect(mine.notes).toMatchObject([
      { withheld: true, text: '' },
      { withheld: false, text: 'Both spoke of the move.' },
    ]);
    const text = JSON.stringify(mine);
    expect(text).not.toContain('sister');
    expect(text).not.toContain('Ada alone');

    // Ada's own request marks the shared notes too, and her own session's note is hers alone.
    const hers = await reviewing(await openRequest(client));
    expect(hers.map((note) => [note.text, note.sharedSession])).toEqual([
      ['Ada alone: her own session.', false],
      ['Ada spoke of her sister’s illness.', true],
      ['Both spoke of the move.', true],
    ]);
  });

  it('a session shared with a partner who has left since is still marked shared on the booker’s request', async () => {
    clock = new Date('2027-07-01T09:00:00Z');
    const asked = await request('POST', '/series', client, {
      serviceId: COUPLES,
      start: '2027-08-03T18:00:00Z',
      participants: [{ name: 'Pat Partner', email: partner.email }],
    });
    expect(asked.status).toBe(201);
    const place = (await request('GET', '/invitations', partner)).json.invitations[0].id as string;
    expect((await request('POST', `/invitations/${place}/accept`, partner)).status).toBe(200);
    expect((await request('POST', `/series/${asked.json.id}/confirm`, practitioner)).status).toBe(
      200,
    );
    clock = NOW;
    const [first] = asked.json.sessions as { id: string }[];
    await write(first?.id ?? '', 'Pat spoke of his brother’s drinking.');
    // Pat leaves the sessions still ahead: the one he was in stays his, and what he said in it too.
    expect((await request('POST', `/invitations/${place}/leave`, partner)).status).toBe(200);

    const hers = await reviewing(await openRequest(client));
    expect(hers.map((note) => [note.text, note.sharedSession])).toEqual([
      ['Pat spoke of his brother’s drinking.', true],
    ]);
    // And his own request still holds it, marked the same.
    const his = await reviewing(await openRequest(partner));
    expect(his.map((note) => [note.text, note.sharedSession])).toEqual([
      ['Pat spoke of his brother’s drinking.', true],
    ]);
  });

  it('over any order of signing, adding to, reviewing and releasing, releases exactly what she reviewed', async () => {
    await fc.assert(
      fc.asyncProperty(plans, async (plan) => {
        await emptyTables(db);
        const id = await openRequest(client);
        const sessions: string[] = [];
        // The model: what she read of each note, as the client would read it.
        const read = new Map<string, string>();
        for (const [index, step] of plan.entries()) {
          if (step.kind === 'sign') {
            const start = `2027-08-0${sessions.length + 1}T10:00:00Z`;
            sessions.push(await noted(client, start, `Note ${sessions.length + 1}.`));
          } else if (step.kind === 'addendum' && sessions.length > 0) {
            const session = sessions[step.note % sessions.length];
            const path = `/practice/bookings/${session}/note/addenda`;
            const added = await request('POST', path, practitioner, { text: `Step ${index}.` });
            expect(added.status).toBe(201);
          } else if (step.kind === 'review' && sessions.length > 0) {
            const listed = await reviewing(id);
            const note = listed[step.note % listed.length] as ReviewedNote;
            expect((await review(id, [note])).status).toBe(200);
            read.set(note.noteId, readable(note));
          } else if (step.kind === 'release') {
            const now = await reviewing(id);
            for (const note of now) {
              const seen = read.get(note.noteId);
              const expected =
                seen === undefined
                  ? 'to-review'
                  : seen === readable(note)
                    ? 'reviewed'
                    : 'changed-since';
              expect(note.review).toBe(expected);
            }
            const passed = now.every((note) => read.get(note.noteId) === readable(note));
            const answer = await release(id);
            expect(answer.status).toBe(passed ? 200 : 409);
            const mine = await releasedTo(client);
            if (!passed) {
              expect(mine.releasedAt).toBeNull();
              continue;
            }
            expect(mine.notes.map(readable)).toEqual(now.map((note) => read.get(note.noteId)));
            return;
          }
        }
      }),
      { seed: 46, numRuns: 12 },
    );
  });

  it('reviews only this request’s signed notes, and only for her', async () => {
    await noted(client, '2027-08-02T10:00:00Z', 'Walking daily.');
    await noted(client, '2027-08-09T10:00:00Z', 'Draft.', false);
    await noted(partner, '2027-08-03T10:00:00Z', 'Pat’s note.');
    const id = await openRequest(client);
    const [note, ...more] = await reviewing(id);
    // The draft is not on the request: only signed notes are reviewed or released.
    expect(more).toEqual([]);
    const other = await reviewing(await openRequest(partner));
    const wrong = await review(id, other);
    expect(wrong.status).toBe(422);
    expect(wrong.json.detail).toBe(
      'A note to review is not one of this client’s signed notes. Reload the request.',
    );
    expect(
      (
        await request('POST', `/practice/notes-requests/${id}/review`, client, {
          notes: [{ noteId: note?.noteId, version: note?.version }],
        })
      ).status,
    ).toBe(403);
    const audit = await db
      .selectFrom('audit_log')
      .select('what')
      .where('client_uid', '=', client.uid)
      .execute();
    expect(audit.map((row) => row.what)).not.toContain(
      'Reviewed 1 signed session note(s) for the client’s request',
    );
  });
});
