import { useEffect, useRef, useState } from 'react';
import { IDLE_SENTENCES } from '../../../shared/idle-sign-out';
import { endBootSession } from '../../lib/boot-session';
import { lazyPrefetched, usePrefetchAfterFirstContent } from '../../lib/lazy-prefetched';
import { loadFirebase } from '../../lib/load-firebase';
import { signOutOnPurpose } from '../../lib/sign-out';
import { showToast } from '../../lib/toast';
import { type IdleWatch, watchIdle } from './idle-watch';
import { WhenAsked } from '../../lib/when-asked';

// The warning's code (a dialog: react-bootstrap's Modal) downloads once the page's content is on
// screen, not with it: it is shown only after minutes without input.
const IdleWarningDialog = lazyPrefetched(() =>
  import('./idle-warning-dialog').then((module) => ({ default: module.IdleWarningDialog })),
);

async function signOutIdle(): Promise<void> {
  // Without the SDK (it could not load), the page open on the stored session closes all the same.
  const { firebaseAuth, signOut } = await loadFirebase().catch((error: unknown) => {
    endBootSession();
    throw error;
  });
  // Not "your session ended" (the server's words): she is told why, and the notes' drafts go.
  await signOutOnPurpose(() => signOut(firebaseAuth()));
  await showToast(IDLE_SENTENCES.signedOut, 'info');
}

/**
 * The practice pages' idle sign-out (shared/idle-sign-out.ts): a warning dialog with "Stay
 * signed in" before the limit, then signing out, in every open practice tab at once.
 */
export function IdleSignOut() {
  const [warning, setWarning] = useState(false);
  const watch = useRef<IdleWatch | null>(null);

  useEffect(() => {
    const current = watchIdle({
      onWarn: () => setWarning(true),
      onActive: () => setWarning(false),
      onSignOut: () => {
        setWarning(false);
        void signOutIdle();
      },
    });
    watch.current = current;
    return () => current.stop();
  }, []);

  const stay = () => watch.current?.stay();
  usePrefetchAfterFirstContent(IdleWarningDialog.prefetch);

  const signOutNow = () => void signOutIdle();
  return (
    <WhenAsked
      asking={warning}
      failed={
        // The dialog's code could not be downloaded: the same warning, plainly; the limit holds.
        warning && (
          <div role="alert" className="alert alert-warning mt-3">
            <p>{IDLE_SENTENCES.warning}</p>
            <div className="d-flex flex-wrap gap-2">
              <button type="button" className="btn btn-primary" onClick={stay}>
                Stay signed in
              </button>
              <button type="button" className="btn btn-outline-secondary" onClick={signOutNow}>
                Sign out now
              </button>
            </div>
          </div>
        )
      }
    >
      <IdleWarningDialog show={warning} onStay={stay} onSignOut={signOutNow} />
    </WhenAsked>
  );
}
