import type { User } from '../../lib/firebase';

/**
 * The session this browser last signed out of on purpose: whose it was, and when that sign-in
 * happened (by the server's clock). Firebase shares the signed-in user between the tabs of a
 * browser through storage, last writer wins: a tab that renews its token just after another tab
 * signed out writes the session back, and every tab is signed in again (an idle sign-out undone).
 * A new sign-in has a new sign-in time, so only the ended session is refused.
 */
interface EndedSession {
  uid: string;
  signedInAt: string;
}

const ENDED_SESSION_KEY = 'mindful-path:ended-session';

/**
 * When the user signed in: the SDK's stored `lastLoginAt` (milliseconds, so a log-out and a new
 * sign-in within one second still differ), else the metadata's time (to the second).
 */
function signedInAtOf(user: User): string | undefined {
  const stored = user.toJSON() as { lastLoginAt?: unknown };
  return typeof stored.lastLoginAt === 'string' ? stored.lastLoginAt : user.metadata.lastSignInTime;
}

function sessionOf(user: User): EndedSession | undefined {
  try {
    const signedInAt = signedInAtOf(user);
    return signedInAt ? { uid: user.uid, signedInAt } : undefined;
  } catch {
    return undefined; // a user without its stored form is never taken for an ended session
  }
}

/** Remembers `user`'s session as ended on purpose in this browser. */
export function rememberEndedSession(user: User): void {
  const session = sessionOf(user);
  if (!session) return;
  try {
    window.localStorage.setItem(ENDED_SESSION_KEY, JSON.stringify(session));
  } catch {
    // Storage blocked: Firebase cannot share the session between tabs either.
  }
}

function readEndedSession(): Partial<EndedSession> | undefined {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(ENDED_SESSION_KEY) ?? 'null');
    return typeof stored === 'object' && stored !== null ? stored : undefined;
  } catch {
    return undefined; // unreadable: nothing ended here that we can tell
  }
}

/** Whether `user` is the session this browser signed out of on purpose, come back from storage. */
export function isEndedSession(user: User): boolean {
  const ended = readEndedSession();
  if (ended?.uid !== user.uid) return false;
  const session = sessionOf(user);
  return (
    session !== undefined && ended?.uid === session.uid && ended.signedInAt === session.signedInAt
  );
}
