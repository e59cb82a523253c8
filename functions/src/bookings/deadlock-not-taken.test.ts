import { sql } from 'kysely';
import type { Database } from '../platform/database/database';
import { freshDatabase } from '../testing/databases';
import { clientBookings, insertBooking } from './queries';

/**
 * PostgreSQL breaks a cycle of waits by aborting one transaction as a deadlock (40P01). When the
 * cycle is two overlapping rows written at once, the one aborted lost the time (409 is right);
 * but `isOverlapRefused` takes every 40P01 of a request's whole transaction for that, whatever
 * the cycle was about: the request's own messages, its invitations, the waiting list's reaction
 * (`alongside`). Then a client is told the time was just taken while it is free, where trying the
 * transaction again would have booked it (or met 23P01, had the time really gone).
 *
 * PostgreSQL only: PGlite has one connection and never waits. The cycle is made with two advisory
 * locks, standing for any lock the request's other writes take: the request holds its client's
 * lock and waits for the other's; the other then waits for the client's lock.
 *
 * Failed on the code that mapped 40P01 to 'taken' (written as `it.fails` then); now a deadlock
 * runs the transaction again (platform/database/retry.ts) and 23P01 alone is the overlap.
 */

const MINUTE = 60_000;
const OTHER_LOCK = 4242;
const client = { uid: 'deadlock-client', email: 'deadlock-client@example.test', name: 'Dee' };
const start = new Date('2027-03-09T10:00:00Z');
const request = {
  client,
  serviceId: 1,
  start,
  end: new Date(start.getTime() + 50 * MINUTE),
  busyUntil: new Date(start.getTime() + 60 * MINUTE),
  note: '',
};
const limits = { maxOpenRequests: 3, now: new Date('2027-03-01T09:00:00Z') };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a request aborted as a deadlock that is not about its time, on PostgreSQL', () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase('PostgreSQL');
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('is tried again and made, not answered "that time was just taken"', async () => {
    let otherHolds = () => {};
    const held = new Promise<void>((resolve) => (otherHolds = resolve));
    let requestWaits = () => {};
    const waiting = new Promise<void>((resolve) => (requestWaits = resolve));
    const other = db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${OTHER_LOCK})`.execute(trx);
      otherHolds();
      await waiting;
      // The request has been waiting a while: PostgreSQL's deadlock check (after deadlock_timeout)
      // comes to it first, and it is the one aborted.
      await pause(300);
      await sql`select pg_advisory_xact_lock(hashtext(${client.uid}))`.execute(trx);
    });
    await held;
    let tries = 0;
    const asked = insertBooking(db, request, limits, async (trx) => {
      tries += 1;
      if (tries === 1) requestWaits();
      await sql`select pg_advisory_xact_lock(${OTHER_LOCK})`.execute(trx);
    });
    const [answer] = await Promise.all([asked, other]);
    // Nothing else is at that time: the request is made.
    expect(answer.outcome).toBe('created');
    expect((await clientBookings(db, client.uid)).map((each) => each.start)).toEqual([start]);
  });
});
