import type { GivenUpKind } from '../../../shared/given-up-api';
import type { Database } from '../platform/database/database';

/** A durable reaction given up after its last try (platform/events/reactions.ts). */
export interface GivenUpReaction {
  id: string;
  handler: string;
  event: unknown;
  attempts: number;
  givenUpAt: Date;
  reason: string | null;
}

/** An email (or text) the outbox stopped trying to deliver. */
export interface FailedEmail {
  id: string;
  kind: string;
  to: string;
  attempts: number;
  givenUpAt: Date;
}

/**
 * The outbox's failed rows, read here with a query of our own (the outbox's code moves to a lower
 * capability; its table stays): those she has not marked as dealt with.
 */
export async function failedEmails(db: Database): Promise<FailedEmail[]> {
  const rows = await db
    .selectFrom('messages')
    // A mark counts for the failure it was made on: one that failed again since is listed again.
    .leftJoin('given_up_dealt_with', (join) =>
      join
        .onRef('given_up_dealt_with.message_id', '=', 'messages.id')
        .onRef('given_up_dealt_with.dealt_with_at', '>=', 'messages.updated_at'),
    )
    .select([
      'messages.id',
      'messages.kind',
      'messages.to_address',
      'messages.attempts',
      'messages.updated_at',
    ])
    .where('messages.status', '=', 'failed')
    .where('given_up_dealt_with.id', 'is', null)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    attempts: row.attempts,
    givenUpAt: new Date(row.updated_at),
  }));
}

/** The reactions given up, not done since and not marked as dealt with. */
export async function givenUpReactions(db: Database): Promise<GivenUpReaction[]> {
  const rows = await db
    .selectFrom('session_reactions')
    .leftJoin('given_up_dealt_with', (join) =>
      join
        .onRef('given_up_dealt_with.reaction_id', '=', 'session_reactions.id')
        .onRef('given_up_dealt_with.dealt_with_at', '>=', 'session_reactions.given_up_at'),
    )
    .select([
      'session_reactions.id',
      'session_reactions.handler',
      'session_reactions.event',
      'session_reactions.attempts',
      'session_reactions.given_up_at',
      'session_reactions.reason',
    ])
    .where('session_reactions.given_up_at', 'is not', null)
    .where('session_reactions.done_at', 'is', null)
    .where('given_up_dealt_with.id', 'is', null)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    handler: row.handler,
    event: typeof row.event === 'string' ? JSON.parse(row.event) : row.event,
    attempts: row.attempts,
    givenUpAt: new Date(row.given_up_at ?? 0),
    reason: row.reason,
  }));
}

/**
 * A given-up reaction queued again now, the same row (the same event, so the same idempotency
 * keys and parameters) with a fresh set of tries; false if it is not given up (any more).
 */
export async function requeueReaction(db: Database, id: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('session_reactions')
      .set({
        given_up_at: null,
        attempts: 0,
        next_attempt_at: now,
        claimed_until: null,
        note: 'Tried again by the practitioner',
        reason: null,
      })
      .where('id', '=', id)
      .where('given_up_at', 'is not', null)
      .where('done_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom('given_up_dealt_with').where('reaction_id', '=', id).execute();
    return true;
  });
}

/** Whether the reaction is done (after trying again), else still waiting for its next try. */
export async function reactionDone(db: Database, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('session_reactions')
    .select('done_at')
    .where('id', '=', id)
    .executeTakeFirst();
  return Boolean(row?.done_at);
}

/**
 * A reaction her Try again ran and that was refused again: given up again at once, back in her
 * list, rather than left to eight more tries over days that end the same way.
 */
export async function giveUpAgainAfterTry(db: Database, id: string, now: Date): Promise<void> {
  await db
    .updateTable('session_reactions')
    .set({ given_up_at: now, claimed_until: null })
    .where('id', '=', id)
    .where('done_at', 'is', null)
    .where('given_up_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .execute();
}

/** A failed email queued again now with a fresh day of retries; false if it is not failed. */
export async function requeueEmail(db: Database, id: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('messages')
      // A fresh day of retries: the sender gives up a day after `created_at`.
      .set({
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom('given_up_dealt_with').where('message_id', '=', id).execute();
    return true;
  });
}

const columnOf = (kind: GivenUpKind) => (kind === 'reaction' ? 'reaction_id' : 'message_id');

/**
 * Marks one thing given up as dealt with (hidden from her list); true if it is one (given up and
 * not done, or failed). Marked again, the mark is made now.
 */
export async function markDealtWith(
  db: Database,
  kind: GivenUpKind,
  id: string,
  now: Date,
): Promise<boolean> {
  const still =
    kind === 'reaction'
      ? await db
          .selectFrom('session_reactions')
          .select('id')
          .where('id', '=', id)
          .where('given_up_at', 'is not', null)
          .where('done_at', 'is', null)
          .executeTakeFirst()
      : await db
          .selectFrom('messages')
          .select('id')
          .where('id', '=', id)
          .where('status', '=', 'failed')
          .executeTakeFirst();
  if (!still) return false;
  await db
    .insertInto('given_up_dealt_with')
    .values({ [columnOf(kind)]: id, dealt_with_at: now })
    .onConflict((conflict) => conflict.column(columnOf(kind)).doUpdateSet({ dealt_with_at: now }))
    .execute();
  return true;
}

/** Undoes the mark: it is listed again. True if it was marked. */
export async function unmarkDealtWith(
  db: Database,
  kind: GivenUpKind,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('given_up_dealt_with')
    .where(columnOf(kind), '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The refund held for a session, if one was recorded before Stripe was asked: its pence. */
export async function refundHeldFor(db: Database, bookingId: string): Promise<number | null> {
  const row = await db
    .selectFrom('payment_refunds')
    .select('amount')
    .where('booking_id', '=', bookingId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row ? row.amount : null;
}

/** Who a session or a series is for and when, as the diary names it; undefined when gone. */
export async function sessionOf(db: Database, bookingId: string) {
  return db
    .selectFrom('bookings')
    .select(['client_name', 'starts_at'])
    .where('id', '=', bookingId)
    .executeTakeFirst();
}

export async function seriesOf(db: Database, seriesId: string) {
  return db
    .selectFrom('series')
    .select(['client_name', 'first_start', 'every_weeks'])
    .where('id', '=', seriesId)
    .executeTakeFirst();
}
