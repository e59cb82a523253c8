/**
 * Failures the money simulation injects (money-simulation-commands.ts): a commit of ours that
 * fails once after Stripe has answered, so that the durable queue tries again, sooner or later
 * than Stripe keeps an idempotency key (24 hours, https://docs.stripe.com/api/idempotent_requests).
 * Each is a trigger that raises on its first firing only (a sequence is not rolled back).
 */
import { sql } from 'kysely';
import type { Database } from '../platform/database/database';

/**
 * What fails once: the record of a credit's Stripe item (its own, not the webhook's attaching a
 * credit to its paid invoice), or the queue's record of a reaction done.
 */
export const FAILURES = {
  credit: {
    table: 'payment_credits',
    column: 'stripe_invoice_item_id',
    when: 'new.payment_id is null',
  },
  reaction: { table: 'session_reactions', column: 'done_at', when: 'true' },
} as const;

export type Failure = keyof typeof FAILURES;

const names = (failure: Failure) => ({
  trigger: sql.raw(`sim_fail_${failure}`),
  sequence: sql.raw(`sim_fail_${failure}_seq`),
  fn: sql.raw(`sim_fail_${failure}_fn`),
  table: sql.raw(FAILURES[failure].table),
  column: sql.raw(FAILURES[failure].column),
  sequenceName: sql.lit(`sim_fail_${failure}_seq`),
  when: sql.raw(FAILURES[failure].when),
});

/** The next such commit fails (once), after Stripe has answered. */
export async function failNext(db: Database, failure: Failure) {
  await disarm(db, failure);
  const { trigger, sequence, fn, table, column, sequenceName, when } = names(failure);
  await sql`create sequence ${sequence}`.execute(db);
  await sql`create function ${fn}() returns trigger language plpgsql as $$
    begin
      if nextval(${sequenceName}) = 1 then
        raise exception 'the connection was lost';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger ${trigger} before update of ${column} on ${table}
    for each row when (${when}) execute function ${fn}()`.execute(db);
}

export async function disarm(db: Database, failure: Failure) {
  const { trigger, sequence, fn, table } = names(failure);
  await sql`drop trigger if exists ${trigger} on ${table}`.execute(db);
  await sql`drop function if exists ${fn}`.execute(db);
  await sql`drop sequence if exists ${sequence}`.execute(db);
}

export async function disarmAll(db: Database) {
  for (const failure of Object.keys(FAILURES) as Failure[]) await disarm(db, failure);
}
