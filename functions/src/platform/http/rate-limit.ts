import { API_LIMITS, LIMIT_SENTENCES } from '../../../../shared/limits';
import { takeWrite } from './write-limits';
import { ProblemError } from './problems';
import type { ApiContext, Caller } from './types';

const WRITES = { burst: API_LIMITS.writeBurst, perMinute: API_LIMITS.writesPerMinute };

/**
 * Every write (POST, PUT, DELETE) by a signed-in user takes one from their own bucket, after the
 * caller and the input are checked and before anything is written; when it is empty, 429 with
 * Retry-After. The bucket runs on the wall clock (real requests per real second), not on the
 * API's business clock, which tests set to a fixed day.
 */
export async function limitWrites(context: ApiContext, caller: Caller): Promise<void> {
  const now = context.writeClock?.() ?? new Date();
  const take = await takeWrite(context.db, caller.uid, WRITES, now);
  if (take.allowed) return;
  throw new ProblemError(
    {
      type: '/api/problems/rate-limited',
      title: 'Too many changes at once',
      status: 429,
      detail: LIMIT_SENTENCES.tooManyWrites(take.retryAfterSeconds),
    },
    { 'retry-after': String(take.retryAfterSeconds) },
  );
}
