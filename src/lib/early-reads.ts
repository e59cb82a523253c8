import { loadFirebase } from './load-firebase';
import { readSessionHint } from './session-hint';
import { restoreSessionNow } from './session-restore';

/**
 * A signed-in page's first reads from the API, started as the session is restored instead of
 * after the page's first render (issue 48): where this browser was signed in last time, a page's
 * content module names its reads as it loads (`readWhenSignedIn`), and `useResource` takes the
 * answer under the same key on its first read (`takeEarlyRead`). Each is taken once: a reload (the
 * refresh after a change, "Try again") asks the API again.
 */
interface EarlyRead {
  /** The account it was read for, and what the API answered. */
  answer: Promise<{ uid: string; data: unknown }>;
  startedAt: number;
}

const reads = new Map<string, EarlyRead>();

/** Older than this, an early read is not taken: the page asks again (a tab left open, say). */
export const EARLY_READ_MAX_AGE_MS = 30_000;

/** The restored session's account, once the identity SDK has read it (null: nobody). */
async function restoredAccount(): Promise<string | null> {
  const { firebaseAuth } = await loadFirebase();
  const auth = firebaseAuth();
  await auth.authStateReady();
  return auth.currentUser?.uid ?? null;
}

/**
 * Starts `load` for `key` as soon as the session is restored, where this browser was signed in
 * last time and no read of `key` is waiting already. `load` must be what the page's hook asks
 * under that key.
 */
export function readWhenSignedIn(key: string, load: (signal: AbortSignal) => Promise<unknown>) {
  if (typeof window === 'undefined' || !readSessionHint() || reads.has(key)) return;
  restoreSessionNow();
  const answer = restoredAccount().then(async (uid) => {
    if (!uid) throw new Error('Nobody is signed in.');
    return { uid, data: await load(new AbortController().signal) };
  });
  answer.catch(() => undefined); // a failed early read is asked again by the page
  reads.set(key, { answer, startedAt: Date.now() });
}

/**
 * The early read of `key`, once, if it is recent: its answer when it was read for the account
 * signed in now, else a rejection (the caller then asks the API itself).
 */
export function takeEarlyRead<T>(key: string): Promise<T> | undefined {
  const read = reads.get(key);
  reads.delete(key);
  if (!read || Date.now() - read.startedAt > EARLY_READ_MAX_AGE_MS) return undefined;
  return read.answer.then(async ({ uid, data }) => {
    // Signed in as someone else meanwhile (another tab): never show one account's data to another.
    if ((await restoredAccount()) !== uid) throw new Error('Read for another account.');
    return data as T;
  });
}

/** Forgets every early read (the tests; a sign-out). */
export function forgetEarlyReads(): void {
  reads.clear();
}
