import { rollSeries } from '../series';
import type { TestAccount } from './accounts';
import { useApiStack } from './api-stack';
import type { DatabaseKind } from './databases';
import { localEnv } from './local-env';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

export const PAYMENTS_WEBHOOK_SECRET = 'whsec_api_tests_signing_secret';
const PRACTICE_EMAIL = 'diary@practice.test';
const DAY_MS = 86_400_000;

/**
 * The API tests' stack with card payments: useApiStack plus a Stripe stand-in on the same clock
 * (started first: the API is given its address), and the steps most payment tests take.
 */
export function usePaymentsStack(
  kind: DatabaseKind,
  options: {
    start: Date;
    practitioner: () => TestAccount;
    /** A request's time for all its Stripe calls (15 s unless given). */
    stripeBudgetMs?: number;
  },
) {
  let standIn: StripeStandIn | undefined;
  const clock = { now: options.start };
  beforeAll(async () => {
    standIn = await startStripeStandIn({
      host: localEnv.host(),
      port: 0,
      webhookUrl: () => `${stack.api.url}/payments/webhook`,
      webhookSecret: PAYMENTS_WEBHOOK_SECRET,
      now: () => Math.floor(clock.now.getTime() / 1000),
    });
  });
  const stack = useApiStack(kind, {
    now: () => clock.now,
    practiceEmail: PRACTICE_EMAIL,
    stripe: {
      get apiUrl() {
        if (!standIn) throw new Error('The Stripe stand-in starts in beforeAll.');
        return standIn.url;
      },
      webhookSecret: PAYMENTS_WEBHOOK_SECRET,
      ...(options.stripeBudgetMs !== undefined && { budgetMs: options.stripeBudgetMs }),
    },
    beforeEach: () => {
      clock.now = options.start;
      standIn?.refunds.splice(0);
      standIn?.checkouts.clear();
      standIn?.subscriptions.clear();
      standIn?.delivered.splice(0);
      standIn?.sent.splice(0);
    },
  });
  afterEach(async () => {
    // Stripe's later events of this test are in before the next one starts.
    await standIn?.settled();
    await stack.api.deliveryIdle();
  });
  afterAll(async () => {
    await standIn?.close();
  });
  const { request } = stack;
  const stripe = () => {
    if (!standIn) throw new Error('The Stripe stand-in starts in beforeAll.');
    return standIn;
  };

  /** A series of service 1 (weekly, £240 a month), confirmed by the practitioner. */
  async function confirmedSeries(who: TestAccount, start = '2027-03-16T18:00:00Z') {
    const made = await request('POST', '/series', who, { serviceId: 1, start });
    expect(made.status).toBe(201);
    const confirmed = await request(
      'POST',
      `/series/${made.json.id}/confirm`,
      options.practitioner(),
    );
    expect(confirmed.status).toBe(200);
    return made.json.id as string;
  }

  /** Checkout for a booking or series; its address. */
  async function checkout(who: TestAccount, body: { bookingId: string } | { seriesId: string }) {
    const answer = await request('POST', '/payments/checkout', who, body);
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    return answer.json.url as string;
  }

  /** A weekly series confirmed and its first month paid at Checkout: it and its subscription. */
  async function paidSeries(who: TestAccount) {
    const seriesId = await confirmedSeries(who);
    await stripe().pay(await checkout(who, { seriesId }));
    const subscription = [...stripe().subscriptions.values()].at(-1);
    if (!subscription) throw new Error('no subscription');
    return { seriesId, subscriptionId: subscription.id };
  }

  return {
    ...stack,
    clock,
    stripe,
    practiceEmail: PRACTICE_EMAIL,
    confirmedSeries,
    checkout,
    paidSeries,
    /** Books the series' weeks that have come into the booking horizon by `clock.now`. */
    roll: () =>
      rollSeries(
        {
          db: stack.db,
          services: stack.api.outbox.services,
          reactions: stack.api.context.reactions,
        },
        clock.now,
      ),
    /** A one-off session of service 1, confirmed, `daysAhead` from the clock at `hour` UTC. */
    async confirmedSession(who: TestAccount, daysAhead = 3, hour = 10) {
      const start = new Date(clock.now.getTime() + daysAhead * DAY_MS);
      start.setUTCHours(hour, 0, 0, 0);
      const made = await request('POST', '/bookings', who, {
        serviceId: 1,
        start: start.toISOString(),
      });
      expect(made.status).toBe(201);
      const confirmed = await request(
        'POST',
        `/bookings/${made.json.id}/confirm`,
        options.practitioner(),
      );
      expect(confirmed.status).toBe(200);
      return made.json.id as string;
    },
    /** The series' sessions (id and start), in order. */
    async sessionsOf(who: TestAccount, seriesId: string) {
      const bookings = (await request('GET', '/bookings', who)).json.bookings as {
        id: string;
        start: string;
        seriesId: string | null;
        status: string;
      }[];
      return bookings
        .filter((each) => each.seriesId === seriesId)
        .sort((a, b) => a.start.localeCompare(b.start));
    },
  };
}
