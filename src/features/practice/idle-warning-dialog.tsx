import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { IDLE_SENTENCES } from '../../../shared/idle-sign-out';

/** The idle sign-out's warning (idle-sign-out.tsx): "Stay signed in" or "Sign out now". */
export function IdleWarningDialog({
  show,
  onStay,
  onSignOut,
}: {
  show: boolean;
  onStay: () => void;
  onSignOut: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Modal
      show={show}
      onHide={onStay}
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
        <Button variant="outline-secondary" onClick={onSignOut}>
          Sign out now
        </Button>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's one expected answer */}
        <Button variant="primary" autoFocus onClick={onStay}>
          Stay signed in
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
