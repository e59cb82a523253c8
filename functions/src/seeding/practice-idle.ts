import { SECOND_FACTOR_RULES } from '../../../shared/second-factor';
import { backdatePracticeRequests } from '../passkeys';
import { endpoint } from '../platform/http/endpoint';
import { json } from '../platform/http/types';

/**
 * POST /api/seeding/practice-idle (the browser tests' stack only, see index.ts): her sign-ins'
 * last practice request moves back past the server's idle limit, as half an hour without one
 * would; her next practice request is refused and the page asks for her passkey.
 */
export const seedPracticeIdle = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const moved = await backdatePracticeRequests(
      context.db,
      caller.uid,
      SECOND_FACTOR_RULES.idleMinutes + 1,
    );
    return json(200, { moved });
  },
});
