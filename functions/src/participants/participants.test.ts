import { insertBooking, changeStatus } from '../bookings';
import type { TestAccount } from '../testing/accounts';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import { INTAKE } from '../testing/factories/clinical';
import { leaveFutureSessions } from './index';

const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const PRACTICE_EMAIL = 'diary@practice.test';
const INDIVIDUAL = 1;
const COUPLES = 2; // weekly, 60 minutes
const FAMILY = 3; // fortnightly, 75 minutes

const { booker, partner, stranger, adult, practitioner } = await createAccounts({
  booker: { name: 'Ada Booker' },
  partner: { name: 'Pat Partner' },
  stranger: { name: 'Sid Stranger' },
  adult: { name: 'Gran Adult' },
  practitioner: { practitioner: true },
});

/** Every ATTENDEE address of a calendar file. */
const attendees = (calendar: string | undefined) =>
  [...(calendar ?? '').replace(/\r\n[ \t]/g, '').matchAll(/^ATTENDEE[^\r\n]*mailto:([^\r\n]+)$/gim)]
    .map((match) => match[1])
    .sort();
const uidOf = (calendar: string | undefined) => /^UID:(.+)$/m.exec(calendar ?? '')?.[1]?.trim();

describe.each(DATABASE_KINDS)('couples and families on %s', (kind) => {
  let clock = NOW;
  const { db, api, sent, request, mailTo } = useApiStack(kind, {
    now: () => clock,
    practiceEmail: PRACTICE_EMAIL,
    beforeEach: () => (clock = NOW),
  });
  const partnerOf = (who: TestAccount, name = 'Pat Partner') => ({ name, email: who.email });

  /** A couple's weekly series on Tuesdays 18:00, with the partner invited; its answer. */
  async function coupleSeries() {
    const asked = await request('POST', '/series', booker, {
      serviceId: COUPLES,
      start: '2027-03-09T18:00:00Z',
      participants: [partnerOf(partner)],
    });
    expect(asked.status).toBe(201);
    return asked.json as { id: string; sessions: { id: string; start: string }[] };
  }

  /** The invitation waiting for `who` (exactly one). */
  async function invitationFor(who: TestAccount) {
    const list = await request('GET', '/invitations', who);
    expect(list.status).toBe(200);
    expect(list.json.invitations).toHaveLength(1);
    return list.json.invitations[0] as { id: string };
  }

  describe('who may come (422, never 500)', () => {
    const ask = (body: Record<string, unknown>, path = '/bookings') =>
      request('POST', path, booker, { start: '2027-03-09T18:00:00Z', ...body });

    it.each([
      [
        'a partner on an individual service',
        { serviceId: INDIVIDUAL, participants: [{ name: 'Pat', email: 'pat@example.test' }] },
        /for one person/,
      ],
      ['a couple without the partner', { serviceId: COUPLES }, /partner’s name and email/],
      [
        'two partners',
        {
          serviceId: COUPLES,
          participants: [
            { name: 'A', email: 'a@example.test' },
            { name: 'B', email: 'b@example.test' },
          ],
        },
        /for two/,
      ],
      [
        'the booker’s own address',
        { serviceId: COUPLES, participants: [{ name: 'Me', email: 'BOOKER' }] },
        /your own email address/,
      ],
      [
        'the same address twice',
        {
          serviceId: FAMILY,
          participants: [
            { name: 'A', email: 'same@example.test' },
            { name: 'B', email: 'SAME@example.test' },
          ],
        },
        /twice/,
      ],
      [
        'a bad address',
        { serviceId: COUPLES, participants: [{ name: 'Pat', email: 'pat at home' }] },
        /email address in full/,
      ],
      [
        'fifty adults',
        {
          serviceId: FAMILY,
          participants: Array.from({ length: 50 }, (_, i) => ({
            name: `P${i}`,
            email: `p${i}@example.test`,
          })),
        },
        /at most 5 other adults/,
      ],
      [
        'a 10 kB name',
        {
          serviceId: COUPLES,
          participants: [{ name: 'x'.repeat(10_240), email: 'pat@example.test' }],
        },
        /at most 100 characters/,
      ],
      [
        'seven children',
        {
          serviceId: FAMILY,
          participants: [{ name: 'A', email: 'a@example.test' }],
          children: Array.from({ length: 7 }, () => ({ firstName: 'Kit' })),
        },
        /at most 6 children/,
      ],
      [
        'a child without an age',
        {
          serviceId: FAMILY,
          participants: [{ name: 'A', email: 'a@example.test' }],
          children: [{ firstName: 'Kit', ageYears: 3 }, { firstName: 'Sam' }],
        },
        /^Give child 2’s age in years\.$/,
      ],
      [
        'a child of 16',
        {
          serviceId: FAMILY,
          participants: [{ name: 'A', email: 'a@example.test' }],
          children: [{ firstName: 'Kit', ageYears: 16 }],
        },
        /^Give child 1’s age in whole years, from 0 to 15: invite anyone older as an adult\.$/,
      ],
      [
        'a child of -1, or of 2½',
        {
          serviceId: FAMILY,
          participants: [{ name: 'A', email: 'a@example.test' }],
          children: [
            { firstName: 'Kit', ageYears: 2.5 },
            { firstName: 'Sam', ageYears: -1 },
          ],
        },
        /^Give child 1’s age in whole years, from 0 to 15/,
      ],
      [
        'children as text',
        {
          serviceId: FAMILY,
          participants: [{ name: 'A', email: 'a@example.test' }],
          children: 'Kit and Sam',
        },
        /"children" as a list/,
      ],
      [
        'participants as an object',
        { serviceId: COUPLES, participants: { name: 'Pat' } },
        /"participants" as a list/,
      ],
      [
        'a name that is a number',
        { serviceId: COUPLES, participants: [{ name: 42, email: 'pat@example.test' }] },
        /name as text/,
      ],
    ])('refuses %s', async (_, body, detail) => {
      const withBooker = JSON.parse(
        JSON.stringify(body).replace('BOOKER', booker.email.toUpperCase()),
      );
      for (const path of ['/bookings', '/series']) {
        const answer = await ask(withBooker, path);
        expect(answer.status, path).toBe(422);
        expect(answer.contentType).toContain('application/problem+json');
        expect(answer.json.detail).toMatch(detail);
      }
      expect(await db.selectFrom('participants').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('bookings').selectAll().execute()).toEqual([]);
    });
  });

  it('invites by email; only the invited address may answer; joining shows the sessions', async () => {
    const series = await coupleSeries();
    const invitation = await mailTo(
      partner.email,
      /^Ada Booker invites you to Couples Counselling/,
    );
    expect(invitation.text).toContain('http://site.test/invitations');
    expect(invitation.text).toContain(partner.email);

    // Another signed-in person sees nothing and is refused the invitation.
    expect((await request('GET', '/invitations', stranger)).json.invitations).toEqual([]);
    const { id } = await invitationFor(partner);
    const refused = await request('POST', `/invitations/${id}/accept`, stranger);
    expect(refused.status).toBe(403);
    expect(refused.json.detail).toMatch(/sent to another email address/);
    expect((await request('POST', `/invitations/${id}/accept`, booker)).status).toBe(403);
    expect((await request('POST', '/invitations/not-an-id/accept', partner)).status).toBe(404);

    // The booker and the practitioner see the invited partner; only she sees the address.
    const mine = (await request('GET', '/series', booker)).json.series[0];
    expect(mine.participants).toEqual([
      { id: expect.any(String), name: 'Pat Partner', status: 'invited', agreementAccepted: false },
    ]);
    const diary = await request('GET', '/practice/bookings', practitioner);
    expect(diary.json.seriesRequests[0].participants).toEqual([
      {
        id: expect.any(String),
        name: 'Pat Partner',
        status: 'invited',
        agreementAccepted: false,
        email: partner.email,
      },
    ]);
    expect(
      diary.json.bookings.find((each: { id: string }) => each.id === series.sessions[0]?.id)
        .participants[0],
    ).toMatchObject({ name: 'Pat Partner', email: partner.email });

    const joined = await request('POST', `/invitations/${id}/accept`, partner);
    expect(joined.status).toBe(200);
    expect(joined.json).toMatchObject({ id, status: 'joined', serviceName: 'Couples Counselling' });
    expect((await request('POST', `/invitations/${id}/decline`, partner)).status).toBe(409);
    await mailTo(booker.email, /^Pat Partner joined: Couples Counselling/);
    await mailTo(PRACTICE_EMAIL, /^Pat Partner joined: Couples Counselling/);
    expect((await request('GET', '/invitations', partner)).json.invitations).toEqual([]);
    // Each one's record, for the practitioner, lists the shared sessions with both names.
    const partnersRecord = await request('GET', `/practice/clients/${partner.uid}`, practitioner);
    expect(partnersRecord.json.bookings[0]).toMatchObject({
      id: series.sessions[0]?.id,
      bookedBy: 'Ada Booker',
      participants: [{ name: 'Pat Partner', status: 'joined', email: partner.email }],
    });
    expect(partnersRecord.json.bookings[0]).not.toHaveProperty('payment');
    const bookersRecord = await request('GET', `/practice/clients/${booker.uid}`, practitioner);
    expect(bookersRecord.json.bookings[0].participants[0]).toMatchObject({ name: 'Pat Partner' });

    const shared = (await request('GET', '/bookings', partner)).json.bookings;
    expect(shared.length).toBe(series.sessions.length);
    // Their own view: who else is coming (not themselves) and what they still have to do.
    expect(shared[0]).toMatchObject({
      id: series.sessions[0]?.id,
      role: 'participant',
      bookedBy: 'Ada Booker',
      coming: ['Ada Booker'],
      intakeToDo: true,
    });
    expect(JSON.stringify(shared)).not.toContain(partner.email);
    expect(shared[0]).not.toHaveProperty('payment');
    // The agreement shows once the partner has given their own intake.
    expect((await request('PUT', '/intake', partner, INTAKE)).status).toBe(200);
    const theirs = (await request('GET', '/bookings', partner)).json.bookings;
    expect(theirs[0]).toMatchObject({ coming: ['Ada Booker'], intakeToDo: false });
    const booked = (await request('GET', '/bookings', booker)).json.bookings;
    expect(booked[0].participants).toEqual([
      { id: expect.any(String), name: 'Pat Partner', status: 'joined', agreementAccepted: true },
    ]);
  });

  it('a family: several adults and children by first name; one declines', async () => {
    const asked = await request('POST', '/series', booker, {
      serviceId: FAMILY,
      start: '2027-03-09T10:00:00Z',
      participants: [partnerOf(partner), { name: 'Gran Adult', email: adult.email }],
      children: [
        { firstName: 'Kit', ageYears: 9 },
        { firstName: '<b>Sam</b>', ageYears: 0 },
      ],
    });
    expect(asked.status).toBe(201);
    expect(asked.json.children).toEqual(['Kit', '<b>Sam</b>']);
    const { id } = await invitationFor(adult);
    expect((await request('POST', `/invitations/${id}/decline`, adult)).status).toBe(200);
    await mailTo(booker.email, /^Gran Adult declined: Family Therapy/);
    const mine = (await request('GET', '/series', booker)).json.series[0];
    expect(mine.participants.map((each: { status: string }) => each.status)).toEqual([
      'invited',
      'declined',
    ]);
    expect((await request('GET', '/bookings', adult)).json.bookings).toEqual([]);
  });

  it('each partner is a client of the session: confirmation, calendar file with both, reminder', async () => {
    const series = await coupleSeries();
    await request('POST', `/invitations/${(await invitationFor(partner)).id}/accept`, partner);
    expect((await request('POST', `/series/${series.id}/confirm`, practitioner)).status).toBe(200);
    const hers = await mailTo(booker.email, /^Your sessions are confirmed/);
    const his = await mailTo(partner.email, /^Your sessions are confirmed/);
    expect(his.text).toContain('Hello Pat Partner');
    expect(his.text).toContain('Paid by the person who booked.');
    expect(his.text).not.toMatch(/£/);
    // The booker's file names everyone by address; the partner's holds only their own address
    // (the booker's is not theirs to have: issue 44).
    expect(attendees(hers.calendar?.content)).toEqual([booker.email, partner.email].sort());
    expect(attendees(his.calendar?.content)).toEqual([partner.email]);
    expect(uidOf(his.calendar?.content)).toBe(uidOf(hers.calendar?.content));

    clock = new Date('2027-03-08T19:00:00Z'); // inside the day before the first session
    await api.runOutbox();
    await mailTo(booker.email, /^Reminder: Couples Counselling/);
    const reminder = await mailTo(partner.email, /^Reminder: Couples Counselling/);
    expect(reminder.text).toContain('Hello Pat Partner');
    // Once each, however often the job runs.
    await api.runOutbox();
    expect(sent.filter((each) => /^Reminder/.test(each.subject))).toHaveLength(2);
  });

  it('the booker moves a session: every participant’s calendar updates', async () => {
    const series = await coupleSeries();
    await request('POST', `/invitations/${(await invitationFor(partner)).id}/accept`, partner);
    await request('POST', `/series/${series.id}/confirm`, practitioner);
    const second = series.sessions[1]?.id;
    // The partner may not move it: the booker manages the standing time.
    const notHers = await request('POST', `/bookings/${second}/move`, partner, {
      start: '2027-03-17T10:00:00Z',
    });
    expect(notHers.status).toBe(403);
    const moved = await request('POST', `/bookings/${second}/move`, booker, {
      start: '2027-03-17T10:00:00Z',
    });
    expect(moved.status).toBe(200);
    const hers = await mailTo(booker.email, /^Your session has moved/);
    const his = await mailTo(partner.email, /^Your session has moved/);
    for (const mail of [hers, his]) {
      expect(mail.calendar?.method).toBe('REQUEST');
      expect(mail.calendar?.content).toMatch(/^SEQUENCE:1\r?$/m);
      expect(mail.calendar?.content).toMatch(
        /^RECURRENCE-ID;TZID=Europe\/London:20270316T180000\r?$/m,
      );
    }
    expect(attendees(hers.calendar?.content)).toEqual([booker.email, partner.email].sort());
    expect(attendees(his.calendar?.content)).toEqual([partner.email]);
    expect(uidOf(his.calendar?.content)).toBe(`${series.id}@practice.test`);
  });

  it('a participant cancels one session and everyone is told', async () => {
    const series = await coupleSeries();
    await request('POST', `/invitations/${(await invitationFor(partner)).id}/accept`, partner);
    await request('POST', `/series/${series.id}/confirm`, practitioner);
    const first = series.sessions[0]?.id;
    expect((await request('POST', `/bookings/${first}/cancel`, stranger)).status).toBe(403);
    const cancelled = await request('POST', `/bookings/${first}/cancel`, partner);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe('cancelled');
    const hers = await mailTo(booker.email, /^Session cancelled: Couples Counselling/);
    expect(hers.text).toContain('Pat Partner cancelled the session');
    expect(hers.calendar?.method).toBe('CANCEL');
    const his = await mailTo(partner.email, /^Session cancelled: Couples Counselling/);
    expect(his.calendar?.method).toBe('CANCEL');
    const practice = await mailTo(PRACTICE_EMAIL, /^Session cancelled: Couples Counselling/);
    expect(practice.text).toContain('Pat Partner cancelled');
    // The other sessions stand for both.
    const left = (await request('GET', '/bookings', partner)).json.bookings;
    expect(left.filter((each: { status: string }) => each.status === 'confirmed')).toHaveLength(
      series.sessions.length - 1,
    );
  });

  it('a video session: the partner gets the same join link', async () => {
    // Couples Counselling with a video room, as a session offered by video would have one.
    const start = new Date('2027-03-03T10:00:00Z');
    const made = await insertBooking(
      db,
      {
        client: { uid: booker.uid, email: booker.email, name: 'Ada Booker' },
        serviceId: COUPLES,
        start,
        end: new Date(start.getTime() + 60 * 60_000),
        busyUntil: new Date(start.getTime() + 70 * 60_000),
        note: '',
        mode: 'video',
      },
      { maxOpenRequests: 3, now: NOW },
    );
    if (made.outcome !== 'created') throw new Error(made.outcome);
    await db
      .insertInto('participants')
      .values({
        booking_id: made.booking.id,
        booker_uid: booker.uid,
        kind: 'adult',
        name: 'Pat Partner',
        email: partner.email.toLowerCase(),
        created_at: NOW,
      })
      .execute();
    await changeStatus(db, made.booking.id, ['requested'], 'confirmed', NOW);
    await request('POST', `/invitations/${(await invitationFor(partner)).id}/accept`, partner);
    const confirmation = await mailTo(partner.email, /^Your session is confirmed/);
    const link = `https://meet.jit.si/${made.booking.videoRoom}`;
    expect(confirmation.text).toContain(link);
    expect(attendees(confirmation.calendar?.content)).toEqual([partner.email]);
    const shared = (await request('GET', '/bookings', partner)).json.bookings;
    expect(shared[0]).toMatchObject({ role: 'participant', joinUrl: link });
    clock = new Date('2027-03-02T11:00:00Z');
    await api.runOutbox();
    expect((await mailTo(partner.email, /^Reminder/)).text).toContain(link);
  });

  it('keeps each record its own: a partner is refused the other’s intake and questionnaires', async () => {
    const series = await coupleSeries();
    await request('POST', `/invitations/${(await invitationFor(partner)).id}/accept`, partner);
    await request('POST', `/series/${series.id}/confirm`, practitioner);
    await request('PUT', '/intake', booker, INTAKE);
    // The booker's record (intake, questionnaires, risk answers, payments) is the practitioner's.
    expect((await request('GET', `/practice/clients/${booker.uid}`, partner)).status).toBe(403);
    expect(
      (await request('GET', `/practice/bookings/${series.sessions[0]?.id}/note`, partner)).status,
    ).toBe(403);
    const record = await request('GET', `/practice/clients/${booker.uid}`, practitioner);
    expect(record.status).toBe(200);
    const phq = await request('POST', '/questionnaires', booker, {
      instrument: 'PHQ-9',
      answers: [1, 1, 1, 1, 1, 1, 1, 1, 0],
    });
    expect(phq.status).toBe(201);
    // The partner's own lists hold their own answers only: none yet.
    expect((await request('GET', '/questionnaires', partner)).json.questionnaires).toEqual([]);
    expect(JSON.stringify((await request('GET', '/intake', partner)).json)).not.toContain(
      INTAKE.phone,
    );
    const shared = JSON.stringify((await request('GET', '/bookings', partner)).json);
    expect(shared).not.toContain(booker.email);
    expect(shared).not.toContain(INTAKE.phone);
  });

  it('a participant’s deletion: they leave the sessions ahead, the others keep them and are told', async () => {
    const series = await coupleSeries();
    await request('POST', `/invitations/${(await invitationFor(partner)).id}/accept`, partner);
    await request('POST', `/series/${series.id}/confirm`, practitioner);
    await api.deliveryIdle();
    sent.length = 0;
    const left = await db
      .transaction()
      .execute((trx) =>
        leaveFutureSessions(trx, partner.uid, { now: clock, reactions: api.context.reactions }),
      );
    expect(left).toBe(1);
    await api.runOutbox();
    await mailTo(booker.email, /^Pat Partner no longer comes: Couples Counselling/);
    await mailTo(PRACTICE_EMAIL, /^Pat Partner left: Couples Counselling/);
    expect(sent.filter((each) => each.to === partner.email)).toEqual([]);
    expect((await request('GET', '/bookings', partner)).json.bookings).toEqual([]);
    const mine = (await request('GET', '/bookings', booker)).json.bookings;
    expect(mine.filter((each: { status: string }) => each.status === 'confirmed')).toHaveLength(
      series.sessions.length,
    );
    expect(mine[0].participants).toEqual([
      { id: expect.any(String), name: 'Pat Partner', status: 'left', agreementAccepted: false },
    ]);
    // Idempotent: nothing more to leave.
    expect(
      await db
        .transaction()
        .execute((trx) =>
          leaveFutureSessions(trx, partner.uid, { now: clock, reactions: api.context.reactions }),
        ),
    ).toBe(0);
  });

  it('offers the CSI-4 to each partner of a couples’ session, and to no one else', async () => {
    const csi = (who: TestAccount, answers: number[]) =>
      request('POST', '/questionnaires', who, { instrument: 'CSI-4', answers });
    expect((await csi(stranger, [3, 3, 3, 3])).status).toBe(422);
    expect((await request('GET', '/questionnaires', stranger)).json.offered).toEqual([
      'PHQ-9',
      'GAD-7',
      'CORE-10',
    ]);
    const series = await coupleSeries();
    expect((await csi(partner, [3, 3, 3, 3])).status).toBe(422); // invited, not yet joined
    await request('POST', `/invitations/${(await invitationFor(partner)).id}/accept`, partner);
    await request('POST', `/series/${series.id}/confirm`, practitioner);
    for (const who of [booker, partner]) {
      expect((await request('GET', '/questionnaires', who)).json.offered).toContain('CSI-4');
    }
    const low = await csi(partner, [3, 5, 5, 0]);
    expect(low.status).toBe(201);
    expect(low.json).toMatchObject({
      instrument: 'CSI-4',
      total: 13,
      band: 'Relationship distress',
      risk: false,
    });
    const top = await csi(booker, [6, 5, 5, 5]);
    expect(top.json).toMatchObject({ total: 21, band: 'No relationship distress' });
    const bad = await request('POST', '/questionnaires', booker, {
      instrument: 'CSI-4',
      answers: [7, 0, 0, 0],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.detail).toMatch(/Answer 1 of CSI-4 must be a whole number from 0 to 6/);
    // Each partner's score is on their own record only.
    const hers = await request('GET', `/practice/clients/${partner.uid}`, practitioner);
    expect(JSON.stringify(hers.json)).toContain('CSI-4');
    expect(JSON.stringify(hers.json)).not.toContain('"total":21');
  });
});
