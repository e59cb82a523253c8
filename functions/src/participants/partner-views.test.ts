import type { TestAccount } from '../testing/accounts';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';

/**
 * A joined partner sees their own view of a shared session: from the moment they joined, the
 * time, the service, who else is coming and their own actions; never the booker's note, payments,
 * addresses, the sessions held before they joined, or the practitioner's words to the booker.
 */

const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const PRACTICE_EMAIL = 'diary@practice.test';
const COUPLES = 2; // weekly, 60 minutes
const BOOKERS_NOTE = 'Door code 4417; please use the side gate';
const WORD_TO_BOOKER = 'Ada, I am unwell this week and will call you about next steps';

const { booker, partner, practitioner } = await createAccounts({
  booker: { name: 'Ada Booker' },
  partner: { name: 'Pat Partner' },
  practitioner: { practitioner: true, name: 'Dr Practitioner' },
});

describe.each(DATABASE_KINDS)('a joined partner’s own view on %s', (kind) => {
  let clock = NOW;
  const { db, request, mailTo, sent, api } = useApiStack(kind, {
    now: () => clock,
    practiceEmail: PRACTICE_EMAIL,
    beforeEach: () => (clock = NOW),
  });

  /** A couple's weekly series on Tuesdays 18:00 with the booker's note, the partner invited. */
  async function coupleSeries() {
    const asked = await request('POST', '/series', booker, {
      serviceId: COUPLES,
      start: '2027-03-09T18:00:00Z',
      note: BOOKERS_NOTE,
      participants: [{ name: 'Pat Partner', email: partner.email }],
    });
    expect(asked.status).toBe(201);
    return asked.json as { id: string; sessions: { id: string; start: string }[] };
  }

  async function accept(who: TestAccount) {
    const list = await request('GET', '/invitations', who);
    expect(list.json.invitations).toHaveLength(1);
    const joined = await request('POST', `/invitations/${list.json.invitations[0].id}/accept`, who);
    expect(joined.status).toBe(200);
  }

  const partnersMail = () =>
    sent.filter((each) => each.to === partner.email).map((each) => `${each.subject}\n${each.text}`);

  it('gives a partner no one else’s address: their emails and calendar files name the others, address only their own', async () => {
    const series = await coupleSeries();
    await accept(partner);
    expect((await request('POST', `/series/${series.id}/confirm`, practitioner)).status).toBe(200);
    await api.deliveryIdle();
    // A calendar file folds its long lines and writes MAILTO in capitals (RFC 5545 3.1, 3.3.3).
    const unfolded = (content = '') => content.replace(/\r?\n[ \t]/g, '').toLowerCase();
    const theirs = sent.filter((each) => each.to === partner.email);
    expect(theirs.length).toBeGreaterThan(0);
    for (const each of theirs)
      expect(`${each.subject}\n${each.text}\n${unfolded(each.calendar?.content)}`).not.toContain(
        booker.email,
      );
    const confirmed = await mailTo(partner.email, /^Your sessions are confirmed/);
    expect(unfolded(confirmed.calendar?.content)).toContain(`mailto:${partner.email}`);
    // The booker's own copy still names everyone in the room, by address.
    const bookers = await mailTo(booker.email, /^Your sessions are confirmed/);
    expect(unfolded(bookers.calendar?.content)).toContain(`mailto:${partner.email}`);
  });

  it('holds none of the booker’s note: bookings, series, a cancel’s answer and emails', async () => {
    const series = await coupleSeries();
    await accept(partner);
    expect((await request('POST', `/series/${series.id}/confirm`, practitioner)).status).toBe(200);
    // The booker sees their own note.
    expect(JSON.stringify((await request('GET', '/bookings', booker)).json)).toContain(
      BOOKERS_NOTE,
    );

    const bookings = await request('GET', '/bookings', partner);
    expect(bookings.status).toBe(200);
    expect(bookings.json.bookings).toHaveLength(series.sessions.length);
    expect(bookings.json.bookings[0]).toMatchObject({
      id: series.sessions[0]?.id,
      serviceName: 'Couples Counselling',
      start: '2027-03-09T18:00:00.000Z',
      role: 'participant',
      bookedBy: 'Ada Booker',
      actions: ['cancel'],
    });
    for (const each of bookings.json.bookings) {
      expect(each).not.toHaveProperty('note');
      expect(each).not.toHaveProperty('payment');
    }
    const bookingsText = JSON.stringify(bookings.json);
    expect(bookingsText).not.toContain(BOOKERS_NOTE);
    expect(bookingsText).not.toContain(booker.email);
    expect(bookingsText).not.toContain(partner.email);

    const listed = await request('GET', '/series', partner);
    expect(listed.json.series).toHaveLength(1);
    expect(listed.json.series[0]).not.toHaveProperty('note');
    expect(JSON.stringify(listed.json)).not.toContain(BOOKERS_NOTE);

    const cancelled = await request('POST', `/bookings/${series.sessions[1]?.id}/cancel`, partner);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ id: series.sessions[1]?.id, status: 'cancelled' });
    expect(cancelled.json).not.toHaveProperty('note');
    expect(JSON.stringify(cancelled.json)).not.toContain(BOOKERS_NOTE);

    await api.deliveryIdle();
    expect(partnersMail().length).toBeGreaterThan(0);
    expect(partnersMail().join('\n')).not.toContain(BOOKERS_NOTE);
  });

  it('names who else is coming and what the partner still has to do, never the partner to themselves', async () => {
    const series = await coupleSeries();
    await accept(partner);
    expect((await request('POST', `/series/${series.id}/confirm`, practitioner)).status).toBe(200);
    const [first] = (await request('GET', '/bookings', partner)).json.bookings;
    expect(first).toMatchObject({ coming: ['Ada Booker'], intakeToDo: true });
    expect(first).not.toHaveProperty('participants');
    const [standing] = (await request('GET', '/series', partner)).json.series;
    expect(standing).toMatchObject({ coming: ['Ada Booker'], intakeToDo: true });
    expect(JSON.stringify(standing)).not.toContain('Pat Partner');
  });

  it('a partner who accepts late gets nothing from before they joined: bookings, series, record, export, emails', async () => {
    const series = await coupleSeries();
    expect((await request('POST', `/series/${series.id}/confirm`, practitioner)).status).toBe(200);
    // The first session is held (and its note signed) before the partner answers.
    clock = new Date('2027-03-09T19:05:00Z');
    const path = `/practice/bookings/${series.sessions[0]?.id}/note`;
    expect((await request('PUT', path, practitioner, { text: 'Ada came alone.' })).status).toBe(
      200,
    );
    expect((await request('POST', `${path}/sign`, practitioner)).status).toBe(200);
    await api.deliveryIdle();
    sent.length = 0;
    // An invitation expires at the first session's start (issue 46): it cannot be accepted now.
    expect((await request('GET', '/invitations', partner)).json.invitations).toEqual([]);
    // A partner in the room from after a session is one who joined under the earlier rule, as the
    // database holds them: their views must still start from when they joined.
    await db
      .updateTable('participants')
      .set({ status: 'joined', uid: partner.uid, responded_at: clock })
      .where('email', '=', partner.email)
      .execute();

    const held = '2027-03-09T18:00:00.000Z';
    const bookings = (await request('GET', '/bookings', partner)).json.bookings;
    expect(bookings.length).toBe(series.sessions.length - 1);
    expect(bookings.map((each: { start: string }) => each.start)).not.toContain(held);
    expect(bookings[0].start).toBe('2027-03-16T18:00:00.000Z');

    const [standing] = (await request('GET', '/series', partner)).json.series;
    expect(standing.sessions.map((each: { start: string }) => each.start)).not.toContain(held);
    expect(standing.sessions).toHaveLength(series.sessions.length - 1);

    const copy = (await request('GET', '/account/export', partner)).json;
    expect(copy.sharedSessions.map((each: { start: string }) => each.start)).not.toContain(held);
    expect(copy.sharedSessions).toHaveLength(series.sessions.length - 1);

    const record = (await request('GET', `/practice/clients/${partner.uid}`, practitioner)).json;
    expect(record.bookings.map((each: { start: string }) => each.start)).not.toContain(held);
    expect(record.notes).toEqual([]);
    const exported = (await request('GET', `/practice/clients/${partner.uid}/export`, practitioner))
      .json;
    expect(exported.sessionNotes).toEqual([]);
    expect(JSON.stringify(exported)).not.toContain('Ada came alone.');
    // Her reading that note now is logged on the booker's record, not on the partner's.
    expect((await request('GET', path, practitioner)).status).toBe(200);
    const auditOf = async (who: TestAccount) =>
      (await request('GET', `/practice/audit?client=${who.uid}`, practitioner)).json.entries
        .map((entry: { what: string }) => entry.what)
        .join('\n');
    expect(await auditOf(booker)).toContain('Read the note of the session on 9 March 2027');
    expect(await auditOf(partner)).not.toContain('9 March 2027');
    // The booker's record keeps the session and its note.
    const bookers = (await request('GET', `/practice/clients/${booker.uid}`, practitioner)).json;
    expect(bookers.notes).toEqual([expect.objectContaining({ text: 'Ada came alone.' })]);
  });

  it('the practitioner’s word on a cancellation goes to the booker alone', async () => {
    const series = await coupleSeries();
    await accept(partner);
    expect((await request('POST', `/series/${series.id}/confirm`, practitioner)).status).toBe(200);
    await api.deliveryIdle();
    sent.length = 0;
    const cancelled = await request(
      'POST',
      `/practice/bookings/${series.sessions[0]?.id}/cancel`,
      practitioner,
      { message: WORD_TO_BOOKER },
    );
    expect(cancelled.status).toBe(200);
    const hers = await mailTo(booker.email, /^Your session is cancelled/);
    expect(hers.text).toContain('A word from me');
    expect(hers.text).toContain(WORD_TO_BOOKER);
    const his = await mailTo(partner.email, /^Your session is cancelled/);
    expect(his.text).toContain('Hello Pat Partner');
    expect(his.text).not.toContain('A word from me');
    expect(his.text).not.toContain(WORD_TO_BOOKER);
    expect(partnersMail().join('\n')).not.toContain(WORD_TO_BOOKER);
    // Nor is it in the partner's own copy of what they were sent.
    const copy = (await request('GET', '/account/export', partner)).json;
    expect(JSON.stringify(copy)).not.toContain(WORD_TO_BOOKER);
  });

  it('the practitioner’s word on a declined request goes to the booker alone', async () => {
    const asked = await request('POST', '/bookings', booker, {
      serviceId: COUPLES,
      start: '2027-03-09T18:00:00Z',
      note: BOOKERS_NOTE,
      participants: [{ name: 'Pat Partner', email: partner.email }],
    });
    expect(asked.status).toBe(201);
    await accept(partner);
    await api.deliveryIdle();
    sent.length = 0;
    const declined = await request('POST', `/bookings/${asked.json.id}/decline`, practitioner, {
      message: WORD_TO_BOOKER,
    });
    expect(declined.status).toBe(200);
    const hers = await mailTo(booker.email, /./);
    expect(hers.text).toContain(WORD_TO_BOOKER);
    await api.deliveryIdle();
    const his = sent.filter((each) => each.to === partner.email);
    expect(his.length).toBe(1);
    expect(his[0]?.text).toContain('Hello Pat Partner');
    expect(his[0]?.text).not.toContain(WORD_TO_BOOKER);
    expect(his[0]?.text).not.toContain('A word from me');
  });
});
