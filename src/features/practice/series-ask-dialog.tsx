import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { Series } from '../../../shared/booking';
import { seriesLine } from './waiting-list';

/** What is asked before a whole series is declined (a request) or ended (every session ahead). */
export interface SeriesQuestion {
  answer: 'decline' | 'end';
  series: Pick<Series, 'id'> & Partial<Series>;
  clientName: string;
  serviceName: string;
  /** Where focus goes when the question is put away unanswered (else where it was before). */
  returnFocus?: string[];
}

const ASK = {
  decline: {
    title: 'Decline this series?',
    button: 'Decline series',
    told: 'They will get an email saying the series is declined; no session of it is kept.',
  },
  end: {
    title: 'End this series?',
    button: 'End series',
    told: 'Every session of it still ahead is cancelled, and they get an email saying so. Past sessions stay.',
  },
} as const;

/**
 * Declining or ending a series asks first and is sent at once when answered: a whole series is
 * too much to hold back for Undo (its sessions' times would stay taken meanwhile).
 */
export function SeriesAskDialog({
  question,
  sending,
  problem,
  restoreFocus,
  onAnswer,
  onClose,
}: {
  question: SeriesQuestion | null;
  sending: boolean;
  problem?: string;
  /** Back to what had focus before it opened, when closed (else the diary places focus). */
  restoreFocus: boolean;
  onAnswer: (question: SeriesQuestion) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const ask = question && ASK[question.answer];
  const full = question?.series.sessions ? seriesLine(question.series as Series) : undefined;
  return (
    <Modal
      show={question !== null}
      onHide={onClose}
      restoreFocus={restoreFocus}
      animation={false}
      centered
      aria-labelledby={titleId}
      className="booking-dialog"
    >
      {question && ask && (
        <>
          <Modal.Header closeButton closeLabel="Close">
            <Modal.Title id={titleId} as="h2" className="h5">
              {ask.title}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>
              <strong>{question.clientName}</strong>’s series of{' '}
              <strong>{question.serviceName}</strong>
              {full && (
                <>
                  : <strong>{full}</strong>
                </>
              )}
              . {ask.told}
            </p>
            <p className="small mb-0">This cannot be undone.</p>
            <div role="alert">
              {problem && <div className="alert alert-danger mt-3 mb-0">{problem}</div>}
            </div>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={onClose}>
              Keep it
            </Button>
            <Button variant="danger" disabled={sending} onClick={() => onAnswer(question)}>
              {sending ? `${ask.button}…` : ask.button}
            </Button>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}
