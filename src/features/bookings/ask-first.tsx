import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

/** A question asked before something that cannot be undone here (skip a week, end a series). */
export function AskFirst({
  show,
  title,
  children,
  yes,
  no,
  pending,
  problem,
  restoreFocus,
  onYes,
  onClose,
  onExited,
}: {
  show: boolean;
  title: string;
  children: ReactNode;
  yes: string;
  no: string;
  pending: boolean;
  problem?: string;
  restoreFocus: boolean;
  onYes: () => void;
  onClose: () => void;
  onExited: () => void;
}) {
  const titleId = useId();
  return (
    <Modal
      show={show}
      onHide={onClose}
      onExited={onExited}
      restoreFocus={restoreFocus}
      animation={false}
      centered
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        <div role="alert">
          {problem && <div className="alert alert-danger mb-0">{problem}</div>}
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" disabled={pending} onClick={onClose}>
          {no}
        </Button>
        <Button variant="danger" disabled={pending} onClick={onYes}>
          {yes}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
