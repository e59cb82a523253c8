import { ENDED_SESSION_KEY, isEnded } from './ended-session';
import { readSessionHint, SESSION_HINT_KEY } from './session-hint';
import type { StoredSession } from './stored-session';

/**
 * The session a signed-in page opens on before the identity SDK has loaded (issue 48): the one the
 * SDK stored in this browser (stored-session.ts), read once as the page boots, while its ID token
 * has a while to run and unless this browser signed out of it on purpose (ended-session.ts). The
 * page's gate opens on it and its reads go out with its token; the SDK (32 kB gz and a round trip
 * to Auth) loads after the page's content instead of before it, and its word then replaces this
 * one: another account re-keys the page, nobody signs it out. The server checks the token on
 * every call (signature, expiry, revocation, a disabled account), as it does the SDK's.
 */

let reading: Promise<StoredSession | undefined> | undefined;
let stored: StoredSession | undefined;
/** Ended for this page load: the stored session is never opened on again. */
let ended = false;
/** The account the SDK has restored, once the session provider has heard it (null: nobody). */
let restored: string | null | undefined;
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((listener) => listener());

/** The longest the page waits for the browser's storage before it asks the SDK instead. */
const READ_WAIT_MS = 1000;

/**
 * Ends the page's use of the stored session for this page load: the SDK decides from now on. A
 * sign-in or sign-out in another tab (which this tab hears only as a change of the hint or of the
 * ended session), an SDK that cannot load, a sign-out that could not be done.
 */
export function endBootSession(): void {
  if (ended) return;
  ended = true;
  stored = undefined;
  notify();
}

/** Reads the stored session once per page load, where this browser was signed in last time. */
export function readBootSession(): Promise<StoredSession | undefined> {
  if (reading) return reading;
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === SESSION_HINT_KEY || event.key === ENDED_SESSION_KEY || event.key === null)
        endBootSession();
    });
  }
  const read =
    typeof window === 'undefined' || !readSessionHint()
      ? Promise.resolve(undefined)
      : // Imported here, not with this module: the pages that only forget early reads (the
        // Menu's sign-out, on every page) do not download it and the settings it reads.
        import('./stored-session')
          .then(({ readStoredSession }) => readStoredSession())
          .then((session) =>
            // Without its sign-in time, an ended session could not be told from a new one.
            session?.signedInAt !== undefined &&
            !isEnded({ uid: session.uid, signedInAt: session.signedInAt })
              ? session
              : undefined,
          );
  reading = Promise.race([
    read,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), READ_WAIT_MS)),
  ])
    .catch(() => undefined)
    .then((session) => {
      if (ended) return undefined;
      stored = session;
      if (session) notify();
      return session;
    });
  return reading;
}

/** Its token has run out: a page left open without the SDK (one that could not load) closes. */
const expired = (session: StoredSession) =>
  typeof session.claims.exp !== 'number' || session.claims.exp * 1000 <= Date.now();

/**
 * The stored session the page may open on now: until the SDK has spoken, and while this browser
 * still says it is signed in (another tab's sign-out clears that).
 */
export const bootSession = (): StoredSession | undefined =>
  restored === undefined && readSessionHint() && stored && !expired(stored) ? stored : undefined;

export function subscribeBootSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session provider heard the SDK: its account is the one shown from now on. */
export function sessionRestored(uid: string | null): void {
  const first = restored === undefined;
  restored = uid;
  if (first) notify();
}

/** The account the page renders for: the SDK's once it has spoken, else the stored session's. */
export const accountShown = (): string | null | undefined =>
  restored !== undefined ? restored : bootSession()?.uid;

/** A sign-in made in this tab (her passkey) before the SDK was heard: its token is the SDK's. */
let tokenReplaced = false;

/**
 * This tab signed in again (her passkey, a recovery code) while the page is open on the stored
 * session: the page stays open on the same account, but its calls go out with the SDK's new
 * token (the passkey step's claims), not the stored one the server may have just revoked.
 */
export function bootTokenReplaced(): void {
  tokenReplaced = true;
}

/** A token left with less than this is not sent: the SDK's own, renewed, is asked for instead. */
const TOKEN_LEFT_MS = 60_000;

/** The stored session's ID token while the page is open on it, for the page's calls to the API. */
export function bootToken(now = Date.now()): string | undefined {
  const session = bootSession();
  const expires = session?.claims.exp;
  if (
    tokenReplaced ||
    !session ||
    typeof expires !== 'number' ||
    expires * 1000 - now < TOKEN_LEFT_MS
  )
    return undefined;
  return session.idToken;
}

const firstContent = new Set<Promise<unknown>>();

/** Counts `loading` (a first read, the content's code) as part of the page's first content. */
export function holdFirstContent(loading: Promise<unknown>): void {
  const held = loading.then(
    () => undefined,
    () => undefined,
  );
  firstContent.add(held);
  void held.then(() => firstContent.delete(held));
}

/** Settles once the first content held so far, and whatever that started, has arrived. */
export async function firstContentSettled(): Promise<void> {
  while (firstContent.size > 0) await Promise.all([...firstContent]);
}
