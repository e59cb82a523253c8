import type { User } from './firebase';
import { loadFirebase } from './load-firebase';
import {
  accountShown,
  bootSession,
  bootToken,
  holdFirstContent,
  readBootSession,
} from './boot-session';
import { readSessionHint } from './session-hint';
import { signalWithStoredToken } from './stored-token';

/**
 * A signed-in page's first reads from the API, started as the session is restored instead of
 * after the page's first render (issue 48): where this browser was signed in last time, a page's
 * content module names its reads as it loads (`readWhenSignedIn`), and `useResource` takes the
 * answer under the same key on its first read (`takeEarlyRead`). Each is taken once: a reload (the
 * refresh after a change, "Try again") asks the API again. A read starts only where the page's gate
 * would open for the session as restored: a client's session asks nothing of the practice pages'
 * API, and the practitioner's none before her passkey step (a 403 nobody asked for).
 */

/** An ID token's claims, as the gates read them. */
export interface SessionClaims {
  claims: Record<string, unknown>;
}

/**
 * The session as this browser stored it: the account, and its stored ID token's claims (read
 * from the SDK's record, stored-session.ts, or from the SDK once it has restored the session).
 */
export interface RestoredSession {
  user: Pick<User, 'uid' | 'emailVerified'>;
  token: SessionClaims;
}

/** A page's gate's decision on the restored session: whether the page would render for it. */
export type OpensFor = (session: RestoredSession) => boolean;

/**
 * The sign-in gates' decisions, here beside the reads that use them (one chunk, not a file more):
 * RequireSignIn opens for any signed-in account; RequireVerifiedEmail, and the parts of a page
 * shown only to a verified account, once the address is verified (the session's `emailVerified`).
 */
export const opensForAnySignedIn: OpensFor = () => true;
export const opensForVerifiedEmail: OpensFor = ({ user }) => user.emailVerified;

interface EarlyRead {
  /** The account it was read for, and what the API answered. */
  answer: Promise<{ uid: string; data: unknown }>;
  /** The same, once it has arrived. */
  arrived?: { uid: string; data: unknown };
  startedAt: number;
}

const reads = new Map<string, EarlyRead>();

/** Older than this, an early read is not taken: the page asks again (a tab left open, say). */
export const EARLY_READ_MAX_AGE_MS = 30_000;

/** The restored session's account, once the identity SDK has read it (null: nobody). */
async function restoredUser(): Promise<User | null> {
  const { firebaseAuth } = await loadFirebase();
  const auth = firebaseAuth();
  await auth.authStateReady();
  return auth.currentUser;
}

/**
 * Starts `load` for `key` at once with the session the SDK stored (its token while it has a while
 * to run), else as soon as the SDK has restored the session: where this browser was signed in
 * last time, no read of `key` is waiting already, and `opensFor` (the page's gate's own decision)
 * lets the page render for that session. `load` must be what the page's hook asks under that key.
 */
export function readWhenSignedIn(
  key: string,
  load: (signal: AbortSignal) => Promise<unknown>,
  opensFor: OpensFor,
) {
  if (typeof window === 'undefined' || !readSessionHint() || reads.has(key)) return;
  const answer = readBootSession().then(async () => {
    // The stored session, until the SDK has spoken: the read goes out now, beside the page's
    // download, and the page opens on the same session (boot-session.ts).
    // Not once this tab has signed in again (her passkey step): its token is the SDK's.
    const stored = bootToken() === undefined ? undefined : bootSession();
    if (stored) {
      const session = { user: stored, token: stored };
      if (!opensFor(session)) throw new Error('The page does not open for this session.');
      return { uid: stored.uid, data: await load(signalWithStoredToken(stored.idToken)) };
    }
    const user = await restoredUser();
    if (!user) throw new Error('Nobody is signed in.');
    // The stored token, as the gates read it first: no round trip to Auth before the read.
    if (!opensFor({ user, token: await user.getIdTokenResult() })) {
      throw new Error('The page does not open for this session as restored.');
    }
    return { uid: user.uid, data: await load(new AbortController().signal) };
  });
  holdFirstContent(answer);
  const read: EarlyRead = { answer, startedAt: Date.now() };
  answer.then(
    (arrived) => (read.arrived = arrived),
    () => undefined, // a failed early read is asked again by the page
  );
  reads.set(key, read);
}

/**
 * The early read of `key` if it has arrived, is recent, and was read for the account the page
 * renders for: a page's first render can show it, instead of "Loading" and a render more. It is
 * still there to take (`takeEarlyRead`), which the page's first read does.
 */
export function arrivedEarlyRead<T>(key: string): { data: T } | undefined {
  const read = reads.get(key);
  if (!read?.arrived || Date.now() - read.startedAt > EARLY_READ_MAX_AGE_MS) return undefined;
  if (accountShown() !== read.arrived.uid) return undefined;
  return { data: read.arrived.data as T };
}

/**
 * The early read of `key`, once, if it is recent: its answer when it was read for the account
 * signed in now, else a rejection (the caller then asks the API itself).
 */
export function takeEarlyRead<T>(key: string): Promise<T> | undefined {
  const read = reads.get(key);
  reads.delete(key);
  if (!read || Date.now() - read.startedAt > EARLY_READ_MAX_AGE_MS) return undefined;
  // The account the page renders for, as it takes the read: a session written back later by
  // another tab (which the ended-session guard then signs out) must not pass for it.
  const takenFor = accountShown();
  return read.answer.then(({ uid, data }) => {
    // Signed in as someone else meanwhile (another tab): never show one account's data to another.
    if (takenFor !== uid || accountShown() !== uid) throw new Error('Read for another account.');
    return data as T;
  });
}

/** Forgets every early read (the tests; a sign-out). */
export function forgetEarlyReads(): void {
  reads.clear();
}
