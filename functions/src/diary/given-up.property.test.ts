import fc from 'fast-check';
import { sql } from 'kysely';
import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';

// Whatever she does to a given-up refund, in any order, while Stripe comes and goes (Try again,
// Mark as dealt with, Undo, the queue's own retries): the refund is made once at most, never
// more than was paid; it is on her list exactly while it is given up and not marked; and an act
// on something no longer given up is refused with a 404, changing nothing.
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const DAY = 86_400_000;
const FEE = 6000;
const { client, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  practitioner: { practitioner: true },
});

/** What the practitioner and the queue know of one given-up refund. */
interface Model {
  givenUp: boolean;
  done: boolean;
  marked: boolean;
  /** Failed tries since it was last queued again. */
  tries: number;
}

interface World {
  itemId: string;
  refundId: string;
  request: ReturnType<typeof usePaymentsStack>['request'];
  stripeUp: (up: boolean) => void;
  /** Stripe's refunds of this run's session. */
  refunds: () => number[];
  listed: () => Promise<boolean>;
  laterRun: () => Promise<void>;
}

type Step = fc.AsyncCommand<Model, World>;

async function expectAfter(model: Model, world: World) {
  expect(world.refunds()).toEqual(model.done ? [FEE] : []);
  expect(await world.listed()).toBe(model.givenUp && !model.marked);
}

const tryAgain = (up: boolean): Step => ({
  check: () => true,
  async run(model, world) {
    world.stripeUp(up);
    const path = `/practice/given-up/reaction/${world.itemId}/try-again`;
    const answer = await world.request('POST', path, practitioner);
    if (!model.givenUp) {
      expect(answer.status).toBe(404);
    } else {
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ outcome: up ? 'done' : 'will-try-again' });
      Object.assign(model, { givenUp: false, marked: false, done: up, tries: up ? 0 : 1 });
    }
    await expectAfter(model, world);
  },
  toString: () => `Try again (Stripe ${up ? 'up' : 'down'})`,
});

const mark = (undo: boolean): Step => ({
  check: () => true,
  async run(model, world) {
    const path = `/practice/given-up/reaction/${world.itemId}/dealt-with`;
    const answer = await world.request(undo ? 'DELETE' : 'POST', path, practitioner);
    const allowed = undo ? model.marked : model.givenUp;
    expect(answer.status).toBe(allowed ? 200 : 404);
    if (allowed) model.marked = !undo;
    await expectAfter(model, world);
  },
  toString: () => (undo ? 'Undo dealt with' : 'Mark as dealt with'),
});

const queueRuns = (up: boolean): Step => ({
  check: () => true,
  async run(model, world) {
    world.stripeUp(up);
    await world.laterRun();
    if (!model.givenUp && !model.done) {
      if (up) Object.assign(model, { done: true, tries: 0 });
      else {
        model.tries += 1;
        if (model.tries >= 8) model.givenUp = true;
      }
    }
    await expectAfter(model, world);
  },
  toString: () => `The queue tries later (Stripe ${up ? 'up' : 'down'})`,
});

describe.each(DATABASE_KINDS)('a given-up refund, whatever she does, on %s', (kind) => {
  const stack = usePaymentsStack(kind, { start: NOW, practitioner: () => practitioner });
  const { request, stripe, clock, db } = stack;
  let run = 0;

  /** A new paid session cancelled while Stripe answers nothing, until its refund is given up. */
  async function setup(): Promise<{ model: Model; real: World }> {
    run += 1;
    // Each run on a Monday of its own, eight weeks on: its session never meets an earlier one's.
    clock.now = new Date(NOW.getTime() + run * 56 * DAY);
    const bookingId = await stack.confirmedSession(client);
    await stripe().pay(await stack.checkout(client, { bookingId }));
    stripe().dropNext(1_000_000);
    const cancel = await request(
      'POST',
      `/practice/bookings/${bookingId}/cancel`,
      practitioner,
      {},
    );
    expect(cancel.status).toBe(200);
    const laterRun = async () => {
      clock.now = new Date(clock.now.getTime() + 3 * DAY);
      await stack.api.context.reactions.run();
    };
    for (let tries = 1; tries < 8; tries += 1) await laterRun();
    const held = await sql<{
      id: string;
    }>`select id from payment_refunds where booking_id = ${bookingId}`.execute(db);
    const reaction = await sql<{
      id: string;
    }>`select id from session_reactions where given_up_at is not null and event->>'bookingId' = ${bookingId}`.execute(
      db,
    );
    const refundId = held.rows[0]?.id ?? '';
    const itemId = reaction.rows[0]?.id ?? '';
    expect(itemId).not.toBe('');
    const real: World = {
      itemId,
      refundId,
      request,
      stripeUp: (up) => stripe().dropNext(up ? 0 : 1_000_000),
      refunds: () =>
        stripe()
          .refunds.filter((each) => each.metadata?.refundId === refundId)
          .map((each) => each.amount),
      listed: async () => {
        const answer = await request('GET', '/practice/given-up', practitioner);
        expect(answer.status).toBe(200);
        return (answer.json.items as { id: string }[]).some((each) => each.id === itemId);
      },
      laterRun,
    };
    return { model: { givenUp: true, done: false, marked: false, tries: 8 }, real };
  }

  it('makes the refund once at most, and lists it exactly while it is given up and not marked', async () => {
    // The queue's tries while Stripe is down come twice as often: eight of them give it up again.
    const steps = [
      fc.boolean().map(tryAgain),
      fc.boolean().map(mark),
      fc.boolean().map(queueRuns),
      fc.constant(queueRuns(false)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(steps, { maxCommands: 14 }), async (commands) => {
        const world = await setup();
        await fc.asyncModelRun(() => world, commands);
        stripe().dropNext(0);
      }),
      { seed: 45, numRuns: 4, endOnFailure: true },
    );
  }, 600_000);
});
