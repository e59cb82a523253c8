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

export async function savePlan(
  db: Database,
  input: { seriesId: string; clientUid: string; subscriptionId: string | null; now: Date },
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
          eb.ref('excluded.stripe_subscription_id'),
          eb.ref('payment_plans.stripe_subscription_id'),
        ),
        updated_at: input.now,
      })),
    )
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
    });
  }
  return states;
}
