import type { IdTokenResult } from '../../lib/firebase';
import type { RestoredSession } from '../../lib/early-reads';
import { hasSecondFactor } from '../../lib/passkeys';

export type PractitionerAccess = 'allowed' | 'passkey' | 'not-allowed';

/**
 * What the practice pages' gate decides from an ID token's claims: open for the practitioner
 * claim with her passkey step, the passkey step for the practitioner without it, else not allowed.
 * The server checks both again on every call, and says when the step is too old.
 */
export function practitionerAccess(token: IdTokenResult | undefined): PractitionerAccess {
  if (token?.claims.practitioner !== true) return 'not-allowed';
  return hasSecondFactor(token) ? 'allowed' : 'passkey';
}

/** The practice pages open for the session as restored: their early reads may start. */
export const opensPracticePages = ({ token }: RestoredSession) =>
  practitionerAccess(token) === 'allowed';
