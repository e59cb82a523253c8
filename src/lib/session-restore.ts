import { readBootSession } from './boot-session';
import { loadFirebase } from './load-firebase';
import { readSessionHint } from './session-hint';

let restoring: Promise<unknown> | undefined;

/**
 * The identity SDK's restore of the last session (it reads the browser's stored session and checks
 * the account with Auth: a round trip), started now instead of in an effect after hydration. The
 * session provider later subscribes to the same instance. No React here: the boot script calls it
 * on a page of the app, so that the SDK runs as soon as it has downloaded, not after React.
 */
export function restoreSessionNow(): void {
  restoring ??= loadFirebase()
    .then(({ firebaseAuth }) => firebaseAuth())
    // A failed download shows where the session is read (the page's own loading and errors).
    .catch(() => undefined);
}

/**
 * Starts the restore where this browser was signed in last time; otherwise nothing to restore. A
 * page whose gate `opensOnStoredSession` opens on the session stored in this browser, where there
 * is one (boot-session.ts), and the session provider restores it once the page's content is shown.
 */
export function restoreSessionIfHinted(opensOnStoredSession = false): void {
  if (!readSessionHint()) return;
  if (!opensOnStoredSession) restoreSessionNow();
  else
    void readBootSession().then((stored) => {
      if (!stored) restoreSessionNow();
    });
}

/** Whether this page has started the restore already (a page of the app, signed in last time). */
export const restoreStarted = (): boolean => restoring !== undefined;
