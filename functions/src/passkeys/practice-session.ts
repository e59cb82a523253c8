import { sql } from 'kysely';
import { SECOND_FACTOR_PROBLEMS, SECOND_FACTOR_RULES } from '../../../shared/second-factor';
import { problems } from '../platform/http/problems';
import type { ApiContext, Caller } from '../platform/http/types';
import { sessionNow } from './ceremony';

const IDLE_MS = SECOND_FACTOR_RULES.idleMinutes * 60_000;
const SESSION_MS = SECOND_FACTOR_RULES.sessionHours * 3_600_000;

/**
 * Her sign-in (uid and auth_time) opens the practice pages only while it has made a practice
 * request in the last 30 minutes (the pages' own idle sign-out, shared/idle-sign-out.ts): a
 * token left in a tab, a copied one, stops there even if the page's timer never ran. The first
 * request counts from the sign-in itself. Each accepted request moves the time on; a refused one
 * does not, so only her passkey (a new sign-in) opens the pages again. Run on the sessions' clock
 * (ApiContext.sessionClock), as the token's own age is.
 */
export async function keepPracticeSessionAlive(context: ApiContext, caller: Caller): Promise<void> {
  const now = sessionNow(context);
  const row = await context.db
    .selectFrom('practice_sign_ins')
    .select('last_request_at')
    .where('uid', '=', caller.uid)
    .where('auth_time', '=', caller.authTime)
    .executeTakeFirst();
  const last = row ? new Date(row.last_request_at) : caller.authTime;
  if (now.getTime() - last.getTime() > IDLE_MS) {
    throw problems.secondFactorRequired(SECOND_FACTOR_PROBLEMS.idle);
  }
  if (!row) {
    // A new sign-in: her sign-ins past the 12 hours need no record any longer.
    await context.db
      .deleteFrom('practice_sign_ins')
      .where('uid', '=', caller.uid)
      .where('last_request_at', '<', new Date(now.getTime() - SESSION_MS))
      .execute();
  }
  await context.db
    .insertInto('practice_sign_ins')
    .values({ uid: caller.uid, auth_time: caller.authTime, last_request_at: now })
    .onConflict((conflict) =>
      conflict.columns(['uid', 'auth_time']).doUpdateSet((eb) => ({
        last_request_at: eb.fn('greatest', [
          eb.ref('practice_sign_ins.last_request_at'),
          eb.ref('excluded.last_request_at'),
        ]),
      })),
    )
    .execute();
}

/**
 * The browser tests' stack only (seeding/practice-idle.ts): moves her sign-ins' last practice
 * request back by `minutes`, as that much time without one would. The stack's server runs on
 * the wall clock, which a browser test cannot move by half an hour.
 */
export async function backdatePracticeRequests(
  db: ApiContext['db'],
  uid: string,
  minutes: number,
): Promise<number> {
  const moved = await db
    .updateTable('practice_sign_ins')
    .set((eb) => ({
      last_request_at: sql<Date>`${eb.ref('last_request_at')} - make_interval(mins => ${minutes})`,
    }))
    .where('uid', '=', uid)
    .returning('uid')
    .execute();
  return moved.length;
}
