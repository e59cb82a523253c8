import { sql } from 'kysely';
import type { Database } from '../platform/database/database';
import { useApiStack } from '../testing/api-stack';
import { createAccounts } from '../testing/factories/accounts';

/**
 * Finding 4 of the review of issues 45 and 49 (the participants' paths). POST
 * /api/bookings/:id/cancel decides who the caller is (bookings/access.ts bookerOrParticipant:
 * a participant who joined) before the handler, outside the transaction; the cancel then locks
 * the session and changes it (bookings/change-status.ts applyStatusChange) without asking again.
 * A partner the practitioner removes (for safeguarding, say) while their cancel waits for the
 * session's row still cancels the booker's session after the removal has committed: no longer
 * theirs, yet cancelled by them, and the booker is told so.
 *
 * PostgreSQL only: PGlite has one connection, so the cancel cannot wait while the removal
 * commits. The test holds the session's row (as any change of it does for a moment) while the
 * partner's cancel has been let in and the removal is made.
 */
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const COUPLES = 2; // 60 minutes
const { booker, partner, practitioner } = await createAccounts({
  booker: { name: 'Ada Booker' },
  partner: { name: 'Pat Partner' },
  practitioner: { practitioner: true, name: 'Dr Practitioner' },
});

/** Resolves once some transaction of this database waits for a row lock. */
async function someoneWaitsForALock(db: Database) {
  for (let tries = 0; tries < 200; tries += 1) {
    const waiting = await sql<{ count: string }>`
      select count(*) as count from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if (Number(waiting.rows[0]?.count) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('nothing waited for a lock');
}

describe('a partner removed while their cancel is on its way, on PostgreSQL', () => {
  const { db, request } = useApiStack('PostgreSQL', {
    now: () => NOW,
    practiceEmail: 'diary@practice.test',
  });

  it('cannot cancel the booker’s session once removed', async () => {
    const made = await request('POST', '/bookings', booker, {
      serviceId: COUPLES,
      start: '2027-03-09T18:00:00Z',
      participants: [{ name: 'Pat Partner', email: partner.email }],
    });
    expect(made.status).toBe(201);
    const bookingId = made.json.id as string;
    expect((await request('POST', `/bookings/${bookingId}/confirm`, practitioner)).status).toBe(
      200,
    );
    const place = (await request('GET', '/invitations', partner)).json.invitations[0].id as string;
    expect((await request('POST', `/invitations/${place}/accept`, partner)).status).toBe(200);

    let holding = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let holderDone = false;
    // For no key update: the cancel's `for update` waits for it; rows that only name the session
    // (the removal's messages) do not. Let go after 8 s whatever happens, so nothing hangs.
    const holder = db
      .transaction()
      .execute(async (trx) => {
        await sql`select id from bookings where id = ${bookingId} for no key update`.execute(trx);
        holding();
        await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 8_000))]);
      })
      .then(() => (holderDone = true));
    await held;
    // Let in as a participant who joined; now waiting for the session's row.
    const cancel = request('POST', `/bookings/${bookingId}/cancel`, partner, {});
    await someoneWaitsForALock(db);
    const removed = await request('POST', `/practice/participants/${place}/remove`, practitioner, {
      reason: 'Safeguarding concern',
    });
    expect(removed.status).toBe(200);
    // The removal committed while the cancel was still waiting.
    expect(holderDone).toBe(false);
    release();
    await holder;
    const answer = await cancel;
    // On main: 200, the session cancelled by someone no longer in it.
    expect(answer.status).toBe(403);
    const bookers = (await request('GET', '/bookings', booker)).json.bookings as {
      id: string;
      status: string;
    }[];
    expect(bookers.find((each) => each.id === bookingId)?.status).toBe('confirmed');
  });
});
