import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { Booking } from '../../../shared/booking';
import type { LocalDate } from '../../../shared/time';
import { ApiError, errorSentence } from '../../lib/api';
import { dateIn, formatDayWithYear, formatTime } from '../../lib/practice-time';
import { moveBooking } from './series-api';
import { shownDay, TimePicker } from './time-picker';
import { useHorizonTimes } from './use-horizon-times';
import { startText, type MovableSession } from './session-start';

function MoveForm({
  session,
  serviceId,
  onClose,
  onMoved,
  forPractitioner = false,
}: {
  session: MovableSession;
  serviceId: number;
  onClose: () => void;
  onMoved: (moved: Booking) => void;
  /** The diary's Move: she keeps no notice period, so the picker offers the next hours too. */
  forPractitioner?: boolean;
}) {
  const times = useHorizonTimes(serviceId, forPractitioner);
  const [asked, setAsked] = useState<LocalDate | undefined>(undefined);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const day = shownDay(times.days, asked);
  const free = day?.slots.some((slot) => slot.start === chosen) ? chosen : undefined;

  const move = async () => {
    if (!free) return;
    setPending(true);
    setProblem(undefined);
    try {
      onMoved(await moveBooking(session.id, free, forPractitioner));
    } catch (error) {
      setProblem(errorSentence(error));
      if (error instanceof ApiError && error.status === 409) {
        // Taken a moment ago: show the times as they are now, and let the client choose again.
        setChosen(undefined);
        times.reload();
      }
      setPending(false);
    }
  };

  return (
    <>
      <Modal.Body>
        <p>
          Now: {formatDayWithYear(session.start)}, {formatTime(session.start)} to{' '}
          {formatTime(session.end)} (UK time)
        </p>
        <TimePicker
          times={times}
          day={day}
          chosen={free}
          onDay={(date) => {
            setProblem(undefined);
            setAsked(date);
          }}
          onTime={(start) => {
            setProblem(undefined);
            setAsked(dateIn(start));
            setChosen(start);
          }}
        />
        <div role="alert">
          {problem && <div className="alert alert-danger mb-0">{problem}</div>}
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" disabled={pending} onClick={onClose}>
          Keep this time
        </Button>
        <Button variant="success" disabled={!free || pending} onClick={() => void move()}>
          {pending ? 'Moving…' : free ? `Move to ${startText(free)}` : 'Choose a new time'}
        </Button>
      </Modal.Footer>
    </>
  );
}

/** Move one session to another free time of its service, from the horizon's free times. */
export function MoveDialog({
  session,
  serviceId,
  serviceName,
  onClose,
  onMoved,
  forPractitioner = false,
}: {
  /** The session being moved; null keeps the dialog closed. */
  session: MovableSession | null;
  serviceId: number;
  serviceName: string;
  onClose: () => void;
  onMoved: (moved: Booking) => void;
  forPractitioner?: boolean;
}) {
  const titleId = useId();
  return (
    <Modal
      show={session !== null}
      onHide={onClose}
      animation={false}
      size="lg"
      aria-labelledby={titleId}
      className="move-dialog"
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={titleId} as="h2" className="h5">
          Move {serviceName}
          {session ? ` on ${startText(session.start)}` : ''}
        </Modal.Title>
      </Modal.Header>
      {session && (
        <MoveForm
          key={session.id}
          session={session}
          serviceId={serviceId}
          onClose={onClose}
          onMoved={onMoved}
          forPractitioner={forPractitioner}
        />
      )}
    </Modal>
  );
}
