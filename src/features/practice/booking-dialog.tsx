import { useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { NOTE_MAX_LENGTH, type PracticeBooking } from '../../../shared/booking';
import {
  CALENDAR_CLASH_CONFIRMED_SENTENCE,
  CALENDAR_CLASH_SENTENCE,
} from '../../../shared/busy-calendar';
import { StatusBadge } from '../../components/bookings/status-badge';
import { modeText } from '../../components/bookings/video-join';
import { PaymentBadge } from '../../components/payments/payment-badge';
import { formatDayWithYear } from '../../lib/practice-time';
import { reminderText, serviceOf, timeSpan } from './diary-layout';
import { SessionTools } from './session-tools';
import { participantState } from '../../components/bookings/party-line';
import { RemoveParticipant } from '../../components/participants/remove-participant';
import { UNDO_MS } from './use-deferred-answer';
import { ClientName } from './waiting-list';

export type DialogStep = 'details' | 'decline' | 'cancel';

export interface DialogState {
  booking: PracticeBooking;
  step: DialogStep;
}

const ASK = {
  decline: { title: 'Decline this request?', button: 'Decline request', verb: 'asked for' },
  cancel: { title: 'Cancel this session?', button: 'Cancel session', verb: 'is booked for' },
} as const;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab go round the open dialog: react-bootstrap's Modal only pulls focus back once
 * it has left, and from the last control focus leaves the page itself.
 */
function useTabCycle(open: boolean) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const dialog = document.querySelector<HTMLElement>('.booking-dialog');
      const controls = dialog ? [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)] : [];
      const first = controls[0];
      const last = controls.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
}

const whenLong = (booking: PracticeBooking) =>
  `${formatDayWithYear(booking.start)}, ${timeSpan(booking)}`;

/**
 * One dialog for a booking: its details and the actions the server allows, and the question
 * Decline and Cancel ask first (with an optional message for the client's email). Confirm is
 * answered here and closes the dialog, so Cancel never takes its place under the pointer.
 */
export function BookingDialog({
  state,
  held,
  confirming,
  problem,
  restoreFocus,
  onStep,
  onConfirm,
  onAnswer,
  seriesTag,
  onEndSeries,
  onMove,
  onMarked,
  onClose,
  onExited,
}: {
  state: DialogState | null;
  /** This booking's answer is held for Undo: nothing more may be done with it now. */
  held: boolean;
  confirming: boolean;
  problem?: string;
  restoreFocus: boolean;
  onStep: (step: DialogStep) => void;
  onConfirm: (booking: PracticeBooking) => void;
  onAnswer: (booking: PracticeBooking, answer: 'decline' | 'cancel', message: string) => void;
  /** "Weekly", "Fortnightly": the series the booking belongs to, if any. */
  seriesTag?: string;
  onEndSeries: (booking: PracticeBooking) => void;
  /** Opens the move dialog for it; without it (no picker composed in) there is no Move. */
  onMove?: (booking: PracticeBooking) => void;
  /** Attendance was marked: the diary reads it again. */
  onMarked?: () => void;
  onClose: () => void;
  onExited: () => void;
}) {
  const titleId = useId();
  const step = state?.step;
  useTabCycle(state !== null);
  const booking = state?.booking;
  const client = booking?.clientName;
  const actions = booking?.actions ?? [];

  return (
    <Modal
      show={state !== null}
      onHide={onClose}
      onExited={onExited}
      restoreFocus={restoreFocus}
      animation={false}
      centered
      aria-labelledby={titleId}
      className="booking-dialog"
    >
      {!booking ? null : step === 'details' || step === undefined ? (
        <>
          <Modal.Header closeButton closeLabel="Close">
            <Modal.Title id={titleId} as="h2" className="h5">
              {serviceOf(booking)} with {client}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {booking.calendarClash && (
              <p className="alert alert-warning">
                {booking.status === 'requested'
                  ? CALENDAR_CLASH_SENTENCE
                  : CALENDAR_CLASH_CONFIRMED_SENTENCE}
              </p>
            )}
            <dl className="booking-facts mb-0">
              <dt>When</dt>
              <dd>{whenLong(booking)} (UK time)</dd>
              <dt>Status</dt>
              <dd>
                <StatusBadge status={booking.status} />
              </dd>
              {modeText(booking) && (
                <>
                  <dt>Where</dt>
                  <dd>{modeText(booking)}</dd>
                </>
              )}
              {booking.payment && booking.payment.status !== 'free' && (
                <>
                  <dt>Payment</dt>
                  <dd>
                    <PaymentBadge payment={booking.payment} compact />
                  </dd>
                </>
              )}
              <dt>Client</dt>
              <dd>
                <ClientName name={booking.clientName} uid={booking.clientUid} /> ·{' '}
                <a href={`mailto:${booking.clientEmail}`} className="text-break">
                  {booking.clientEmail}
                </a>
              </dd>
              {(booking.participants ?? []).length + (booking.children ?? []).length > 0 && (
                <>
                  <dt>With</dt>
                  <dd>
                    <ul className="list-unstyled mb-0">
                      {(booking.participants ?? []).map((each) => (
                        <li key={`${each.name}-${each.email ?? ''}`}>
                          {each.name} ({participantState(each)}) ·{' '}
                          <a href={`mailto:${each.email ?? ''}`} className="text-break">
                            {each.email}
                          </a>{' '}
                          <RemoveParticipant participant={each} onRemoved={() => onMarked?.()} />
                        </li>
                      ))}
                      {(booking.children ?? []).length > 0 && (
                        <li>Children: {(booking.children ?? []).join(', ')}</li>
                      )}
                    </ul>
                  </dd>
                </>
              )}
              {booking.seriesId && (
                <>
                  <dt>Series</dt>
                  <dd>
                    {seriesTag === undefined || seriesTag === 'Series'
                      ? 'Part of a series'
                      : `${seriesTag} series`}
                  </dd>
                </>
              )}
              {booking.phone && (
                <>
                  <dt>Number to call</dt>
                  <dd>
                    <a href={`tel:${booking.phone.replace(/\s+/g, '')}`}>{booking.phone}</a>
                  </dd>
                </>
              )}
              {booking.note && (
                <>
                  <dt>Note</dt>
                  <dd className="booking-note">{booking.note}</dd>
                </>
              )}
              {booking.reminder && (
                <>
                  <dt>Reminder</dt>
                  <dd>{reminderText(booking.reminder)}</dd>
                </>
              )}
            </dl>
            <SessionTools key={booking.id} session={booking} onMarked={onMarked} />
            {held && (
              <p className="mt-3 mb-0">
                Being answered now: Undo is at the bottom of the screen for a few seconds.
              </p>
            )}
            <div role="alert">
              {problem && <div className="alert alert-danger mt-3 mb-0">{problem}</div>}
            </div>
          </Modal.Body>
          <Modal.Footer className="justify-content-between">
            <div className="d-flex flex-wrap gap-2">
              {!held && onMove && actions.includes('move') && (
                <Button variant="outline-primary" onClick={() => onMove(booking)}>
                  Move
                </Button>
              )}
              {!held && actions.includes('decline') && (
                <Button variant="outline-danger" onClick={() => onStep('decline')}>
                  Decline
                </Button>
              )}
              {!held && actions.includes('cancel') && booking.status === 'confirmed' && (
                <Button variant="outline-danger" onClick={() => onStep('cancel')}>
                  Cancel session
                </Button>
              )}
              {!held && booking.seriesId && booking.status === 'confirmed' && (
                <Button variant="outline-danger" onClick={() => onEndSeries(booking)}>
                  End this series
                </Button>
              )}
            </div>
            <div className="d-flex flex-wrap gap-2">
              <Button variant="outline-secondary" onClick={onClose}>
                Close
              </Button>
              {!held && actions.includes('confirm') && (
                <Button variant="success" disabled={confirming} onClick={() => onConfirm(booking)}>
                  {confirming ? 'Confirming…' : 'Confirm'}
                </Button>
              )}
            </div>
          </Modal.Footer>
        </>
      ) : (
        <AskStep
          key={`${booking.id}-${step}`}
          booking={booking}
          step={step}
          titleId={titleId}
          onAnswer={onAnswer}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

/** Decline or Cancel, asked first: who, what and when, and an optional word for the email. */
function AskStep({
  booking,
  step,
  titleId,
  onAnswer,
  onClose,
}: {
  booking: PracticeBooking;
  step: 'decline' | 'cancel';
  titleId: string;
  onAnswer: (booking: PracticeBooking, answer: 'decline' | 'cancel', message: string) => void;
  onClose: () => void;
}) {
  const messageId = useId();
  const [message, setMessage] = useState('');
  const messageField = useRef<HTMLTextAreaElement>(null);
  const client = booking.clientName;

  useEffect(() => {
    // The question is the dialog's point: start in its one field.
    messageField.current?.focus();
  }, []);

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        onAnswer(booking, step, message);
      }}
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={titleId} as="h2" className="h5">
          {ASK[step].title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          <strong>{client}</strong> {ASK[step].verb} <strong>{serviceOf(booking)}</strong> on{' '}
          <strong>{whenLong(booking)}</strong>. They will get an email saying it is{' '}
          {step === 'decline' ? 'declined' : 'cancelled'}.
        </p>
        <Form.Group controlId={messageId}>
          <Form.Label>Message to {client} (optional)</Form.Label>
          <Form.Control
            as="textarea"
            ref={messageField}
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            value={message}
            aria-describedby={`${messageId}-help`}
            onChange={(event) => setMessage(event.target.value)}
          />
          <p id={`${messageId}-help`} className="small text-body-secondary mt-1 mb-0">
            Goes into the email. {message.length} of {NOTE_MAX_LENGTH} characters.
          </p>
        </Form.Group>
        <p className="small mt-3 mb-0">
          You can undo this for {UNDO_MS / 1000} seconds; nothing is sent before then.
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          Keep it
        </Button>
        <Button type="submit" variant="danger">
          {ASK[step].button}
        </Button>
      </Modal.Footer>
    </Form>
  );
}
