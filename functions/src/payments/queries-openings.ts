import type { Database } from '../platform/database/database';

/**
 * An opening older than this was left by a request that did not finish (its process ended):
 * every request gives up on Stripe within its budget (15 s), so a minute is well past it.
 */
const OPENING_STALE_MS = 60_000;

type Target = { bookingId: string } | { seriesId: string };

const column = (target: Target) =>
  'bookingId' in target
    ? (['booking_id', target.bookingId] as const)
    : (['series_id', target.seriesId] as const);

/**
 * Records that a Checkout is being opened for a session or a series (in the deciding
 * transaction, under its row's lock); its id is the Checkout's idempotency key. Undefined when
 * another is being opened for it now; one left stale is released first.
 */
export async function startOpening(
  db: Database,
  target: Target,
  clientUid: string,
  now: Date,
): Promise<string | undefined> {
  const [name, id] = column(target);
  await db
    .deleteFrom('checkout_openings')
    .where(name, '=', id)
    .where('started_at', '<', new Date(now.getTime() - OPENING_STALE_MS))
    .execute();
  const row = await db
    .insertInto('checkout_openings')
    .values({
      booking_id: 'bookingId' in target ? target.bookingId : null,
      series_id: 'seriesId' in target ? target.seriesId : null,
      client_uid: clientUid,
      started_at: now,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Ends an opening: when Stripe's answer is recorded, or when the request gave up. False when it
 * was no longer there (released as stale, or its session or series deleted meanwhile).
 */
export async function endOpening(db: Database, openingId: string): Promise<boolean> {
  const row = await db
    .deleteFrom('checkout_openings')
    .where('id', '=', openingId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Scheduled (the minute job): openings left by requests that never finished are released, so
 * the next Pay opens a Checkout at once. Idempotent; takes its clock.
 */
export async function releaseStaleOpenings(db: Database, now: Date): Promise<number> {
  const gone = await db
    .deleteFrom('checkout_openings')
    .where('started_at', '<', new Date(now.getTime() - OPENING_STALE_MS))
    .returning('id')
    .execute();
  return gone.length;
}
