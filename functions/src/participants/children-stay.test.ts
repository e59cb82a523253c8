import { applyRetention } from '../retention';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';

/**
 * A family's children come by first name and age: they are named, not invited, so the hourly job
 * that expires unanswered invitations at the first session's start (and erases them 30 days on)
 * has nothing to do with them. Their age keeps the family's notes to the youngest's 25th birthday.
 */

const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday: the family books
const FAMILY = 3; // fortnightly, 75 minutes

const { booker, partner, practitioner } = await createAccounts({
  booker: { name: 'Fay Family' },
  partner: { name: 'Pat Partner' },
  practitioner: { practitioner: true, name: 'Dr Practitioner' },
});

describe.each(DATABASE_KINDS)('a family’s children on %s', (kind) => {
  let clock = NOW;
  const { db, request } = useApiStack(kind, {
    now: () => clock,
    beforeEach: () => (clock = NOW),
  });

  it('stay in the room after the first session, and keep its note to the youngest’s 25th birthday', async () => {
    const asked = await request('POST', '/series', booker, {
      serviceId: FAMILY,
      start: '2027-03-09T10:00:00Z',
      participants: [{ name: 'Pat Partner', email: partner.email }],
      children: [{ firstName: 'Kit', ageYears: 3 }],
    });
    expect(asked.status).toBe(201);
    expect(asked.json.children).toEqual(['Kit']);
    const place = (await request('GET', '/invitations', partner)).json.invitations[0].id as string;
    expect((await request('POST', `/invitations/${place}/accept`, partner)).status).toBe(200);
    const seriesPath = `/series/${asked.json.id}`;
    expect((await request('POST', `${seriesPath}/confirm`, practitioner)).status).toBe(200);

    // The first session is held, and written up.
    clock = new Date('2027-03-09T12:00:00Z');
    const [first] = asked.json.sessions as { id: string }[];
    const notePath = `/practice/bookings/${first?.id}/note`;
    expect((await request('PUT', notePath, practitioner, { text: 'Kit drew.' })).status).toBe(200);
    expect((await request('POST', `${notePath}/sign`, practitioner)).status).toBe(200);

    // The hourly job runs on through the fortnightly sessions, past 30 days from the first.
    for (const at of ['2027-03-09T12:00:00Z', '2027-04-08T10:00:00Z', '2027-04-21T09:00:00Z']) {
      clock = new Date(at);
      await applyRetention(db, clock);
    }
    const seen = async () => (await request('GET', '/series', booker)).json.series[0];
    expect((await seen()).children).toEqual(['Kit']);
    const diary = await request(
      'GET',
      '/practice/bookings?from=2027-04-20&to=2027-04-20',
      practitioner,
    );
    expect(diary.json.bookings.map((each: { children?: string[] }) => each.children)).toEqual([
      ['Kit'],
    ]);

    // The family ends the series: the job then remembers the note's date, from Kit's age.
    expect((await request('POST', `${seriesPath}/end`, booker)).status).toBe(200);
    await applyRetention(db, clock);
    const kept = await db.selectFrom('note_retention').select('kept_until').executeTakeFirst();
    // Three when the family booked on 1 March 2027: 25 at the latest 22 years on.
    expect(kept && new Date(kept.kept_until).toISOString()).toBe('2049-03-01T09:00:00.000Z');
  });
});
