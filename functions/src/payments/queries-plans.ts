import { sql } from 'kysely';
import type { PaymentState } from '../../../shared/money';
import type { Database } from '../platform/database/database';
import { seriesSettledRows } from './queries';
import { planStatus } from './webhook-rules';

export async function customerOf(db: Database, clientUid: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('payment_customers')
    .select('stripe_customer_id')
    .where('client_uid', '=', clientUid)
    .executeTakeFirst();
  return row?.stripe_customer_id;
}

export async function saveCustomer(
  db: Database,
  clientUid: string,
  customerId: string,
  now: Date,
): Promise<string> {
  await db
    .insertInto('payment_customers')
    .values({ client_uid: clientUid, stripe_customer_id: customerId, created_at: now })
    .onConflict((conflict) => conflict.column('client_uid').doNothing())
    .execute();
  return (await customerOf(db, clientUid)) ?? customerId;
}

/**
 * The plan of a series, made on first use. Its subscription id is set once, by that
 * subscription's own events, and never replaced by another's; a completed Checkout is no longer
 * its open one.
 */
export async function savePlan(
  db: Database,
  input: {
    seriesId: string;
    clientUid: string;
    subscriptionId: string | null;
    closedCheckout?: string;
    now: Date;
  },
) {
  await db
    .insertInto('payment_plans')
    .values({
      series_id: input.seriesId,
      client_uid: input.clientUid,
      stripe_subscription_id: input.subscriptionId,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((conflict) =>
      conflict.column('series_id').doUpdateSet((eb) => ({
        stripe_subscription_id: eb.fn.coalesce(
          eb.ref('payment_plans.stripe_subscription_id'),
          eb.ref('excluded.stripe_subscription_id'),
        ),
        // A new subscription after one that ended (a plan started again): live, not ending.
        ended_at: sql<Date | null>`case when payment_plans.stripe_subscription_id is null and excluded.stripe_subscription_id is not null then null else payment_plans.ended_at end`,
        cancel_at_period_end: sql<boolean>`case when payment_plans.stripe_subscription_id is null and excluded.stripe_subscription_id is not null then false else payment_plans.cancel_at_period_end end`,
        updated_at: input.now,
      })),
    )
    .execute();
  if (input.closedCheckout) {
    await db
      .updateTable('payment_plans')
      .set({ open_checkout_id: null })
      .where('series_id', '=', input.seriesId)
      .where('open_checkout_id', '=', input.closedCheckout)
      .execute();
  }
}

/** The plan's row, locked (a Checkout or a webhook decides on it). */
export async function lockPlan(db: Database, seriesId: string) {
  return db
    .selectFrom('payment_plans')
    .selectAll()
    .where('series_id', '=', seriesId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The series' row locked for share: ending a series updates that row, so it waits for a
 * transaction holding this, and this waits for an end being committed (then reads it ended).
 */
export async function shareSeriesLock(db: Database, seriesId: string): Promise<void> {
  await db.selectFrom('series').select('id').where('id', '=', seriesId).forShare().execute();
}

export async function setOpenCheckout(db: Database, seriesId: string, checkoutId: string | null) {
  await db
    .updateTable('payment_plans')
    .set({ open_checkout_id: checkoutId })
    .where('series_id', '=', seriesId)
    .execute();
}

/** The subscription set to end at its period's end (or not), or ended. */
export async function setPlanEnding(
  db: Database,
  input: { seriesId: string; ending: boolean; ended: boolean; now: Date },
) {
  await db
    .updateTable('payment_plans')
    .set({
      cancel_at_period_end: input.ending,
      ended_at: input.ended ? input.now : null,
      // An ended subscription is no longer the plan's: a new Checkout may start another.
      ...(input.ended && { stripe_subscription_id: null }),
      updated_at: input.now,
    })
    .where('series_id', '=', input.seriesId)
    .execute();
}

export async function planOf(db: Database, seriesId: string) {
  return db
    .selectFrom('payment_plans')
    .selectAll()
    .where('series_id', '=', seriesId)
    .executeTakeFirst();
}

export async function markPlanEnding(db: Database, seriesId: string, now: Date) {
  await db
    .updateTable('payment_plans')
    .set({ cancel_at_period_end: true, updated_at: now })
    .where('series_id', '=', seriesId)
    .execute();
}

interface PlanState extends PaymentState {
  subscriptionId: string | null;
  ending: boolean;
  /** Its subscription ended (cancelled in the Customer Portal, or the series' end reached). */
  ended: boolean;
}

/**
 * Each series' plan state, whatever order its invoices' events came in: paid to the latest
 * paid period's end; due while a failed invoice's period reaches past that.
 */
export async function planStates(
  db: Database,
  seriesIds: readonly string[],
  now: Date,
): Promise<Map<string, PlanState>> {
  const states = new Map<string, PlanState>();
  if (seriesIds.length === 0) return states;
  const [rows, plans] = await Promise.all([
    seriesSettledRows(db, seriesIds),
    db.selectFrom('payment_plans').selectAll().where('series_id', 'in', seriesIds).execute(),
  ]);
  for (const id of seriesIds) {
    const { status, paidUntil } = planStatus(
      rows.filter((row) => row.series_id === id),
      now,
    );
    const plan = plans.find((each) => each.series_id === id);
    states.set(id, {
      status,
      ...(paidUntil && { paidUntil: paidUntil.toISOString() }),
      subscriptionId: plan?.stripe_subscription_id ?? null,
      ending: plan?.cancel_at_period_end ?? false,
      ended: plan?.ended_at != null,
    });
  }
  return states;
}

/**
 * Her series remembered as her account is deleted (deleted_series), with what a payment row of
 * theirs keeps: money Stripe takes for one afterwards is then recorded and refunded in full.
 */
export async function rememberDeletedSeries(db: Database, clientUid: string, now: Date) {
  await db
    .insertInto('deleted_series')
    .columns(['series_id', 'client_uid', 'client_email', 'client_name', 'service_id', 'deleted_at'])
    .expression((eb) =>
      eb
        .selectFrom('series')
        .select([
          'id',
          'client_uid',
          'client_email',
          'client_name',
          'service_id',
          sql<Date>`${now}::timestamptz`.as('deleted_at'),
        ])
        .where('client_uid', '=', clientUid),
    )
    .onConflict((conflict) => conflict.column('series_id').doNothing())
    .execute();
}

/** A series deleted with its account: whose it was and for which service. */
export async function findDeletedSeries(db: Database, seriesId: string) {
  const row = await db
    .selectFrom('deleted_series')
    .select(['client_uid', 'client_email', 'client_name', 'service_id'])
    .where('series_id', '=', seriesId)
    .executeTakeFirst();
  return (
    row && {
      client: { uid: row.client_uid, email: row.client_email, name: row.client_name },
      serviceId: row.service_id,
    }
  );
}
