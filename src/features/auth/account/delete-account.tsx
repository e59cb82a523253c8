import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { siteRoot } from '../../../config/routes';
import type { User } from '../../../lib/firebase';
import { loadFirebase } from '../../../lib/load-firebase';
import { formatDayWithYear } from '../../../lib/practice-time';
import { showToast } from '../../../lib/toast';
import { AuthErrorText } from '../auth-error-text';
import { signOutOnPurpose } from '../session';
import { deletionConfirmed, DELETE_CONFIRMATION } from './account-facts';
import { ConfirmIdentity } from './confirm-identity';
import { RETENTION_SENTENCE } from '../../../../shared/retention';
import { deleteMyAccount } from './delete-account-api';
import { useSensitiveAction } from './use-sensitive-action';

const ERROR_ID = 'delete-error';
const HINT_ID = 'delete-hint';

/**
 * Erasure, as one operation on the server (POST /api/account/deletion): the bookings (the practice
 * told of sessions ahead), the waiting list and the identity account go, and the clinical record
 * is kept or deleted by the retention rule. Then this browser signs out.
 */
export function DeleteAccount({
  user,
  onLeaving,
}: {
  user: User;
  onLeaving: (leaving: boolean) => void;
}) {
  const navigate = useNavigate();
  const { pending, error, confirming, run, confirmed, cancel } = useSensitiveAction();
  const [typed, setTyped] = useState('');
  const ready = deletionConfirmed(typed);

  const remove = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready) return;
    await run(async () => {
      onLeaving(true);
      let keptUntil: string | null;
      try {
        ({ keptUntil } = await deleteMyAccount());
        const { signOut, firebaseAuth } = await loadFirebase();
        await signOutOnPurpose(() => signOut(firebaseAuth()));
      } catch (caught) {
        onLeaving(false);
        throw caught;
      }
      // The server's answer, as it decided from the record: kept (until when) or deleted now.
      void showToast(
        keptUntil
          ? `Your account and your bookings have been deleted. Your clinical record is kept, read-only, until ${formatDayWithYear(keptUntil)}, then deleted.`
          : 'Your account and your bookings have been deleted.',
      );
      await navigate(siteRoot, { replace: true });
    });
  };

  const describedBy = [HINT_ID, error ? ERROR_ID : ''].join(' ').trim();

  return (
    <section className="account-section danger-zone" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete your account</h2>
      <p id={HINT_ID}>
        This deletes your account and all your bookings; any future sessions are cancelled and the
        practice is told. It cannot be undone. To confirm, type {DELETE_CONFIRMATION} below.
      </p>
      <p>{RETENTION_SENTENCE}</p>
      <Form onSubmit={(event) => void remove(event)} aria-label="Delete your account">
        <Form.Group className="mb-3" controlId="delete-confirmation">
          <Form.Label>Type {DELETE_CONFIRMATION} to confirm</Form.Label>
          <Form.Control
            name="confirmation"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-describedby={describedBy}
          />
        </Form.Group>
        <AuthErrorText id={ERROR_ID} message={error} />
        <Button type="submit" variant="danger" disabled={!ready || pending || confirming}>
          Delete my account
        </Button>
      </Form>
      {confirming && (
        <ConfirmIdentity user={user} onConfirmed={() => void confirmed()} onCancel={cancel} />
      )}
    </section>
  );
}
