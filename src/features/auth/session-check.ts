import type { onIdTokenChanged, User } from '../../lib/firebase';

// Types only: the session provider hands over the SDK once it has loaded it, off the critical path.
type Auth = Parameters<typeof onIdTokenChanged>[0];

/**
 * How long before the ID token expires the session is checked and the token renewed: ahead of the
 * SDK's own renewal five minutes before expiry, whose token change would otherwise put this check
 * off by another hour wherever a renewal is not refused (the Auth emulator never refuses one).
 */
export const CHECK_BEFORE_EXPIRY_MS = 6 * 60_000;
/** How soon to try again when a check could not reach the server. */
export const RETRY_AFTER_MS = 60_000;

/**
 * When the next check is due: a little before the token expires, and never in the past. A token
 * issued while the page runs is timed by its own lifetime (the SDK's renewal does the same), so a
 * device clock an hour off cannot make every new token look stale and renew it again at once.
 */
export function nextCheckDelay(
  token: { expirationTime: string; issuedAtTime: string },
  now: number,
  { justIssued = false } = {},
): number {
  const expires = Date.parse(token.expirationTime);
  const issued = Date.parse(token.issuedAtTime);
  if (Number.isNaN(expires)) return RETRY_AFTER_MS;
  const from = justIssued && !Number.isNaN(issued) ? issued : now;
  return Math.max(expires - CHECK_BEFORE_EXPIRY_MS - from, justIssued ? RETRY_AFTER_MS : 0);
}

/**
 * Asks the server about the session: first with the current token, which the server refuses if
 * the account was disabled, deleted or its sessions revoked, then for a new token. The SDK signs
 * out on `user-disabled` and `user-token-expired`; the session provider reports that.
 */
async function checkSession(user: User): Promise<void> {
  await user.reload();
  await user.getIdToken(true);
}

/**
 * Keeps the signed-in session fresh (spec section 4: tokens are refreshed before expiry), so a
 * session ended on the server ends in this page at its next refresh, not at the next action.
 */
export function keepSessionChecked(
  auth: Auth,
  onTokenChanged: typeof onIdTokenChanged,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const schedule = (delay: number, user: User) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      checkSession(user).catch(() => {
        // Signed out already if the server refused the account; otherwise try again later.
        if (!stopped && auth.currentUser === user) schedule(RETRY_AFTER_MS, user);
      });
    }, delay);
  };

  let tokensSeen = 0;
  const unsubscribe = onTokenChanged(auth, (user) => {
    clearTimeout(timer);
    if (!user) return;
    // The first token may come from storage, hours old; every later one was issued just now.
    const justIssued = tokensSeen > 0;
    tokensSeen += 1;
    user.getIdTokenResult().then(
      (token) => {
        if (!stopped && auth.currentUser === user) {
          schedule(nextCheckDelay(token, Date.now(), { justIssued }), user);
        }
      },
      () => undefined, // the SDK has signed out, or the next token change reschedules
    );
  });

  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}
