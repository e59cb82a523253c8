import ICAL from 'ical.js';
import { createAccount, type TestAccount } from '../testing/accounts';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import { INTAKE } from '../testing/factories/clinical';
import { applyRetention } from '../retention';

/**
 * A shared session is the session of everyone in the room: its note on each record, each name in
 * the practitioner's calendar, the standing time in each one's lists, and news of an account's end.
 */

const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const PRACTICE_EMAIL = 'diary@practice.test';
const COUPLES = 2; // weekly, 60 minutes
const FAMILY = 3; // fortnightly, 75 minutes

const NAMES = new Map<string, string>();
const nameOf = (who: TestAccount) => NAMES.get(who.uid) ?? '';
const { booker, partner, adult, practitioner } = await createAccounts({
  booker: { name: 'Ada Booker' },
  partner: { name: 'Pat Partner' },
  adult: { name: 'Gran Adult' },
  practitioner: { practitioner: true, name: 'Dr Practitioner' },
});
for (const [who, name] of [
  [booker, 'Ada Booker'],
  [partner, 'Pat Partner'],
  [adult, 'Gran Adult'],
] as const)
  NAMES.set(who.uid, name);

describe.each(DATABASE_KINDS)('shared sessions on %s', (kind) => {
  let clock = NOW;
  const { api, db, request, mailTo, sent } = useApiStack(kind, {
    now: () => clock,
    practiceEmail: PRACTICE_EMAIL,
    beforeEach: () => (clock = NOW),
  });

  /** A weekly series of `serviceId` on Tuesdays 18:00 with these adults invited; its answer. */
  async function sharedSeries(
    serviceId = COUPLES,
    others: TestAccount[] = [partner],
    by: TestAccount = booker,
  ) {
    const asked = await request('POST', '/series', by, {
      serviceId,
      start: '2027-03-09T18:00:00Z',
      participants: others.map((each) => ({ name: nameOf(each), email: each.email })),
    });
    expect(asked.status).toBe(201);
    return asked.json as { id: string; sessions: { id: string; start: string }[] };
  }

  async function join(who: TestAccount) {
    const list = await request('GET', '/invitations', who);
    expect(list.json.invitations).toHaveLength(1);
    const joined = await request('POST', `/invitations/${list.json.invitations[0].id}/accept`, who);
    expect(joined.status).toBe(200);
  }

  /** A couple's series, joined by the partner and confirmed by the practitioner. */
  async function confirmedCouple(by: TestAccount = booker, other: TestAccount = partner) {
    const series = await sharedSeries(COUPLES, [other], by);
    await join(other);
    expect((await request('POST', `/series/${series.id}/confirm`, practitioner)).status).toBe(200);
    return series;
  }

  const auditOf = async (who: TestAccount) =>
    (await request('GET', `/practice/audit?client=${who.uid}`, practitioner)).json.entries.map(
      (entry: { what: string }) => entry.what,
    );

  it('a session’s note is on every participant’s record, and each record logs its reading', async () => {
    const series = await confirmedCouple();
    const first = series.sessions[0];
    clock = new Date('2027-03-09T19:05:00Z'); // the first session is over
    const path = `/practice/bookings/${first?.id}/note`;
    expect(
      (await request('PUT', path, practitioner, { text: 'Both spoke of the move.' })).status,
    ).toBe(200);
    expect((await request('POST', `${path}/sign`, practitioner)).status).toBe(200);

    for (const who of [booker, partner]) {
      const record = await request('GET', `/practice/clients/${who.uid}`, practitioner);
      expect(record.status).toBe(200);
      expect(record.json.notes, nameOf(who)).toEqual([
        expect.objectContaining({
          bookingId: first?.id,
          serviceName: 'Couples Counselling',
          text: 'Both spoke of the move.',
          status: 'signed',
        }),
      ]);
    }
    expect((await request('GET', path, practitioner)).status).toBe(200);
    const read = 'Read the note of the session on 9 March 2027';
    for (const who of [booker, partner]) {
      const log = await auditOf(who);
      expect(log, nameOf(who)).toContain(read);
      expect(log, nameOf(who)).toContain('Signed the note of the session on 9 March 2027');
    }
    // Her export of the partner's record carries it too.
    const exported = await request('GET', `/practice/clients/${partner.uid}/export`, practitioner);
    expect(exported.json.sessionNotes).toEqual([
      expect.objectContaining({ text: 'Both spoke of the move.', status: 'signed' }),
    ]);
    // The partner still cannot read it; their own record is the practitioner's only.
    expect((await request('GET', path, partner)).status).toBe(403);
  });

  it('the practitioner’s calendar feed names everyone in the room by initials', async () => {
    const series = await sharedSeries(FAMILY, [partner, adult]);
    await join(partner);
    expect((await request('POST', `/series/${series.id}/confirm`, practitioner)).status).toBe(200);
    const decline = (await request('GET', '/invitations', adult)).json.invitations[0];
    expect((await request('POST', `/invitations/${decline.id}/decline`, adult)).status).toBe(200);
    const made = await request('POST', '/practice/calendar-feed', practitioner);
    const answer = await fetch(made.json.url.replace('http://site.test/api', api.url));
    expect(answer.status).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(await answer.text()));
    const summaries = calendar
      .getAllSubcomponents('vevent')
      .map((component) => new ICAL.Event(component).summary);
    expect(summaries.length).toBe(series.sessions.length);
    // The booker and the partner who joined; the adult who declined is not coming.
    expect(new Set(summaries)).toEqual(new Set(['Family Therapy: AB, PP']));
    expect(summaries.join()).not.toContain('Pat');
    expect(sent.length).toBeGreaterThan(0);
  });
  it('a joined partner’s GET /api/series lists the standing time as a participant, without amounts', async () => {
    const series = await confirmedCouple();
    const mine = (await request('GET', '/series', booker)).json.series;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toHaveProperty('payment');
    const theirs = await request('GET', '/series', partner);
    expect(theirs.status).toBe(200);
    expect(theirs.json.series).toHaveLength(1);
    const shared = theirs.json.series[0];
    expect(shared).toMatchObject({
      id: series.id,
      serviceName: 'Couples Counselling',
      status: 'confirmed',
      weekday: 'Tuesday',
      time: '18:00',
      role: 'participant',
      bookedBy: 'Ada Booker',
      coming: ['Ada Booker'],
      intakeToDo: true,
    });
    // Their own view: nothing for the booker to do (ending, paying), and not themselves.
    expect(shared).not.toHaveProperty('endable');
    expect(shared).not.toHaveProperty('participants');
    expect(shared.sessions).toHaveLength(series.sessions.length);
    // The booker moves, skips, ends and pays; a participant may cancel one session.
    for (const session of shared.sessions) expect(session.actions).toEqual(['cancel']);
    expect(shared).not.toHaveProperty('payment');
    const text = JSON.stringify(theirs.json);
    expect(text).not.toContain(booker.email);
    expect(text).not.toContain(partner.email);
    expect(text).not.toMatch(/amount|£|pence/i);
    expect((await request('POST', `/series/${series.id}/end`, partner)).status).toBe(403);
    // Someone who only was invited, or declined, sees nothing of it.
    expect((await request('GET', '/series', adult)).json.series).toEqual([]);
  });

  it('the booker’s account deleted: each joined partner hears their shared sessions are cancelled', async () => {
    const leaving = await createAccount({ name: 'Lee Leaving' });
    NAMES.set(leaving.uid, 'Lee Leaving');
    const series = await confirmedCouple(leaving, partner);
    await api.deliveryIdle();
    sent.length = 0;
    expect((await request('POST', '/account/deletion', leaving)).status).toBe(200);
    await api.runOutbox();
    const told = await mailTo(
      partner.email,
      /^Your shared sessions are cancelled: Couples Counselling/,
    );
    expect(told.text).toContain('Hello Pat Partner');
    expect(told.text).toContain('Lee Leaving has deleted their account');
    expect(told.text).toContain('- Tuesday, 9 March 2027 at 18:00 GMT');
    expect(told.calendar?.method).toBe('CANCEL');
    const cancelled = (told.calendar?.content ?? '').match(/^STATUS:CANCELLED/gm) ?? [];
    expect(cancelled).toHaveLength(series.sessions.length);
    expect(told.calendar?.content).toContain(`ATTENDEE`);
    expect(told.calendar?.content).not.toContain(leaving.email);
    expect((await request('GET', '/bookings', partner)).json.bookings).toEqual([]);
    expect((await request('GET', '/series', partner)).json.series).toEqual([]);
  });

  it('a partner’s account deleted: the booker and the practice are told, the sessions stand', async () => {
    const leaving = await createAccount({ name: 'Lee Leaving' });
    NAMES.set(leaving.uid, 'Lee Leaving');
    const series = await confirmedCouple(booker, leaving);
    await api.deliveryIdle();
    sent.length = 0;
    expect((await request('POST', '/account/deletion', leaving)).status).toBe(200);
    await api.runOutbox();
    await mailTo(booker.email, /^Lee Leaving no longer comes: Couples Counselling/);
    await mailTo(PRACTICE_EMAIL, /^Lee Leaving left: Couples Counselling/);
    // The one who left hears only that their account is deleted, nothing more of the sessions.
    expect(sent.filter((each) => each.to === leaving.email).map((each) => each.subject)).toEqual([
      'Your account is deleted',
    ]);
    const mine = (await request('GET', '/series', booker)).json.series[0];
    expect(mine.id).toBe(series.id);
    expect(mine.status).toBe('confirmed');
    expect(mine.participants).toEqual([
      { id: expect.any(String), name: 'Lee Leaving', status: 'left', agreementAccepted: false },
    ]);
  });

  it('a partner who was in a session and deletes their account: their record is kept its whole period', async () => {
    const leaving = await createAccount({ name: 'Lee Leaving' });
    NAMES.set(leaving.uid, 'Lee Leaving');
    await confirmedCouple(booker, leaving);
    clock = new Date('2027-03-09T19:05:00Z'); // the first session is over
    const answer = await request('POST', '/account/deletion', leaving);
    // Seven years from the session they were in, though the booking was never theirs.
    expect(answer).toMatchObject({ status: 200, json: { keptUntil: '2034-03-09T18:00:00.000Z' } });
  });

  it('the booker’s account deleted after a session: the partner’s record still holds the session and its note', async () => {
    const leaving = await createAccount({ name: 'Lee Leaving' });
    const other = await createAccount({ name: 'Sam Staying' });
    NAMES.set(leaving.uid, 'Lee Leaving');
    NAMES.set(other.uid, 'Sam Staying');
    const series = await confirmedCouple(leaving, other);
    clock = new Date('2027-03-09T19:05:00Z'); // the first session is over
    const path = `/practice/bookings/${series.sessions[0]?.id}/note`;
    expect((await request('PUT', path, practitioner, { text: 'Both came on time.' })).status).toBe(
      200,
    );
    expect((await request('POST', `${path}/sign`, practitioner)).status).toBe(200);
    clock = new Date('2027-03-16T19:05:00Z'); // two sessions are over
    expect((await request('POST', '/account/deletion', leaving)).status).toBe(200);
    // The booking went with the booker's account; the session's note is still on the partner's.
    const record = await request('GET', `/practice/clients/${other.uid}`, practitioner);
    expect(record.status).toBe(200);
    expect(record.json.notes).toEqual([
      expect.objectContaining({
        start: '2027-03-09T18:00:00.000Z',
        serviceName: 'Couples Counselling',
        text: 'Both came on time.',
        status: 'signed',
      }),
    ]);
    // Their own copy still lists the times they were there (and nothing more of the booker's).
    const copy = await request('GET', '/account/export', other);
    expect(copy.json.sharedSessions).toEqual([
      {
        serviceName: 'Couples Counselling',
        start: '2027-03-09T18:00:00.000Z',
        end: '2027-03-09T19:00:00.000Z',
        status: 'confirmed',
      },
      {
        serviceName: 'Couples Counselling',
        start: '2027-03-16T18:00:00.000Z',
        end: '2027-03-16T19:00:00.000Z',
        status: 'confirmed',
      },
    ]);
    // And their record is theirs to keep: seven years from the last session they were in.
    const answer = await request('POST', '/account/deletion', other);
    expect(answer).toMatchObject({ status: 200, json: { keptUntil: '2034-03-16T18:00:00.000Z' } });
  });

  it('a partner’s record is kept from the sessions they were in, then goes with the schedule', async () => {
    const other = await createAccount({ name: 'Sam Staying' });
    NAMES.set(other.uid, 'Sam Staying');
    expect((await request('PUT', '/intake', other, INTAKE)).status).toBe(200);
    const series = await confirmedCouple(booker, other);
    clock = new Date('2027-03-09T19:05:00Z'); // their one session is over; the practice ends the rest
    expect((await request('POST', `/practice/series/${series.id}/end`, practitioner)).status).toBe(
      200,
    );
    const pruned = async (at: string) => (await applyRetention(db, new Date(at))).clinicalRecords;
    // Seven years from that session, not from the intake a week before it.
    expect(await pruned('2034-03-09T17:59:59.999Z')).toBe(0);
    expect(await pruned('2034-03-09T18:00:00.000Z')).toBe(1);
    expect(await db.selectFrom('intakes').select('client_uid').execute()).toEqual([]);
  });
});
