/**
 * The session this browser last signed out of on purpose: whose it was, and when that sign-in
 * happened (by the server's clock). Firebase shares the signed-in user between the tabs of a
 * browser through storage, last writer wins: a tab that renews its token just after another tab
 * signed out writes the session back, and every tab is signed in again (an idle sign-out undone).
 * A new sign-in has a new sign-in time, so only the ended session is refused. React-free: the
 * stored session is checked against it before a page opens on it (boot-session.ts).
 */
export interface SignedInSession {
  uid: string;
  /** The SDK's stored `lastLoginAt` (milliseconds), else the metadata's sign-in time. */
  signedInAt: string;
}

export const ENDED_SESSION_KEY = 'mindful-path:ended-session';

/** Remembers `session` as ended on purpose in this browser. */
export function rememberEnded(session: SignedInSession): void {
  try {
    window.localStorage.setItem(ENDED_SESSION_KEY, JSON.stringify(session));
  } catch {
    // Storage blocked: Firebase cannot share the session between tabs either.
  }
}

function readEnded(): Partial<SignedInSession> | undefined {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(ENDED_SESSION_KEY) ?? 'null');
    return typeof stored === 'object' && stored !== null ? stored : undefined;
  } catch {
    return undefined; // unreadable: nothing ended here that we can tell
  }
}

/** Whether `session` is the one this browser signed out of on purpose. */
export function isEnded(session: SignedInSession): boolean {
  const ended = readEnded();
  return ended?.uid === session.uid && ended.signedInAt === session.signedInAt;
}
