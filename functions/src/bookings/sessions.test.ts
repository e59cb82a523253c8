import { sql } from 'kysely';
import { createAccount, type TestAccount } from '../testing/accounts';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import { confirmedSession } from '../testing/factories/bookings';
import { INTAKE } from '../testing/factories/clinical';
import { newVideoRoom } from './video';

const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const AHEAD = '2027-03-03T10:00:00Z'; // a Wednesday, inside the opening hours
const INDIVIDUAL = 1; // in person or by video, 50 minutes
const BEREAVEMENT = 5; // in person or by video, one-off
const COUPLES = 2; // in person only
const COACHING = 6; // by video only

const { client, otherClient, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  otherClient: { name: 'Ben Other' },
  practitioner: { practitioner: true, name: 'Dr Practitioner' },
});

describe.each(DATABASE_KINDS)('sessions on %s', (kind) => {
  let clock = NOW;
  const { db, api, sent, request } = useApiStack(kind, {
    now: () => clock,
    beforeEach: () => (clock = NOW),
  });

  /** A confirmed session at `start`, written straight to the database. */
  const confirmed = (who: TestAccount, start: string, mode?: 'video') =>
    confirmedSession(db, who, start, { serviceId: INDIVIDUAL, ...(mode && { mode }) });

  describe('attendance', () => {
    it('is marked by the practitioner from the session’s end, not a minute before', async () => {
      const session = await confirmed(client, '2027-02-26T10:00:00Z');
      const path = `/practice/bookings/${session.id}/attendance`;
      clock = new Date('2027-02-26T10:49:59Z');
      const early = await request('POST', path, practitioner, { attendance: 'attended' });
      expect(early.status).toBe(422);
      expect(early.json.detail).toMatch(/once the session has ended/);
      clock = new Date('2027-02-26T10:50:00Z');
      const marked = await request('POST', path, practitioner, { attendance: 'attended' });
      expect(marked.status).toBe(200);
      expect(marked.json).toMatchObject({
        id: session.id,
        status: 'confirmed',
        attendance: 'attended',
      });
      // A correction is a new mark.
      const corrected = await request('POST', path, practitioner, { attendance: 'no-show' });
      expect(corrected.json.attendance).toBe('no-show');
      const diary = await request('GET', '/practice/bookings?from=2027-02-22&days=7', practitioner);
      expect(
        diary.json.bookings.find((each: { id: string }) => each.id === session.id),
      ).toMatchObject({ attendance: 'no-show' });
    });

    it('refuses clients, unknown values, and bookings that were never a session', async () => {
      const session = await confirmed(client, '2027-02-26T10:00:00Z');
      const path = `/practice/bookings/${session.id}/attendance`;
      expect((await request('POST', path, client, { attendance: 'attended' })).status).toBe(403);
      expect((await request('POST', path)).status).toBe(401);
      const wrong = await request('POST', path, practitioner, { attendance: 'late' });
      expect(wrong.status).toBe(400);
      expect(wrong.json.detail).toMatch(/"attendance"/);
      const asked = await request('POST', '/bookings', client, { serviceId: 1, start: AHEAD });
      clock = new Date('2027-03-04T09:00:00Z');
      expect(
        (
          await request('POST', `/practice/bookings/${asked.json.id}/attendance`, practitioner, {
            attendance: 'attended',
          })
        ).status,
      ).toBe(409);
      // The database itself refuses a mark before the end (bar a client's late cancellation).
      const ahead = await confirmed(otherClient, '2027-03-10T10:00:00Z');
      await expect(
        sql`update bookings set attendance = 'attended', attendance_at = ${NOW} where id = ${ahead.id}`.execute(
          db,
        ),
      ).rejects.toThrow(/bookings_attendance_after_end/);
    });

    it('counts each kind on the client’s record', async () => {
      const marks = ['attended', 'attended', 'no-show', 'late-cancellation', 'practice-cancelled'];
      for (const [index, attendance] of marks.entries()) {
        const day = String(15 + index).padStart(2, '0');
        const session = await confirmed(client, `2027-02-${day}T10:00:00Z`);
        await request('POST', `/practice/bookings/${session.id}/attendance`, practitioner, {
          attendance,
        });
      }
      await confirmed(client, '2027-02-22T10:00:00Z');
      const record = await request('GET', `/practice/clients/${client.uid}`, practitioner);
      expect(record.json.attendance).toEqual({
        attended: 2,
        'late-cancellation': 1,
        'no-show': 1,
        'practice-cancelled': 1,
      });
      expect(record.json.bookings.map((each: { attendance: unknown }) => each.attendance)).toEqual([
        'attended',
        'attended',
        'no-show',
        'late-cancellation',
        'practice-cancelled',
        null,
      ]);
    });

    it('leaves a client’s cancellation in good time unmarked', async () => {
      const asked = await request('POST', '/bookings', client, { serviceId: 1, start: AHEAD });
      await request('POST', `/bookings/${asked.json.id}/confirm`, practitioner);
      await request('POST', `/bookings/${asked.json.id}/cancel`, client);
      const row = await db
        .selectFrom('bookings')
        .select(['status', 'attendance'])
        .where('id', '=', asked.json.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'cancelled', attendance: null });
    });
  });

  describe('video sessions', () => {
    it('asks which, defaults to in person, and refuses a mode the service does not offer', async () => {
      const plain = await request('POST', '/bookings', client, {
        serviceId: INDIVIDUAL,
        start: AHEAD,
      });
      expect(plain.status).toBe(201);
      expect(plain.json.mode).toBe('in-person');
      expect(plain.json).not.toHaveProperty('joinUrl');
      const couples = await request('POST', '/bookings', otherClient, {
        serviceId: COUPLES,
        start: '2027-03-04T10:00:00Z',
        mode: 'video',
      });
      expect(couples.status).toBe(422);
      expect(couples.json.detail).toBe(
        'Couples Counselling is not offered by video. Choose "in-person", or leave the choice out.',
      );
      const coaching = await request('POST', '/bookings', otherClient, {
        serviceId: COACHING,
        start: '2027-03-04T10:00:00Z',
      });
      expect(coaching.json.mode).toBe('video');
      const wrong = await request('POST', '/bookings', otherClient, {
        serviceId: BEREAVEMENT,
        start: '2027-03-05T10:00:00Z',
        mode: 'phone',
      });
      expect(wrong.status).toBe(400);
    });

    it('gives a confirmed video session its own link, to its client and the practitioner, kept on move, gone on cancel', async () => {
      const asked = await request('POST', '/bookings', client, {
        serviceId: BEREAVEMENT,
        start: AHEAD,
        mode: 'video',
      });
      expect(asked.json).toMatchObject({ mode: 'video' });
      expect(asked.json).not.toHaveProperty('joinUrl'); // not while only requested
      const confirmedAnswer = await request(
        'POST',
        `/bookings/${asked.json.id}/confirm`,
        practitioner,
      );
      const link = confirmedAnswer.json.joinUrl as string;
      expect(link).toMatch(/^https:\/\/meet\.jit\.si\/[A-Za-z0-9_-]{22}$/);
      const mine = await request('GET', '/bookings', client);
      expect(mine.json.bookings[0]).toMatchObject({ mode: 'video', joinUrl: link });
      expect((await request('GET', '/bookings', otherClient)).json.bookings).toEqual([]);
      const diary = await request('GET', '/practice/bookings?from=2027-03-01&days=7', practitioner);
      expect(diary.json.bookings[0]).toMatchObject({ joinUrl: link });
      const record = await request('GET', `/practice/clients/${client.uid}`, practitioner);
      expect(record.json.bookings[0]).toMatchObject({ mode: 'video', joinUrl: link });

      const moved = await request('POST', `/bookings/${asked.json.id}/move`, client, {
        start: '2027-03-04T11:00:00Z',
      });
      expect(moved.status).toBe(200);
      expect(moved.json.joinUrl).toBe(link);

      await api.runOutbox();
      const confirmation = sent.find((each) =>
        each.subject.startsWith('Your session is confirmed'),
      );
      expect(confirmation?.text).toContain(
        `Where: By video. Join at the time from this link, which is yours alone: ${link}`,
      );
      expect(confirmation?.calendar?.content).toContain(`LOCATION:${link}`);
      expect(confirmation?.calendar?.content).toMatch(
        new RegExp(`\\r\\nURL[^:]*:${link.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\r\\n`),
      );
      const movedMail = sent.find((each) => each.subject.startsWith('Your session has moved'));
      expect(movedMail?.calendar?.content).toContain(`LOCATION:${link}`);

      const cancelled = await request('POST', `/bookings/${asked.json.id}/cancel`, client);
      expect(cancelled.json).not.toHaveProperty('joinUrl');
      const row = await db
        .selectFrom('bookings')
        .select('video_room')
        .where('id', '=', asked.json.id)
        .executeTakeFirstOrThrow();
      expect(row.video_room).toBeNull();
      await api.runOutbox();
      const cancelMail = sent.find((each) => each.subject.startsWith('You cancelled'));
      expect(cancelMail?.calendar?.method).toBe('CANCEL');
      expect(cancelMail?.calendar?.content).not.toContain(link);
    });

    it('puts the link in the reminder', async () => {
      const session = await confirmed(client, '2027-03-02T10:00:00Z', 'video');
      clock = new Date('2027-03-01T10:30:00Z'); // inside the day before
      await api.runOutbox();
      const reminder = sent.find((each) => each.subject.startsWith('Reminder'));
      expect(reminder?.text).toContain(`https://meet.jit.si/${session.videoRoom}`);
    });
  });

  describe('progress at a glance', () => {
    it('labels every score against the first, on the record and on the client’s own chart', async () => {
      await request('PUT', '/intake', client, INTAKE);
      const phq = (answers: number[]) =>
        request('POST', '/questionnaires', client, { instrument: 'PHQ-9', answers });
      await phq([2, 2, 2, 2, 2, 2, 2, 2, 0]); // 16
      clock = new Date('2027-03-08T09:00:00Z');
      await phq([2, 2, 2, 2, 1, 0, 0, 0, 0]); // 9: improved by 7, recovered
      clock = new Date('2027-03-15T09:00:00Z');
      await phq([2, 2, 2, 2, 2, 1, 0, 0, 0]); // 11: improved by 5 only, back above the cut-off
      const record = await request('GET', `/practice/clients/${client.uid}`, practitioner);
      expect(record.json.outcomes).toMatchObject([
        {
          instrument: 'PHQ-9',
          cutOff: 10,
          reliableChange: 6,
          scores: [
            { total: 16, change: 'no reliable change', recovered: false },
            { total: 9, change: 'improved', recovered: true },
            { total: 11, change: 'no reliable change', recovered: false },
          ],
        },
      ]);
      const mine = await request('GET', '/questionnaires', client);
      expect(mine.json.outcomes).toEqual(record.json.outcomes);
    });
  });

  describe('risk follow-ups', () => {
    it('records what she did, when, audited; a client cannot', async () => {
      await request('PUT', '/intake', client, INTAKE);
      await request('POST', '/questionnaires', client, {
        instrument: 'PHQ-9',
        answers: [1, 2, 1, 0, 0, 1, 0, 0, 2],
      });
      const path = `/practice/clients/${client.uid}/risk-follow-ups`;
      const made = await request('POST', path, practitioner, {
        action: 'contacted',
        text: 'Phoned; safe, seeing GP tomorrow.',
      });
      expect(made.status).toBe(201);
      expect(made.json).toEqual({
        id: expect.any(String),
        action: 'contacted',
        text: 'Phoned; safe, seeing GP tomorrow.',
        at: NOW.toISOString(),
      });
      expect((await request('POST', path, client, { action: 'contacted' })).status).toBe(403);
      expect((await request('POST', path, practitioner, { action: 'waited' })).status).toBe(400);
      expect(
        (
          await request('POST', '/practice/clients/nobody/risk-follow-ups', practitioner, {
            action: 'referred',
          })
        ).status,
      ).toBe(404);
      const record = await request('GET', `/practice/clients/${client.uid}`, practitioner);
      expect(record.json.riskFollowUps).toEqual([made.json]);
      const audit = await request('GET', `/practice/audit?client=${client.uid}`, practitioner);
      expect(audit.json.entries[0]).toMatchObject({
        action: 'change',
        what: 'Recorded a risk follow-up (contacted)',
      });
      expect(JSON.stringify(audit.json)).not.toContain('Phoned');
      const exported = await request('GET', '/account/export', client);
      expect(exported.json.riskFollowUps).toEqual([made.json]);
    });
  });
  describe('deleting an account', () => {
    it('confirms to the client with a calendar cancellation of every session ahead, and tells the practice', async () => {
      const leaving = await createAccount({ name: 'Ada Client' });
      await confirmed(leaving, '2027-02-22T10:00:00Z'); // over: not cancelled
      const first = await confirmed(leaving, '2027-03-03T10:00:00Z', 'video');
      const second = await confirmed(leaving, '2027-03-10T10:00:00Z');
      const answer = await request('POST', '/account/deletion', leaving);
      // The session held on 22 February keeps the (empty) record its full period.
      expect(answer.json).toEqual({ keptUntil: '2034-02-22T10:00:00.000Z' });
      // A delivery the request started may still be under way when the outbox run finds nothing to do.
      await api.deliveryIdle();
      await api.runOutbox();
      const toClient = sent.find((each) => each.subject === 'Your account is deleted');
      expect(toClient?.to).toBe(leaving.email);
      expect(toClient?.text).toMatch(/Your 2 sessions ahead are cancelled/);
      expect(toClient?.calendar?.method).toBe('CANCEL');
      const ics = toClient?.calendar?.content ?? '';
      expect(ics).toContain('METHOD:CANCEL');
      expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
      expect(ics.match(/STATUS:CANCELLED/g)).toHaveLength(2);
      expect(ics).toContain(`UID:${first.id}@`);
      expect(ics).toContain(`UID:${second.id}@`);
      expect(ics).not.toContain('meet.jit.si');
      const toPractice = sent.find((each) => each.subject === 'A client deleted their account');
      expect(toPractice?.text).toMatch(/The 2 sessions they had ahead are cancelled/);
    });

    it('confirms a deletion with nothing ahead, without a calendar file', async () => {
      const leaving = await createAccount({ name: 'Ben Other' });
      await request('POST', '/account/deletion', leaving);
      // A delivery the request started may still be under way when the outbox run finds nothing to do.
      await api.deliveryIdle();
      await api.runOutbox();
      const toClient = sent.find((each) => each.subject === 'Your account is deleted');
      expect(toClient?.to).toBe(leaving.email);
      expect(toClient?.text).toContain('You had no sessions ahead.');
      expect(toClient?.calendar).toBeUndefined();
      expect(sent.some((each) => each.subject === 'A client deleted their account')).toBe(true);
    });
  });

  describe('video links at scale', () => {
    it('gives 1,000 video sessions 1,000 different links of 128 random bits', async () => {
      const start = new Date('2028-01-01T00:00:00Z').getTime();
      await db.transaction().execute(async (trx) => {
        for (let index = 0; index < 1000; index += 1) {
          const at = new Date(start + index * 2 * 3_600_000);
          await trx
            .insertInto('bookings')
            .values({
              client_uid: client.uid,
              client_email: client.email,
              client_name: '',
              service_id: BEREAVEMENT,
              starts_at: at,
              ends_at: new Date(at.getTime() + 50 * 60_000),
              during: sql<string>`tstzrange(${at}, ${new Date(at.getTime() + 3_600_000)}, '[)')`,
              status: 'confirmed',
              note: '',
              mode: 'video',
              video_room: newVideoRoom(),
            })
            .execute();
        }
      });
      const { rows } = await sql<{ rooms: string; distinct: string; shortest: number }>`
        select count(video_room) as rooms, count(distinct video_room) as distinct,
          min(char_length(video_room)) as shortest from bookings`.execute(db);
      expect(rows[0]).toMatchObject({ shortest: 22 });
      expect(Number(rows[0]!.rooms)).toBe(1000);
      expect(Number(rows[0]!.distinct)).toBe(1000);
      // And the database refuses a second session on one room, or a video session without one.
      const room = (
        await db.selectFrom('bookings').select('video_room').limit(1).executeTakeFirstOrThrow()
      ).video_room;
      await expect(
        sql`update bookings set video_room = ${room} where video_room <> ${room}`.execute(db),
      ).rejects.toThrow(/unique|duplicate/);
      await expect(
        sql`update bookings set video_room = null where video_room is not null`.execute(db),
      ).rejects.toThrow(/bookings_video_has_room/);
    });
  });
});
