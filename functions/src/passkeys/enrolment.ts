import type { ApiContext, Caller } from '../platform/http/types';
import { problems } from '../platform/http/problems';
import { passkeySetup, sessionNow } from './ceremony';
import { enrolmentUsed, hashOf } from './store';

/**
 * The custom claim `npm run practitioner` (scripts/practitioner.mjs) writes beside `practitioner`:
 * `<SHA-256 of the link's token, hex>:<expiry, Unix seconds>`. The link itself is printed once and
 * kept nowhere; a stolen password cannot add her first passkey without it.
 */
export const ENROLMENT_CLAIM = 'passkey_enrolment';

/** The enrolment link's token hash, if `token` is the one her account holds and it is still good. */
export async function validEnrolment(
  context: ApiContext,
  caller: Caller,
  token: string | undefined,
): Promise<string> {
  const refuse = () =>
    problems.enrolmentRequired(
      'Open the enrolment link you were given to add your first passkey. A link works once, for 24 hours: ask for a new one with `npm run practitioner`.',
    );
  if (!token) throw refuse();
  const claims = await passkeySetup(context).accounts.claimsOf(caller.uid);
  const stored = claims[ENROLMENT_CLAIM];
  if (typeof stored !== 'string') throw refuse();
  const [hash, expires] = stored.split(':');
  const tokenHash = hashOf(token);
  if (hash !== tokenHash || !(Number(expires) * 1000 > sessionNow(context).getTime())) {
    throw refuse();
  }
  if (await enrolmentUsed(context.db, tokenHash)) throw refuse();
  return tokenHash;
}

/** Takes the used link off her account. */
export async function clearEnrolment(context: ApiContext, uid: string): Promise<void> {
  const { accounts } = passkeySetup(context);
  const claims = Object.entries(await accounts.claimsOf(uid)).filter(
    ([name]) => name !== ENROLMENT_CLAIM,
  );
  await accounts.setClaims(uid, Object.fromEntries(claims));
}
