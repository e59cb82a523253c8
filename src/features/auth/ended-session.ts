import type { User } from '../../lib/firebase';
import { isEnded, rememberEnded, type SignedInSession } from '../../lib/ended-session';

/**
 * When the user signed in: the SDK's stored `lastLoginAt` (milliseconds, so a log-out and a new
 * sign-in within one second still differ), else the metadata's time (to the second).
 */
function signedInAtOf(user: User): string | undefined {
  const stored = user.toJSON() as { lastLoginAt?: unknown };
  return typeof stored.lastLoginAt === 'string' ? stored.lastLoginAt : user.metadata.lastSignInTime;
}

function sessionOf(user: User): SignedInSession | undefined {
  try {
    const signedInAt = signedInAtOf(user);
    return signedInAt ? { uid: user.uid, signedInAt } : undefined;
  } catch {
    return undefined; // a user without its stored form is never taken for an ended session
  }
}

/** Remembers `user`'s session as ended on purpose in this browser (src/lib/ended-session.ts). */
export function rememberEndedSession(user: User): void {
  const session = sessionOf(user);
  if (session) rememberEnded(session);
}

/** Whether `user` is the session this browser signed out of on purpose, come back from storage. */
export function isEndedSession(user: User): boolean {
  const session = sessionOf(user);
  return session !== undefined && isEnded(session);
}
