/**
 * The money simulation's world (money-simulation.test.ts): one client's weekly series and one-off
 * sessions on the API and the Stripe stand-in, and what the model remembers of each session given
 * up (who gave it up, when, and what it stood for) to check the money against afterwards.
 */
import type { Selectable } from 'kysely';
import type { SeriesCadence } from '../../../shared/billing';
import type { CancelledBy } from '../../../shared/booking-rules';
import type { PaymentCreditsTable } from '../platform/database/schema-money';
import type { TestAccount } from '../testing/accounts';
import { emptyTables } from '../testing/databases';
import { disarmAll } from './money-simulation-failures';
import type { usePaymentsStack } from '../testing/payments-stack';

export type PaymentsStack = ReturnType<typeof usePaymentsStack>;

/** The simulation's start (a Monday) and the series' first session, as the payments tests use. */
export const SIM_START = new Date('2027-03-01T09:00:00Z');
export const SERIES_START = '2027-03-16T18:00:00Z';

/** A session (or a skipped week) given up, as the model saw it happen. */
export interface GivenUp {
  /** Null for a week the scheduler skipped. */
  bookingId: string | null;
  seriesId: string | null;
  /** What a series' session is billed at (its occurrence, before any move); null for a one-off. */
  billed: Date | null;
  /** Where the session was when it was given up (the notice is read from this). */
  start: Date;
  by: CancelledBy;
  at: Date;
  /** A one-off's settled payment when it was given up. */
  paymentId: string | null;
}

export interface SimModel {
  seriesId: string;
  cadence: SeriesCadence | null;
  givenUp: GivenUp[];
  accountDeleted: boolean;
  /** Steps taken in this run. */
  steps: number;
  /** Every credit seen, by id (the account's deletion deletes them: see the checks). */
  credits: Map<string, Selectable<PaymentCreditsTable>>;
}

/** What the simulation went through, over all runs: proof that it reached the money at all. */
export const tally = {
  steps: 0,
  payments: 0,
  refunds: 0,
  /** Sessions given up that were owed money, and checked for it. */
  owedChecks: 0,
  invoices: 0,
};

/** Adds what the run that is ending went through to the tally. */
export function countRun(world: SimWorld) {
  const stripe = world.stack.stripe();
  tally.payments += stripe.intents.size;
  tally.refunds += stripe.refunds.length;
  tally.invoices += stripe.sent.filter((each) => each.type.startsWith('invoice.')).length;
}

export interface SimWorld {
  stack: PaymentsStack;
  practitioner: TestAccount;
  client: TestAccount;
  /** Another client, who takes a week of the series before it is booked (a skipped week). */
  other: TestAccount;
}

interface SessionRow {
  id: string;
  series_id: string | null;
  status: string;
  starts_at: Date;
  occurrence: Date | null;
}

export interface Snapshot {
  sessions: SessionRow[];
  skips: { series_id: string; occurrence: Date }[];
  /** A one-off's settled payment, by booking. */
  oneOffPayments: Map<string, string>;
}

export async function snapshot(world: SimWorld): Promise<Snapshot> {
  const { db } = world.stack;
  const sessions = await db
    .selectFrom('bookings')
    .select(['id', 'series_id', 'status', 'starts_at', 'occurrence'])
    .where('client_uid', '=', world.client.uid)
    .execute();
  const skips = await db.selectFrom('series_skips').select(['series_id', 'occurrence']).execute();
  const paid = await db
    .selectFrom('payments')
    .select(['id', 'booking_id'])
    .where('booking_id', 'is not', null)
    .where('status', 'in', ['paid', 'refunded'])
    .execute();
  return {
    sessions,
    skips,
    oneOffPayments: new Map(paid.map((row) => [row.booking_id ?? '', row.id])),
  };
}

/**
 * What a step gave up, from the database before and after it: a confirmed session now cancelled
 * (or gone with the account: a cancellation by the client, as the deletion is), and a week the
 * scheduler skipped (the practice's doing: the time was not free).
 */
export function givenUpBetween(
  before: Snapshot,
  after: Snapshot,
  by: CancelledBy,
  at: Date,
): GivenUp[] {
  const now = new Map(after.sessions.map((row) => [row.id, row]));
  const given: GivenUp[] = [];
  for (const was of before.sessions) {
    if (was.status !== 'confirmed') continue;
    const is = now.get(was.id);
    const gone = !is && was.starts_at > at;
    if (!gone && is?.status !== 'cancelled') continue;
    given.push({
      bookingId: was.id,
      seriesId: was.series_id,
      billed: was.series_id ? (was.occurrence ?? was.starts_at) : null,
      start: was.starts_at,
      by,
      at,
      paymentId: was.series_id ? null : (before.oneOffPayments.get(was.id) ?? null),
    });
  }
  const skippedBefore = new Set(before.skips.map((each) => each.occurrence.getTime()));
  for (const skip of after.skips) {
    if (skippedBefore.has(skip.occurrence.getTime())) continue;
    given.push({
      bookingId: null,
      seriesId: skip.series_id,
      billed: skip.occurrence,
      start: skip.occurrence,
      by: 'practitioner',
      at,
      paymentId: null,
    });
  }
  return given;
}

/** Until Stripe's later events, the webhooks they cause and the reactions they queue are done. */
export async function settle(world: SimWorld) {
  const { stack } = world;
  for (let round = 0; round < 10; round += 1) {
    const sent = stack.stripe().sent.length;
    await stack.stripe().settled();
    await stack.api.deliveryIdle();
    if (stack.stripe().sent.length === sent) return;
  }
}

/** A fresh start for one run: empty tables, an empty stand-in, the clock at the start. */
export async function resetWorld(world: SimWorld) {
  await settle(world);
  countRun(world);
  const { stack } = world;
  await disarmAll(stack.db);
  await emptyTables(stack.db);
  const stripe = stack.stripe();
  stripe.refunds.splice(0);
  stripe.checkouts.clear();
  stripe.subscriptions.clear();
  stripe.intents.clear();
  stripe.delivered.splice(0);
  stripe.sent.splice(0);
  stack.sent.length = 0;
  stack.clock.now = SIM_START;
}

/** The series' cadence, read once it exists (deleting the account deletes it). */
export async function cadenceOf(world: SimWorld, seriesId: string): Promise<SeriesCadence | null> {
  const row = await world.stack.db
    .selectFrom('series')
    .select(['first_start', 'local_time', 'every_weeks'])
    .where('id', '=', seriesId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    firstStart: row.first_start,
    localTime: row.local_time,
    everyWeeks: row.every_weeks === 2 ? 2 : 1,
  };
}
