import { sql } from 'kysely';
import { DATABASE_KINDS, freshDatabase } from '../../testing/databases';
import type { Database } from '../database/database';
import { REACTION_RETRY, createReactions, withRequestReactions } from './reactions';

interface Cancelled {
  type: 'session.cancelled';
  sessionId: string;
  occurredAt: string;
}

// The durable queue of session events' reactions: written with the change, run after it, retried
// with a growing wait until done or given up with a note.
describe.each(DATABASE_KINDS)('session events’ reactions on %s', (kind) => {
  let db: Database;
  let clock = new Date('2027-03-01T09:00:00Z');
  beforeAll(async () => {
    db = await freshDatabase(kind);
  });
  afterAll(async () => {
    await db.destroy();
  });
  beforeEach(async () => {
    clock = new Date('2027-03-01T09:00:00Z');
    await db.deleteFrom('session_reactions').execute();
  });

  const setUp = (react: (event: Cancelled) => Promise<void>) => {
    const reactions = createReactions<Cancelled, { db: Database; now: () => Date }>();
    const seenInTransaction: string[] = [];
    reactions.within('session.cancelled', async (_trx, event) => {
      seenInTransaction.push(event.sessionId);
    });
    reactions.durably('session.cancelled', 'test.refund', react);
    return { bound: reactions.bind(() => ({ db, now: () => clock })), seenInTransaction };
  };
  const event = (sessionId: string): Cancelled => ({
    type: 'session.cancelled',
    sessionId,
    occurredAt: clock.toISOString(),
  });
  const rows = () =>
    db
      .selectFrom('session_reactions')
      .select(['handler', 'attempts', 'done_at', 'given_up_at', 'note'])
      .execute();

  it('a change that rolls back leaves no reaction; one that commits runs it once, with its event', async () => {
    const ran: Cancelled[] = [];
    const { bound, seenInTransaction } = setUp(async (each) => {
      ran.push(each);
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await bound.publish(trx, event('rolled-back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await db.transaction().execute((trx) => bound.publish(trx, event('kept')));
    await bound.run();
    await bound.run();
    expect(ran).toEqual([event('kept')]);
    expect(seenInTransaction).toEqual(['rolled-back', 'kept']);
    expect(await rows()).toEqual([
      expect.objectContaining({ handler: 'test.refund', attempts: 1, given_up_at: null }),
    ]);
    expect((await rows())[0]?.done_at).not.toBeNull();
  });

  it('a failing reaction is tried again after its wait, and succeeds then', async () => {
    let failures = 1;
    const ran: string[] = [];
    const { bound } = setUp(async (each) => {
      if (failures-- > 0) throw new TypeError('Stripe did not answer');
      ran.push(each.sessionId);
    });
    await db.transaction().execute((trx) => bound.publish(trx, event('s1')));
    await bound.run();
    expect(ran).toEqual([]);
    expect((await rows())[0]?.note).toBe('Will try again after 1 tries: TypeError');
    // Not before its wait.
    await bound.run();
    expect(ran).toEqual([]);
    clock = new Date(clock.getTime() + REACTION_RETRY.firstWaitMinutes * 60_000);
    await bound.run();
    expect(ran).toEqual(['s1']);
    expect((await rows())[0]?.done_at).not.toBeNull();
  });

  it('a reaction that keeps failing is given up after its last try, with a note, and left alone', async () => {
    let tries = 0;
    const { bound } = setUp(async () => {
      tries += 1;
      throw new RangeError('refused');
    });
    await db.transaction().execute((trx) => bound.publish(trx, event('s1')));
    for (let run = 0; run < REACTION_RETRY.attempts + 3; run += 1) {
      await bound.run();
      clock = new Date(clock.getTime() + 2 * 86_400_000 * 30);
    }
    expect(tries).toBe(REACTION_RETRY.attempts);
    const [row] = await rows();
    expect(row?.given_up_at).not.toBeNull();
    expect(row?.note).toBe(`Given up after ${REACTION_RETRY.attempts} tries: RangeError`);
  });

  it('a request runs only the reactions never tried, within its budget; what the budget leaves unstarted waits, untried, for the minute job', async () => {
    let budgetLeft = 2;
    let failFirst = true;
    let withinCalls = 0;
    const ran: string[] = [];
    const reactions = createReactions<Cancelled, { db: Database; now: () => Date }>();
    reactions.durably('session.cancelled', 'test.refund', async (each) => {
      if (each.sessionId === 'earlier' && failFirst) {
        failFirst = false;
        throw new TypeError('Stripe did not answer');
      }
      ran.push(each.sessionId);
      budgetLeft -= 1;
    });
    const bound = reactions.bind(() => ({ db, now: () => clock }), {
      within: (work) => {
        withinCalls += 1;
        return work();
      },
      spent: () => budgetLeft <= 0,
    });
    // Another request's reaction failed once: a retry, due again after its wait.
    await db.transaction().execute((trx) => bound.publish(trx, event('earlier')));
    await bound.run();
    clock = new Date(clock.getTime() + 2 * REACTION_RETRY.firstWaitMinutes * 60_000);
    for (const id of ['a', 'b', 'c']) {
      clock = new Date(clock.getTime() + 1_000);
      await db.transaction().execute((trx) => bound.publish(trx, event(id)));
    }
    await bound.runInRequest();
    expect(withinCalls).toBe(1);
    // Not the retry (the minute job's), and not c once the budget was spent.
    expect(ran).toEqual(['a', 'b']);
    const left = await db
      .selectFrom('session_reactions')
      .select(['attempts', 'claimed_until', 'done_at', 'note'])
      .where('event', '@>', sql<string>`${JSON.stringify({ sessionId: 'c' })}::jsonb`)
      .executeTakeFirst();
    expect(left).toEqual({ attempts: 0, claimed_until: null, done_at: null, note: null });
    // The minute job: the retry and what the request left, in order.
    await bound.run();
    expect(ran).toEqual(['a', 'b', 'earlier', 'c']);
  });

  it('a request runs the reactions it published, never another request’s: that one answers once its own are done', async () => {
    const ran: string[] = [];
    const { bound } = setUp(async (each) => {
      ran.push(each.sessionId);
    });
    const publishing = (id: string) =>
      db.transaction().execute((trx) => bound.publish(trx, event(id)));
    // A webhook, say, publishes and runs while a cancellation has committed and not yet run.
    let runCancellation: () => void = () => undefined;
    const cancellationRuns = new Promise<void>((resolve) => (runCancellation = resolve));
    let committed: () => void = () => undefined;
    const cancellationCommitted = new Promise<void>((resolve) => (committed = resolve));
    const cancellation = withRequestReactions(async () => {
      await publishing('cancelled');
      committed();
      await cancellationRuns;
      await bound.runInRequest();
      return [...ran];
    });
    await cancellationCommitted;
    await withRequestReactions(async () => {
      await publishing('webhook');
      await bound.runInRequest();
    });
    expect(ran).toEqual(['webhook']);
    runCancellation();
    expect(await cancellation).toEqual(['webhook', 'cancelled']);
  });
});
