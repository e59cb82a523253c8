import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { NOTE_MAX_LENGTH, REASON_MAX_LENGTH, type PracticeBooking } from '../../../shared/booking';
import { StatusBadge } from '../../components/bookings/status-badge';
import { errorSentence } from '../../lib/api';
import {
  addDays,
  dateIn,
  formatDayWithYear,
  formatTime,
  zonedTimeToInstant,
} from '../../lib/practice-time';
import { showToast } from '../../lib/toast';
import { bookingsWithin, serviceOf, whenText } from './diary-layout';
import { blockTime, fetchDiary } from './practice-api';
import { UNDO_MS, useDeferredAnswer } from './use-deferred-answer';

const EMPTY = { startDate: '', startTime: '', endDate: '', endTime: '', reason: '' };

/** The block being asked about: its instants and the requests and sessions inside it. */
interface Review {
  start: Date;
  end: Date;
  reason: string;
  covered: PracticeBooking[];
}

/** A block that cancels what it covers, held for Undo before it is sent. */
interface HeldBlock {
  review: Review;
  /** The practitioner's words for the clients' emails. */
  message: string;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A request (declined with the block, or still open), or a session (cancelled, or confirmed). */
const isRequest = (booking: PracticeBooking) =>
  booking.status === 'requested' || booking.status === 'declined';

/** "2 requests and 1 session" */
function coveredText(covered: readonly PracticeBooking[]) {
  const requests = covered.filter(isRequest).length;
  const sessions = covered.length - requests;
  return [
    requests > 0 ? plural(requests, 'request', 'requests') : '',
    sessions > 0 ? plural(sessions, 'session', 'sessions') : '',
  ]
    .filter(Boolean)
    .join(' and ');
}

/** What happened, for the toast: the block, and what became of what it covers. */
function blockedSentence(start: Date, end: Date, covered: PracticeBooking[], cancelled: boolean) {
  const blocked = `Blocked ${formatDayWithYear(start)} ${formatTime(start)} to ${formatDayWithYear(end)} ${formatTime(end)}.`;
  if (covered.length === 0) return blocked;
  if (!cancelled) return blocked;
  const requests = covered.filter(isRequest).length;
  const sessions = covered.length - requests;
  const done = [
    requests > 0 ? `declined ${plural(requests, 'request', 'requests')}` : '',
    sessions > 0 ? `cancelled ${plural(sessions, 'session', 'sessions')}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return `${blocked} It ${done}; each client gets an email.`;
}

/**
 * Block time (a day off, a holiday): London dates and times in, UTC instants to the server.
 * When the time holds requests or sessions, it lists them first: blocking it declines and cancels
 * them (blocked time never holds a live session: the server refuses it otherwise).
 */
export function BlockTimeForm({ onBlocked }: { onBlocked: () => void }) {
  const [fields, setFields] = useState(EMPTY);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [review, setReview] = useState<Review | null>(null);
  const [message, setMessage] = useState('');
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (review) reviewHeading.current?.focus();
  }, [review]);

  const set = (name: keyof typeof EMPTY) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setReview(null); // a different time: what it covers is asked again
  };

  const create = async (
    { start, end, reason }: Omit<Review, 'covered'>,
    cancel: boolean,
    words = '',
    leaving = false,
  ) => {
    const request = {
      start: start.toISOString(),
      end: end.toISOString(),
      reason,
      cancelCovered: cancel,
      ...(cancel && words.trim() && { message: words }),
    };
    const { covered } = await (leaving ? blockTime(request, true) : blockTime(request));
    void showToast(blockedSentence(start, end, covered, cancel));
    setFields(EMPTY);
    setReview(null);
    setMessage('');
    onBlocked();
  };

  const run = async (work: () => Promise<void>) => {
    setPending(true);
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setPending(false);
    }
  };

  // Declining and cancelling is held for Undo, as the diary's own declines are: nothing reaches
  // the server (no email, no refund) until the window has passed.
  const held = useDeferredAnswer<HeldBlock>(
    {
      send: (item) => {
        const focusWasOnUndo = document.activeElement === undoButton.current;
        void run(() => create(item.review, true, item.message));
        if (focusWasOnUndo) submitButton.current?.focus();
      },
      sendOnLeave: (item) => void create(item.review, true, item.message, true).catch(() => {}),
    },
    UNDO_MS,
  );

  const undo = () => {
    held.undo();
    // Everything typed is still there: focus goes back to the button that held it.
    requestAnimationFrame(() => submitButton.current?.focus());
  };

  useEffect(() => {
    if (held.pending) undoButton.current?.focus();
  }, [held.pending]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (held.pending) return;
    if (review) {
      held.defer({ review, message });
      return;
    }
    const { startDate, startTime, endDate, endTime, reason } = fields;
    if (!startDate || !startTime || !endDate || !endTime) {
      setProblem('Fill in the start and end, each with a date and a time.');
      return;
    }
    const start = zonedTimeToInstant(startDate, startTime);
    const end = zonedTimeToInstant(endDate, endTime);
    if (end <= start) {
      setProblem('The end must be after the start.');
      return;
    }
    void run(async () => {
      // A session that began the evening before may still run into the block.
      const { bookings } = await fetchDiary({
        from: addDays(dateIn(start), -1),
        to: dateIn(end),
      });
      const covered = bookingsWithin(bookings, start, end);
      if (covered.length === 0) await create({ start, end, reason }, false);
      else setReview({ start, end, reason, covered });
    });
  };

  const field = (name: keyof typeof EMPTY, label: string, type: 'date' | 'time') => (
    <Form.Group controlId={`block-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        required
        value={fields[name]}
        onChange={(event) => set(name)(event.target.value)}
      />
    </Form.Group>
  );

  return (
    <Form onSubmit={submit} noValidate aria-labelledby="block-time-heading">
      <h3 id="block-time-heading" className="h5">
        Block time
      </h3>
      <p className="small">
        UK time (Europe/London). Blocked time is no longer offered to clients, and requests and
        sessions inside it are declined and cancelled with it.
      </p>
      <div className="block-fields mb-3">
        {field('startDate', 'Start date', 'date')}
        {field('startTime', 'Start time', 'time')}
        {field('endDate', 'End date', 'date')}
        {field('endTime', 'End time', 'time')}
      </div>
      <Form.Group controlId="block-reason" className="mb-3">
        <Form.Label>Reason (optional)</Form.Label>
        <Form.Control
          value={fields.reason}
          maxLength={REASON_MAX_LENGTH}
          onChange={(event) => set('reason')(event.target.value)}
        />
      </Form.Group>
      <div role="alert">{problem && <div className="alert alert-danger">{problem}</div>}</div>
      {review ? (
        <div className="block-review">
          <h4 className="h6" tabIndex={-1} ref={reviewHeading}>
            This time holds {coveredText(review.covered)}
          </h4>
          <ul className="block-covered">
            {review.covered.map((booking) => (
              <li key={booking.id}>
                {whenText(booking)}: {serviceOf(booking)} with {booking.clientName}{' '}
                <StatusBadge status={booking.status} />
              </li>
            ))}
          </ul>
          <p className="small" id="block-covered-help">
            Blocked time never holds a request or a session: blocking it declines these requests and
            cancels these sessions, and each client gets an email.
          </p>
          <Form.Group controlId="block-message" className="mb-3">
            <Form.Label>Message for the clients (optional)</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={message}
              maxLength={NOTE_MAX_LENGTH}
              aria-describedby="block-message-help"
              onChange={(event) => setMessage(event.target.value)}
            />
            <Form.Text id="block-message-help">
              Goes in each cancellation email, at most {NOTE_MAX_LENGTH} characters. The practice
              cancels, so each paid session is refunded to the client’s card.
            </Form.Text>
          </Form.Group>
          <div className="undo-status" role="status">
            {held.pending && (
              <div className="alert alert-warning d-flex flex-wrap gap-2 align-items-center">
                <span>
                  Blocking this time and cancelling {coveredText(held.pending.review.covered)}: the
                  emails go in a few seconds.
                </span>
                <Button ref={undoButton} variant="light" onClick={undo}>
                  Undo
                </Button>
              </div>
            )}
          </div>
          <div className="d-flex flex-wrap gap-2">
            <Button
              ref={submitButton}
              type="submit"
              variant="success"
              disabled={pending || held.pending !== null}
            >
              {pending || held.pending ? 'Blocking…' : 'Block this time'}
            </Button>
            <Button
              variant="outline-secondary"
              disabled={pending || held.pending !== null}
              onClick={() => setReview(null)}
            >
              Change the times
            </Button>
          </div>
        </div>
      ) : (
        <Button type="submit" variant="success" disabled={pending}>
          {pending ? 'Checking…' : 'Block this time'}
        </Button>
      )}
    </Form>
  );
}
