/**
 * The money simulation's steps, as fast-check commands: everything a client, the practitioner,
 * Stripe and time can do to a paid series and one-off sessions. Each step reads the real state
 * to pick its target (an index taken modulo what exists), so any sequence runs and any shrunk
 * one still does; a refusal by the API is part of the simulation, not a failure. After each
 * step the money is checked (money-simulation-checks.ts).
 */
import fc from 'fast-check';
import type { BookingStatus } from '../../../shared/booking';
import type { CancelledBy } from '../../../shared/booking-rules';
import { checkMoney } from './money-simulation-checks';
import { failNext, type Failure } from './money-simulation-failures';
import { retryPendingRefunds } from './refunds';
import {
  cadenceOf,
  givenUpBetween,
  settle,
  snapshot,
  tally,
  type SimModel,
  type SimWorld,
} from './money-simulation-model';

const DAY_MS = 86_400_000;
const DECLINED = '4000000000000002';

type Step = fc.AsyncCommand<SimModel, SimWorld>;

/** A step: its action, then the world settled, what it gave up remembered and the money checked. */
function step(
  label: string,
  by: CancelledBy,
  act: (world: SimWorld, model: SimModel) => Promise<unknown>,
  /** Whether the step can happen now (fast-check leaves it out of the run otherwise). */
  can: (model: Readonly<SimModel>) => boolean = () => true,
): Step {
  return {
    check: can,
    async run(model, world) {
      tally.steps += 1;
      model.steps += 1;
      const before = await snapshot(world);
      await act(world, model);
      await settle(world);
      const after = await snapshot(world);
      model.givenUp.push(...givenUpBetween(before, after, by, world.stack.clock.now));
      model.cadence ??= await cadenceOf(world, model.seriesId);
      await checkMoney(world, model, label);
    },
    toString: () => label,
  };
}

/** The client's sessions, one-off or the series', in start order (what the API shows them). */
async function sessionsOf(world: SimWorld, status: BookingStatus[]) {
  const rows = await world.stack.db
    .selectFrom('bookings')
    .select(['id', 'status', 'starts_at', 'series_id'])
    .where('client_uid', '=', world.client.uid)
    .where('status', 'in', status)
    .orderBy('starts_at')
    .execute();
  return rows;
}

const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items.length > 0 ? items[index % items.length] : undefined;

/** Time passes: Stripe renews or ends each subscription whose period is over, the series roll. */
async function letTimePass(world: SimWorld, days: number, renewal: 'paid' | 'failed') {
  const { stack } = world;
  stack.clock.now = new Date(stack.clock.now.getTime() + days * DAY_MS);
  await renewAndRoll(world, renewal);
}

async function renewAndRoll(world: SimWorld, renewal: 'paid' | 'failed') {
  const { stack } = world;
  const now = stack.clock.now.getTime() / 1000;
  for (const subscription of [...stack.stripe().subscriptions.values()]) {
    while (subscription.status === 'active' && subscription.periodEnd <= now) {
      if (subscription.cancelAtPeriodEnd) await stack.stripe().endPeriod(subscription.id);
      else await stack.stripe().renew(subscription.id, renewal);
    }
  }
  await stack.roll();
  await stack.api.runOutbox();
}

const days = fc.integer({ min: 1, max: 20 });
const index = fc.nat({ max: 20 });
const renewal = fc.constantFrom('paid' as const, 'paid' as const, 'failed' as const);
const side = fc.constantFrom('client' as const, 'practitioner' as const);

const confirmSeries = fc.constant(
  step('the practitioner confirms the series', 'practitioner', ({ stack, practitioner }, m) =>
    stack.request('POST', `/series/${m.seriesId}/confirm`, practitioner),
  ),
);

const paySeries = fc.boolean().map((declined) =>
  step(
    `the client pays the series${declined ? ' (card declined)' : ''}`,
    'client',
    async (w, m) => {
      const answer = await w.stack.request('POST', '/payments/checkout', w.client, {
        seriesId: m.seriesId,
      });
      if (answer.status === 201)
        await w.stack.stripe().pay(answer.json.url as string, declined ? DECLINED : undefined);
    },
  ),
);

const requestSession = fc
  .record({ ahead: fc.integer({ min: 2, max: 30 }), hour: fc.constantFrom(9, 11, 14) })
  .map(({ ahead, hour }) =>
    step(`the client requests a session ${ahead} days ahead at ${hour}:00`, 'client', (w) => {
      const start = new Date(w.stack.clock.now.getTime() + ahead * DAY_MS);
      start.setUTCHours(hour, 0, 0, 0);
      return w.stack.request('POST', '/bookings', w.client, {
        serviceId: 1,
        start: start.toISOString(),
      });
    }),
  );

const confirmRequest = index.map((at) =>
  step(`the practitioner confirms request #${at}`, 'practitioner', async (w) => {
    const found = pick(await sessionsOf(w, ['requested']), at);
    if (found) await w.stack.request('POST', `/bookings/${found.id}/confirm`, w.practitioner);
  }),
);

const payOneOff = index.map((at) =>
  step(`the client pays one-off session #${at}`, 'client', async (w) => {
    const oneOffs = (await sessionsOf(w, ['confirmed'])).filter((each) => !each.series_id);
    const found = pick(oneOffs, at);
    if (!found) return;
    const answer = await w.stack.request('POST', '/payments/checkout', w.client, {
      bookingId: found.id,
    });
    if (answer.status === 201) await w.stack.stripe().pay(answer.json.url as string);
  }),
);

const cancelSession = fc.record({ at: index, by: side }).map(({ at, by }) =>
  step(`the ${by} cancels session #${at}`, by, async (w) => {
    const found = pick(await sessionsOf(w, ['confirmed', 'requested']), at);
    if (!found) return;
    const path = by === 'client' ? '/bookings' : '/practice/bookings';
    const who = by === 'client' ? w.client : w.practitioner;
    await w.stack.request('POST', `${path}/${found.id}/cancel`, who);
  }),
);

const moveSession = fc
  .record({ at: index, shift: fc.constantFrom(-2, -1, 1, 2, 6) })
  .map(({ at, shift }) =>
    step(`the practitioner moves session #${at} by ${shift} days`, 'practitioner', async (w) => {
      const found = pick(await sessionsOf(w, ['confirmed']), at);
      if (!found) return;
      const start = new Date(found.starts_at.getTime() + shift * DAY_MS).toISOString();
      await w.stack.request('POST', `/practice/bookings/${found.id}/move`, w.practitioner, {
        start,
      });
    }),
  );

const takeNextWeek = fc.constant(
  step('another client takes the series’ next week before it is booked', 'client', async (w, m) => {
    const row = await w.stack.db
      .selectFrom('series')
      .select(['booked_through'])
      .where('id', '=', m.seriesId)
      .executeTakeFirst();
    if (!row) return;
    const start = new Date(row.booked_through.getTime() + 7 * DAY_MS).toISOString();
    await w.stack.request('POST', '/bookings', w.other, { serviceId: 1, start });
  }),
);

const endSeries = side.map((by) =>
  step(`the ${by} ends the series`, by, (w, m) =>
    by === 'client'
      ? w.stack.request('POST', `/series/${m.seriesId}/end`, w.client)
      : w.stack.request('POST', `/practice/series/${m.seriesId}/end`, w.practitioner),
  ),
);

const deleteAccount = fc.constant(
  step(
    'the client deletes the account',
    'client',
    async (w, m) => {
      const answer = await w.stack.request('POST', '/account/deletion', w.client);
      if (answer.status === 200) m.accountDeleted = true;
    },
    // Late in a run, so that most runs see the money before it goes.
    (m) => !m.accountDeleted && m.steps >= 15,
  ),
);

const letTimePassStep = fc
  .record({ days, renewal })
  .map(({ days: count, renewal: outcome }) =>
    step(`${count} days pass (renewals ${outcome})`, 'client', (w) =>
      letTimePass(w, count, outcome),
    ),
  );

const letTimePassReordered = fc.record({ days, renewal }).map(({ days: count, renewal: outcome }) =>
  step(
    `${count} days pass (renewals ${outcome}), Stripe's events delivered newest first`,
    'client',
    async (w) => {
      w.stack.stripe().hold();
      try {
        await letTimePass(w, count, outcome);
      } finally {
        await w.stack.stripe().settled();
        await w.stack.stripe().release('reversed');
      }
    },
  ),
);

const collectFailed = fc.constant(
  step('Stripe collects each failed invoice (its retry, or the Portal)', 'client', async (w) => {
    for (const subscription of w.stack.stripe().subscriptions.values())
      await w.stack
        .stripe()
        .collectFailed(subscription.id)
        .catch(() => undefined);
  }),
);

const portalCancel = fc.constant(
  step('the client cancels the plan in the Customer Portal', 'client', async (w) => {
    const live = [...w.stack.stripe().subscriptions.values()].find(
      (each) => each.status === 'active' && !each.cancelAtPeriodEnd,
    );
    if (live) await w.stack.stripe().portalCancel(live.id);
  }),
);

const dashboardRefund = fc
  .record({ at: index, percent: fc.integer({ min: 1, max: 100 }) })
  .map(({ at, percent }) =>
    step(
      `a Dashboard refund of ${percent}% of what is left of payment #${at}`,
      'client',
      async (w) => {
        const open = [...w.stack.stripe().intents.values()].filter(
          (each) => each.amount > each.refunded,
        );
        const intent = pick(open, at);
        if (!intent) return;
        const amount = Math.max(1, Math.floor(((intent.amount - intent.refunded) * percent) / 100));
        await w.stack.stripe().dashboardRefund(intent.id, amount);
      },
    ),
  );

const redeliver = fc
  .record({ at: index, count: fc.integer({ min: 1, max: 4 }) })
  .map(({ at, count }) =>
    step(`Stripe sends ${count} events again from #${at}, newest first`, 'client', async (w) => {
      const sent = w.stack.stripe().sent;
      if (sent.length === 0) return;
      const from = at % sent.length;
      const again = sent.slice(from, from + count).reverse();
      for (const event of again) await w.stack.stripe().redeliver(event.id);
    }),
  );

const failCommit = fc
  .constantFrom<Failure>('credit', 'reaction')
  .map((failure) =>
    step(
      failure === 'credit'
        ? 'the next credit is not recorded: its commit fails after Stripe made the item'
        : 'the queue’s record of the next reaction done fails, after Stripe answered it',
      'client',
      (w) => failNext(w.stack.db, failure),
    ),
  );

/**
 * The minute job comes after a while: the durable queue's retries and the refunds still pending,
 * sooner or later than Stripe keeps a key (24 hours), renewals in between (Stripe's invoice
 * taking the items waiting, finalised, paid or failed).
 */
const minuteJob = fc
  .record({
    after: fc.constantFrom(2 * 60_000, 3 * 3_600_000, 25 * 3_600_000, 4 * DAY_MS),
    renewal,
  })
  .map(({ after, renewal: outcome }) =>
    step(
      `the minute job runs ${after / 60_000} minutes later (renewals ${outcome})`,
      'client',
      async (w) => {
        const { stack } = w;
        stack.clock.now = new Date(stack.clock.now.getTime() + after);
        await renewAndRoll(w, outcome);
        await stack.api.context.reactions.run();
        await retryPendingRefunds(stack.api.context, stack.clock.now);
      },
    ),
  );

/** Each step listed as often as its weight (fast-check draws evenly from the list). */
const weighted = (weights: [fc.Arbitrary<Step>, number][]) =>
  weights.flatMap(([arbitrary, weight]) => Array.from({ length: weight }, () => arbitrary));

/**
 * The steps fast-check draws from: time passing (renewals, the scheduler), cancelling and paying
 * come up more often than ending everything.
 */
export const moneyCommands = weighted([
  [letTimePassStep, 5],
  [letTimePassReordered, 1],
  [cancelSession, 4],
  [requestSession, 3],
  [confirmRequest, 3],
  [payOneOff, 3],
  [moveSession, 2],
  [confirmSeries, 1],
  [paySeries, 1],
  [takeNextWeek, 2],
  [endSeries, 1],
  [deleteAccount, 1],
  [collectFailed, 2],
  [portalCancel, 1],
  [dashboardRefund, 2],
  [redeliver, 2],
  [failCommit, 2],
  [minuteJob, 3],
]);

/**
 * The retries' own simulation (money-retries.property.test.ts): a paid series whose sessions are
 * cancelled while commits fail after Stripe answered, and the queue's retries come before and
 * after Stripe forgets a key, with Stripe's renewals (paid or failed) and collections between.
 */
export const retryCommands = weighted([
  [cancelSession, 4],
  [failCommit, 3],
  [minuteJob, 4],
  [letTimePassStep, 1],
  [collectFailed, 1],
  [redeliver, 1],
]);
