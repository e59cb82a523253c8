import { createContext, useContext } from 'react';
import type { StoredProfile } from './stored-session';

/**
 * The account a signed-in page's gate opened for: the identity SDK's user, or, until the SDK has
 * restored the session, the session this browser stored (boot-session.ts), with its token's
 * claims. The gate provides it; a gate nested inside (the practice pages') reads it here.
 */
export interface GateAccount {
  uid: string;
  emailVerified: boolean;
  /** The stored token's claims, while the page is open on the stored session. */
  storedClaims?: Record<string, unknown>;
  /** The account's details as stored, while the page is open on the stored session. */
  storedProfile?: StoredProfile;
}

export const GateAccountContext = createContext<GateAccount | null>(null);

/** The account the enclosing sign-in gate opened for. */
export function useGateAccount(): GateAccount {
  const account = useContext(GateAccountContext);
  if (!account) throw new Error('useGateAccount must be used inside a sign-in gate');
  return account;
}
