import { useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { IDLE_SENTENCES } from '../../../shared/idle-sign-out';
import { endBootSession } from '../../lib/boot-session';
import { loadFirebase } from '../../lib/load-firebase';
import { signOutOnPurpose } from '../../lib/sign-out';
import { showToast } from '../../lib/toast';
import { type IdleWatch, watchIdle } from './idle-watch';

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
  const titleId = useId();
  const textId = useId();

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

  return (
    <Modal
      show={warning}
      onHide={stay}
      animation={false}
      centered
      backdrop="static"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <Modal.Header>
        <Modal.Title id={titleId} as="h2" className="h5">
          Are you still there?
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id={textId} className="mb-0">
          {IDLE_SENTENCES.warning}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={() => void signOutIdle()}>
          Sign out now
        </Button>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's one expected answer */}
        <Button variant="primary" autoFocus onClick={stay}>
          Stay signed in
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
