import { sql } from 'kysely';
import type { TestAccount } from '../testing/accounts';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import { applyRetention } from '../retention';

/** People leave: a partner leaves, the practitioner removes someone, the booker withdraws. */

const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const PRACTICE_EMAIL = 'diary@practice.test';
const COUPLES = 2; // weekly, 60 minutes
const FRESH = '/api/problems/fresh-passkey-required';

const { booker, partner, stranger, practitioner } = await createAccounts({
  booker: { name: 'Ada Booker' },
  partner: { name: 'Pat Partner' },
  stranger: { name: 'Sid Stranger' },
  practitioner: { practitioner: true, name: 'Dr Practitioner' },
});

/** The video links a text holds (a calendar file folds its lines at 75 octets). */
const linksIn = (text: string | undefined) =>
  [...(text ?? '').replace(/\r\n[ \t]/g, '').matchAll(/https:\/\/meet\.jit\.si\/[\w-]+/g)].map(
    (match) => match[0],
  );

describe.each(DATABASE_KINDS)('leaving and removing on %s', (kind) => {
  let clock = NOW;
  let sessionShift = 0;
  const { db, request, mailTo, sent, api } = useApiStack(kind, {
    now: () => clock,
    practiceEmail: PRACTICE_EMAIL,
    sessionClock: () => new Date(Date.now() + sessionShift),
    beforeEach: () => {
      clock = NOW;
      sessionShift = 0;
    },
  });

  /**
   * A couple's weekly series by video on Tuesdays 18:00, the partner joined, confirmed; the time
   * then moves to just after the first session, so one was held and the rest are ahead.
   */
  async function videoCouple() {
    const asked = await request('POST', '/series', booker, {
      serviceId: COUPLES,
      start: '2027-03-02T18:00:00Z',
      participants: [{ name: 'Pat Partner', email: partner.email }],
    });
    expect(asked.status).toBe(201);
    const series = asked.json as { id: string; sessions: { id: string; start: string }[] };
    // As a couple's service offered by video would have them: each session its own room.
    for (const [index, session] of series.sessions.entries())
      await sql`update bookings set mode = 'video',
        video_room = ${`room-of-the-first-booking-${String(index).padStart(4, '0')}`}
        where id = ${session.id}`.execute(db);
    const list = await request('GET', '/invitations', partner);
    const place = list.json.invitations[0].id as string;
    expect((await request('POST', `/invitations/${place}/accept`, partner)).status).toBe(200);
    expect((await request('POST', `/series/${series.id}/confirm`, practitioner)).status).toBe(200);
    await api.deliveryIdle();
    clock = new Date('2027-03-02T19:30:00Z'); // the first session is over
    sent.length = 0;
    return { series, place };
  }

  const linksOf = async (who: TestAccount) =>
    (
      (await request('GET', '/bookings', who)).json.bookings as {
        start: string;
        joinUrl?: string;
      }[]
    )
      .filter((each) => each.start > clock.toISOString())
      .map((each) => each.joinUrl);

  it('a partner leaves: nothing of the sessions ahead is theirs, the booker is told, the rooms ahead are new', async () => {
    const { series, place } = await videoCouple();
    const before = await linksOf(booker);
    expect(before.length).toBe(series.sessions.length - 1);
    expect(before.every((link) => link?.startsWith('https://meet.jit.si/room-of-the-first'))).toBe(
      true,
    );
    // Only the partner may leave their place.
    expect((await request('POST', `/invitations/${place}/leave`, stranger)).status).toBe(404);
    expect((await request('POST', `/invitations/${place}/leave`, booker)).status).toBe(404);
    const left = await request('POST', `/invitations/${place}/leave`, partner);
    expect(left.status).toBe(200);
    expect(left.json).toEqual({ id: place, status: 'left' });
    expect((await request('POST', `/invitations/${place}/leave`, partner)).status).toBe(409);

    // Nothing ahead is theirs: no session, no link; the booker's sessions stand.
    const theirs = (await request('GET', '/bookings', partner)).json.bookings as {
      start: string;
    }[];
    expect(theirs.filter((each) => each.start > clock.toISOString())).toEqual([]);
    const after = await linksOf(booker);
    for (const link of after) expect(JSON.stringify(theirs)).not.toContain(link);
    expect(after).toHaveLength(before.length);
    for (const [index, link] of after.entries()) {
      expect(link).toMatch(/^https:\/\/meet\.jit\.si\/[\w-]{22}$/);
      expect(link).not.toBe(before[index]);
    }
    expect(new Set(after).size).toBe(after.length);

    // The booker hears, with the new link and a calendar file that updates every session ahead.
    const told = await mailTo(booker.email, /^Pat Partner no longer comes: Couples Counselling/);
    expect(told.text).toContain('Pat Partner has left Couples Counselling');
    expect(linksIn(told.text)).toEqual([after[0]]);
    expect(told.calendar?.method).toBe('REQUEST');
    expect(linksIn(told.calendar?.content).sort()).toEqual(
      [...after, ...after].map(String).sort(), // LOCATION and URL of each session
    );
    expect(told.calendar?.content).not.toContain(partner.email);
    expect(told.calendar?.content).toMatch(/^SEQUENCE:1\r?$/m);
    await mailTo(PRACTICE_EMAIL, /^Pat Partner left: Couples Counselling/);
    // The partner: told they no longer attend, a file that removes what is ahead, no new link.
    const theirMail = await mailTo(partner.email, /^You no longer attend: Couples Counselling/);
    expect(theirMail.calendar?.method).toBe('CANCEL');
    expect(linksIn(theirMail.text)).toEqual([]);
    expect(linksIn(theirMail.calendar?.content)).toEqual([]);
    for (const mail of sent.filter((each) => each.to === partner.email))
      for (const link of after) expect(JSON.stringify(mail)).not.toContain(link);

    // What they attended stays on their record, as the practitioner reads it.
    const record = await request('GET', `/practice/clients/${partner.uid}`, practitioner);
    expect(record.status).toBe(200);
    expect(record.json.bookings.map((each: { start: string }) => each.start)).toContain(
      series.sessions[0]?.start,
    );
  });

  it('a joined partner’s own views carry their place in the room, to leave it from there', async () => {
    const { series, place } = await videoCouple();
    const sessions = (await request('GET', '/bookings', partner)).json.bookings as {
      role?: string;
      placeId?: string;
    }[];
    expect(sessions.length).toBeGreaterThan(0);
    for (const each of sessions)
      expect(each).toMatchObject({ role: 'participant', placeId: place });
    const theirSeries = (await request('GET', '/series', partner)).json.series as {
      id: string;
      placeId?: string;
    }[];
    expect(theirSeries).toEqual([expect.objectContaining({ id: series.id, placeId: place })]);
    // The booker's own view of the series has no place of its own: theirs is the booking.
    const bookers = (await request('GET', '/series', booker)).json.series[0];
    expect(bookers.placeId).toBeUndefined();
  });

  it('the practitioner removes a participant: fresh passkey, her reason hers alone, audited', async () => {
    const { place } = await videoCouple();
    const before = await linksOf(booker);
    const reason = 'Safeguarding concern <script>alert(1)</script>';
    const path = `/practice/participants/${place}/remove`;
    expect((await request('POST', path, booker, { reason })).status).toBe(403);
    expect((await request('POST', path, partner, { reason })).status).toBe(403);
    const noReason = await request('POST', path, practitioner, { reason: '  ' });
    expect(noReason.status).toBe(422);
    expect(noReason.json.detail).toMatch(/Write why you are removing them/);
    sessionShift = 6 * 60_000;
    const stale = await request('POST', path, practitioner, { reason });
    expect(stale.status).toBe(403);
    expect(stale.json.type).toBe(FRESH);
    sessionShift = 0;
    const removed = await request('POST', path, practitioner, { reason });
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ id: place, status: 'left' });
    expect((await request('POST', path, practitioner, { reason })).status).toBe(409);

    const theirs = await mailTo(partner.email, /^You no longer attend: Couples Counselling/);
    const booker_ = await mailTo(booker.email, /^Pat Partner no longer comes/);
    expect(booker_.text).toContain('Pat Partner no longer attends Couples Counselling');
    await mailTo(PRACTICE_EMAIL, /^Pat Partner removed: Couples Counselling/);
    // The reason reaches no one: no email, no list, not the audit the client can read.
    for (const mail of sent) expect(JSON.stringify(mail)).not.toContain('Safeguarding');
    expect(theirs.calendar?.method).toBe('CANCEL');
    for (const who of [booker, partner])
      expect(JSON.stringify((await request('GET', '/bookings', who)).json)).not.toContain(
        'Safeguarding',
      );
    const exported = await request('GET', '/account/export', partner);
    expect(JSON.stringify(exported.json)).not.toContain('Safeguarding');
    const audit = await request('GET', `/practice/audit?client=${partner.uid}`, practitioner);
    expect(audit.json.entries).toContainEqual(
      expect.objectContaining({
        action: 'change',
        what: 'Removed from a shared session or series',
      }),
    );
    // Kept for her, on the place.
    const kept = await db
      .selectFrom('participants')
      .select(['status', 'removal_reason'])
      .where('id', '=', place)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ status: 'left', removal_reason: reason });
    const after = await linksOf(booker);
    expect(after.every((link, index) => link && link !== before[index])).toBe(true);
  });

  it('the booker and the practitioner see each place’s id; the booker withdraws an unanswered invitation', async () => {
    const asked = await request('POST', '/series', booker, {
      serviceId: COUPLES,
      start: '2027-03-09T18:00:00Z',
      participants: [{ name: 'Pat Partner', email: partner.email }],
    });
    const [place] = asked.json.participants as { id: string; status: string }[];
    expect(place).toMatchObject({ id: expect.any(String), status: 'invited' });
    const diary = await request('GET', '/practice/bookings', practitioner);
    expect(diary.json.seriesRequests[0].participants[0].id).toBe(place?.id);
    const path = `/invitations/${place?.id}/withdraw`;
    expect((await request('POST', path, partner)).status).toBe(404);
    expect((await request('POST', path, stranger)).status).toBe(404);
    const withdrawn = await request('POST', path, booker);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json).toEqual({ id: place?.id, status: 'withdrawn' });
    expect((await request('POST', path, booker)).status).toBe(409);
    // The invitation is gone from the partner's list and cannot be answered.
    expect((await request('GET', '/invitations', partner)).json.invitations).toEqual([]);
    expect((await request('POST', `/invitations/${place?.id}/accept`, partner)).status).toBe(409);
    const mine = (await request('GET', '/series', booker)).json.series[0];
    expect(mine.participants[0]).toMatchObject({ id: place?.id, status: 'withdrawn' });
  });

  const addressesKept = async () =>
    (await db.selectFrom('participants').select('email').execute()).map((row) => row.email);

  it('a declined invitation’s name and address are erased 30 days later, not a millisecond before', async () => {
    const asked = await request('POST', '/series', booker, {
      serviceId: COUPLES,
      start: '2027-03-09T18:00:00Z',
      participants: [{ name: 'Pat Partner', email: partner.email }],
    });
    expect(asked.status).toBe(201);
    const { id } = (await request('GET', '/invitations', partner)).json.invitations[0];
    expect((await request('POST', `/invitations/${id}/decline`, partner)).status).toBe(200);
    const over = new Date(NOW.getTime() + 30 * 86_400_000);
    expect((await applyRetention(db, new Date(over.getTime() - 1))).invitations.erased).toBe(0);
    expect(await addressesKept()).toEqual([partner.email]);
    expect((await applyRetention(db, over)).invitations.erased).toBe(1);
    expect(await addressesKept()).toEqual([]);
    const mine = (await request('GET', '/series', booker)).json.series[0];
    expect(JSON.stringify(mine)).not.toContain('Pat Partner');
    // Idempotent.
    expect((await applyRetention(db, over)).invitations).toEqual({ expired: 0, erased: 0 });
  });

  it('an invitation not answered by the first session’s start expires, and goes 30 days after', async () => {
    const start = new Date('2027-03-09T18:00:00Z');
    await request('POST', '/series', booker, {
      serviceId: COUPLES,
      start: start.toISOString(),
      participants: [{ name: 'Pat Partner', email: partner.email }],
    });
    const { id } = (await request('GET', '/invitations', partner)).json.invitations[0];
    expect((await applyRetention(db, new Date(start.getTime() - 1))).invitations.expired).toBe(0);
    clock = start;
    // At the start it can no longer be answered, even before the job has run.
    const late = await request('POST', `/invitations/${id}/accept`, partner);
    expect(late.status).toBe(409);
    expect(late.json.detail).toMatch(/expired when the first session began/);
    expect((await request('GET', '/invitations', partner)).json.invitations).toEqual([]);
    expect((await applyRetention(db, start)).invitations.expired).toBe(1);
    const mine = (await request('GET', '/series', booker)).json.series[0];
    expect(mine.participants[0]).toMatchObject({ id, status: 'expired' });
    const over = new Date(start.getTime() + 30 * 86_400_000);
    expect((await applyRetention(db, new Date(over.getTime() - 1))).invitations.erased).toBe(0);
    expect((await applyRetention(db, over)).invitations.erased).toBe(1);
    expect(await addressesKept()).toEqual([]);
  });
});
