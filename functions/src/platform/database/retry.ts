import type { Database } from './database';

/**
 * SQLSTATEs after which the whole transaction can simply be run again: PostgreSQL aborted it to
 * break a cycle of waits (40P01, deadlock_detected) or because a concurrent commit made it
 * unserialisable (40001, serialization_failure; only under repeatable read or serializable, which
 * nothing here asks for yet). Neither says anything about the data: the transaction lost a race
 * and is told to try again (https://www.postgresql.org/docs/current/mvcc-serialization-failure-handling.html).
 */
const TRY_AGAIN_CODES: ReadonlySet<string> = new Set(['40P01', '40001']);

/** Tries in all, the first included: a cycle broken once is rarely met twice in a row. */
const MAX_TRIES = 3;

/** The wait before another try: a short random wait, so two losers of one race do not meet again. */
const waitBefore = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 60 * attempt));

export function isTryAgain(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    TRY_AGAIN_CODES.has(error.code)
  );
}

/**
 * `db.transaction().execute(work)`, run again from the start (a bounded number of times, after
 * a short jittered wait) when PostgreSQL aborts it as a deadlock or a serialisation failure.
 * `work` must write only through `trx`: a try that failed left nothing behind. Any other error,
 * or the last try's, is thrown as it is.
 */
export async function transactionTriedAgain<T>(
  db: Database,
  work: (trx: Database) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!isTryAgain(error) || attempt >= MAX_TRIES) throw error;
      await waitBefore(attempt);
    }
  }
}
