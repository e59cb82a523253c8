import * as v from 'valibot';
import { PASSKEY_CHALLENGE_LIMITS, SECOND_FACTOR_PROBLEMS } from '../../../shared/second-factor';
import { ProblemError, problems } from '../platform/http/problems';
import { takeWrite } from '../platform/http/write-limits';
import type { AccountAdmin, ApiContext, PasskeySettings } from '../platform/http/types';

/** What the passkey endpoints need of the context: the relying party and Firebase Auth. */
export function passkeySetup(context: ApiContext): {
  relyingParty: PasskeySettings;
  accounts: AccountAdmin;
} {
  if (!context.passkeys || !context.accounts) {
    throw new Error('The API was started without its passkey settings (PasskeySettings).');
  }
  return { relyingParty: context.passkeys, accounts: context.accounts };
}

/** The clock a sign-in's age and an enrolment link's expiry are measured on. */
export const sessionNow = (context: ApiContext) => (context.sessionClock ?? (() => new Date()))();

/** The browser's own random id (kept in its storage), so a new browser can be told apart. */
export const BrowserId = v.optional(v.pipe(v.string(), v.regex(/^[\w-]{16,100}$/)));

const base64url = (max: number) => v.pipe(v.string(), v.maxLength(max), v.regex(/^[\w-]*$/));

/** A browser's answer to navigator.credentials.create(), as @simplewebauthn/browser sends it. */
export const RegistrationAnswer = v.looseObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: v.literal('public-key'),
  response: v.looseObject({
    clientDataJSON: base64url(20_000),
    attestationObject: base64url(60_000),
    transports: v.optional(v.array(v.pipe(v.string(), v.maxLength(20)))),
  }),
  clientExtensionResults: v.optional(v.looseObject({})),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
});

/** A browser's answer to navigator.credentials.get(). */
export const AuthenticationAnswer = v.looseObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: v.literal('public-key'),
  response: v.looseObject({
    clientDataJSON: base64url(20_000),
    authenticatorData: base64url(20_000),
    signature: base64url(2_000),
    userHandle: v.optional(base64url(200)),
  }),
  clientExtensionResults: v.optional(v.looseObject({})),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
});

/**
 * Runs a WebAuthn verification: anything it refuses (a wrong origin or relying party, a bad
 * signature, a challenge not ours or used before) is a 400 the person can act on, never a 500.
 */
export async function verified<T extends { verified: boolean }>(
  verify: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await verify();
  } catch {
    throw problems.passkeyRefused(
      'Your passkey could not be checked. Try again; if it keeps failing, use another passkey or a recovery code.',
    );
  }
  if (!result.verified) {
    throw problems.passkeyRefused('Your passkey could not be checked. Try again.');
  }
  return result;
}

/** The challenge a browser's answer signed (inside its clientDataJSON), or a 400. */
export function challengeOf(clientDataJSON: string): string {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (
      typeof data === 'object' &&
      data !== null &&
      'challenge' in data &&
      typeof data.challenge === 'string'
    ) {
      return data.challenge;
    }
  } catch {
    // falls through to the refusal
  }
  throw problems.passkeyRefused('Your passkey answered something we could not read. Try again.');
}

/**
 * Each passkey challenge is a row kept 5 minutes: one caller (the account, else the address)
 * may ask for only so many (shared/second-factor.ts), else 429 with Retry-After. On the wall
 * clock, as the write limit is (real requests per real second).
 */
export async function limitChallenges(
  context: ApiContext,
  caller: { uid: string } | undefined,
  from: string,
): Promise<void> {
  const who = caller ? `account:${caller.uid}` : `address:${from.split(',')[0] ?? from}`;
  const now = context.writeClock?.() ?? new Date();
  const take = await takeWrite(
    context.db,
    `passkey-challenges:${who}`,
    PASSKEY_CHALLENGE_LIMITS,
    now,
  );
  if (take.allowed) return;
  throw new ProblemError(
    {
      type: '/api/problems/rate-limited',
      title: 'Too many passkey requests',
      status: 429,
      detail: SECOND_FACTOR_PROBLEMS.tooManyChallenges(take.retryAfterSeconds),
    },
    { 'retry-after': String(take.retryAfterSeconds) },
  );
}

/**
 * The browser a sign-in came from, as the server sees it: the browser's own id when it sends
 * one, else its User-Agent, so a request cannot opt out of the new-browser alert by leaving
 * the id out. `from` is the request's "address, User-Agent" (ApiRequest.from).
 */
export function browserKey(browserId: string | undefined, from: string): string {
  if (browserId) return browserId;
  const comma = from.indexOf(', ');
  return `user-agent:${comma >= 0 ? from.slice(comma + 2) : from}`;
}
