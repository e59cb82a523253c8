import type { RestoredSession, SessionClaims } from '../../lib/early-reads';

export type PractitionerAccess = 'allowed' | 'passkey' | 'not-allowed';

/**
 * What the practice pages' gate decides from an ID token's claims: open for the practitioner
 * claim with her passkey step, the passkey step for the practitioner without it, else not allowed.
 * The server checks both again on every call, and says when the step is too old.
 */
export function practitionerAccess(token: SessionClaims | undefined): PractitionerAccess {
  if (token?.claims.practitioner !== true) return 'not-allowed';
  return hasSecondFactor(token) ? 'allowed' : 'passkey';
}

/** The practice pages open for the session as restored: their early reads may start. */
export const opensPracticePages = ({ token }: RestoredSession) =>
  practitionerAccess(token) === 'allowed';

/**
 * Whether the sign-in behind this token had its passkey step. How long ago is the API's to
 * judge (12 hours): it answers second-factor-required, and `onSecondFactorRequired` hears it.
 */
function hasSecondFactor(token: SessionClaims | undefined): boolean {
  const factor = token?.claims.second_factor;
  return factor === 'passkey' || factor === 'recovery-code';
}
