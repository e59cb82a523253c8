import { sql } from 'kysely';
import type { Database } from '../platform/database/database';

/** What is known of a subscription's own events (locked: its events are decided in turn). */
export async function lockSubscriptionOrder(db: Database, subscriptionId: string) {
  const row = await db
    .selectFrom('stripe_subscriptions')
    .select(['last_event_at', 'ended_at'])
    .where('subscription_id', '=', subscriptionId)
    .forUpdate()
    .executeTakeFirst();
  return { lastEventAt: row?.last_event_at ?? null, ended: row?.ended_at != null };
}

/** A subscription's event applied: the latest time kept; once ended, ended for good. */
export async function saveSubscriptionSeen(
  db: Database,
  input: { subscriptionId: string; seriesId: string; at: Date; ended: boolean; now: Date },
) {
  await db
    .insertInto('stripe_subscriptions')
    .values({
      subscription_id: input.subscriptionId,
      series_id: input.seriesId,
      last_event_at: input.at,
      ended_at: input.ended ? input.now : null,
    })
    .onConflict((conflict) =>
      conflict.column('subscription_id').doUpdateSet({
        last_event_at: sql<Date>`greatest(stripe_subscriptions.last_event_at, excluded.last_event_at)`,
        ended_at: sql<Date | null>`coalesce(stripe_subscriptions.ended_at, excluded.ended_at)`,
      }),
    )
    .execute();
}
