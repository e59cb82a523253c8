import type { DecodedIdToken } from 'firebase-admin/auth';
import { getAuth } from 'firebase-admin/auth';
import { SECOND_FACTOR_PROBLEMS, SECOND_FACTOR_RULES } from '../../../../shared/second-factor';
import { problems } from './problems';
import type {
  AccountAdmin,
  ApiContext,
  ApiRequest,
  Caller,
  SecondFactor,
  TokenVerifier,
  UserLookup,
  VerifiedToken,
} from './types';

/** firebase-admin checks the signature, expiry and (checkRevoked) that the session was not revoked. */
export function firebaseTokenVerifier(): TokenVerifier {
  return async (idToken) => callerFrom(await getAuth().verifyIdToken(idToken, true));
}

/** The account's name (its display name, else its email) and email from Firebase Auth; null if none. */
export function firebaseUserLookup(): UserLookup {
  return async (uid) => {
    try {
      const user = await getAuth().getUser(uid);
      const email = user.email ?? '';
      return { uid, name: user.displayName || email, email };
    } catch (error) {
      if (isAuthError(error)) return null; // deleted, or never an account
      throw error;
    }
  };
}

/** Deletes the identity account with the Admin SDK; one already deleted counts as done. */
export function firebaseIdentityDeletion(): (uid: string) => Promise<void> {
  return async (uid) => {
    try {
      await getAuth().deleteUser(uid);
    } catch (error) {
      if (!isAuthError(error) || (error as { code: string }).code !== 'auth/user-not-found')
        throw error;
    }
  };
}

function callerFrom(token: DecodedIdToken): VerifiedToken {
  return {
    uid: token.uid,
    email: token.email ?? '',
    emailVerified: token.email_verified === true,
    name: typeof token.name === 'string' ? token.name : '',
    practitioner: token.practitioner === true,
    authTime: new Date(token.auth_time * 1000),
    secondFactor: SECOND_FACTORS.find((factor) => factor === token.second_factor) ?? null,
  };
}

const SECOND_FACTORS: readonly SecondFactor[] = ['passkey', 'recovery-code'];

/** Custom tokens, claims and revocation through the Admin SDK (its service account signs tokens). */
export function firebaseAccountAdmin(): AccountAdmin {
  return {
    mintToken: (uid, claims) => getAuth().createCustomToken(uid, claims),
    revokeSessions: (uid) => getAuth().revokeRefreshTokens(uid),
    claimsOf: async (uid) => (await getAuth().getUser(uid)).customClaims ?? {},
    setClaims: (uid, claims) => getAuth().setCustomUserClaims(uid, claims),
  };
}

const isAuthError = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  typeof error.code === 'string' &&
  error.code.startsWith('auth/');

/** The verified token from `Authorization: Bearer <ID token>`, or 401. Runs before anything else. */
export async function authenticate(
  request: ApiRequest,
  context: ApiContext,
): Promise<VerifiedToken> {
  const match = /^Bearer ([\w.-]{20,4096})$/.exec(request.authorization ?? '');
  if (!match?.[1]) throw problems.notSignedIn('Sign in, then try again.');
  try {
    return await context.verifyToken(match[1]);
  } catch (error) {
    if (isAuthError(error))
      throw problems.notSignedIn('Your session has expired or was ended. Sign in again.');
    throw error;
  }
}

export function requireVerifiedEmail(caller: Caller): void {
  if (!caller.emailVerified) {
    throw problems.emailNotVerified('Open the verification link we emailed you, then try again.');
  }
}

/**
 * The practitioner's sign-in must have had its second step (the `second_factor` claim) within
 * 12 hours; with `fresh`, within 5 minutes (a refund, a passkey added or removed).
 */
export function requireSecondFactor(caller: Caller, now: Date, fresh = false): void {
  if (!caller.secondFactor) {
    throw problems.secondFactorRequired(SECOND_FACTOR_PROBLEMS.missing);
  }
  const age = now.getTime() - caller.authTime.getTime();
  if (age > SECOND_FACTOR_RULES.sessionHours * 3_600_000) {
    throw problems.secondFactorRequired(SECOND_FACTOR_PROBLEMS.stale);
  }
  if (fresh && age > SECOND_FACTOR_RULES.freshMinutes * 60_000) {
    throw problems.freshPasskeyRequired(SECOND_FACTOR_PROBLEMS.notFresh);
  }
}

export function requirePractitioner(token: VerifiedToken): void {
  if (!token.practitioner) {
    throw problems.notPractitioner(
      'This page is for the practitioner. Sign in with the practice account.',
    );
  }
}

/** What a handler may know of the caller: the token without the practitioner's claim. */
export function callerOf(token: VerifiedToken): Caller {
  const { uid, email, emailVerified, name, authTime, secondFactor } = token;
  return { uid, email, emailVerified, name, authTime, secondFactor };
}
