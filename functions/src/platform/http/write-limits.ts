import { sql } from 'kysely';
import type { Database } from '../database/database';

/** A token bucket: `burst` writes at once, refilled at `perMinute`. */
export interface BucketRule {
  burst: number;
  perMinute: number;
}

export type Take = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes one write from the user's bucket, or says when there will be one again. One atomic upsert
 * per request: PostgreSQL locks the row for the update, so concurrent requests (from any function
 * instance) each see the tokens the one before left, and no more than the bucket holds get through.
 * A refused request takes nothing. The clock is a parameter (the API passes the wall clock).
 */
export async function takeWrite(
  db: Database,
  uid: string,
  rule: BucketRule,
  now: Date,
): Promise<Take> {
  const perSecond = rule.perMinute / 60;
  const refilled = sql`least(${rule.burst}::double precision, write_limits.tokens
    + greatest(0, extract(epoch from (excluded.updated_at - write_limits.updated_at)))
      * ${perSecond}::double precision)`;
  const { rows } = await sql<{ tokens: number; allowed: boolean }>`
    insert into write_limits (uid, tokens, allowed, updated_at)
    values (${uid}, ${rule.burst - 1}::double precision, true, ${now}::timestamptz)
    on conflict (uid) do update set
      tokens = case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end,
      allowed = ${refilled} >= 1,
      updated_at = greatest(write_limits.updated_at, excluded.updated_at)
    returning tokens, allowed`.execute(db);
  const [row] = rows;
  if (!row || row.allowed) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((1 - Number(row.tokens)) / perSecond)),
  };
}
