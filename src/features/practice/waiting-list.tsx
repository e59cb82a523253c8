import Button from 'react-bootstrap/Button';
import type { BookingStatus, PracticeBooking } from '../../../shared/booking';
import { StatusBadge } from '../../components/bookings/status-badge';
import { LoadFailed } from '../../components/layout/load-failed';
import { formatDay, formatDayWithYear, formatTime } from '../../lib/practice-time';
import type { ResourceState } from '../../lib/use-resource';
import { serviceOf, timeSpan } from './diary-layout';

/** Where a request stands on this page: open, answer held for Undo, being sent, or answered. */
export type RowState =
  | { kind: 'open' }
  | { kind: 'held'; answer: 'decline' | 'cancel' }
  | { kind: 'sending'; answer: 'confirm' | 'decline' | 'cancel' }
  | { kind: 'answered'; status: BookingStatus };

const SENDING = { confirm: 'Confirming…', decline: 'Declining…', cancel: 'Cancelling…' };
// Short enough for one line on a phone: the row keeps its height, so nothing below it moves.
const ANSWERED: Partial<Record<BookingStatus, string>> = {
  confirmed: 'Confirmed; the client is told.',
  declined: 'Declined; the client is told.',
  cancelled: 'Cancelled; the client is told.',
};

const who = (booking: PracticeBooking) =>
  `${serviceOf(booking)} with ${booking.clientName}, ${formatDay(booking.start)} ${formatTime(booking.start)}`;

function WaitingItem({
  booking,
  row,
  problem,
  onConfirm,
  onDecline,
}: {
  booking: PracticeBooking;
  row: RowState;
  problem?: string;
  onConfirm: (booking: PracticeBooking) => void;
  onDecline: (booking: PracticeBooking) => void;
}) {
  const actions = booking.actions ?? [];
  const status = row.kind === 'answered' ? row.status : booking.status;
  return (
    <li className="card diary-booking waiting-item">
      <div className="card-body">
        <h3 className="h6 card-title">
          {serviceOf(booking)}: {formatDayWithYear(booking.start)}, {timeSpan(booking)}
        </h3>
        <p className="mb-1">
          {booking.clientName} ·{' '}
          <a href={`mailto:${booking.clientEmail}`} className="text-break">
            {booking.clientEmail}
          </a>
        </p>
        {booking.note && <p className="small mb-1 booking-note">Note: {booking.note}</p>}
        <p className="mb-2">
          <StatusBadge status={status} />
        </p>
        {problem && (
          <div role="alert" className="alert alert-danger py-2">
            {problem}
          </div>
        )}
        {/* One place, one height: the buttons give way to words, never to other buttons. */}
        <div className="waiting-actions">
          {row.kind === 'open' ? (
            <>
              {actions.includes('confirm') && (
                <Button
                  variant="success"
                  data-focus-key={`confirm-${booking.id}`}
                  aria-label={`Confirm ${who(booking)}`}
                  onClick={() => onConfirm(booking)}
                >
                  Confirm
                </Button>
              )}
              {actions.includes('decline') && (
                <Button
                  variant="outline-danger"
                  data-focus-key={`decline-${booking.id}`}
                  aria-label={`Decline ${who(booking)}`}
                  onClick={() => onDecline(booking)}
                >
                  Decline
                </Button>
              )}
            </>
          ) : (
            <p className="mb-0" tabIndex={-1} data-focus-key={`answered-${booking.id}`}>
              {row.kind === 'held' && SENDING[row.answer]}
              {row.kind === 'sending' && SENDING[row.answer]}
              {row.kind === 'answered' && (ANSWERED[row.status] ?? '')}
            </p>
          )}
        </div>
      </div>
    </li>
  );
}

/** The requests still waiting for an answer, earliest first, each with Confirm and Decline. */
export function WaitingList({
  state,
  requests,
  rowOf,
  problems,
  onConfirm,
  onDecline,
  onRetry,
}: {
  state: ResourceState<unknown>;
  requests: PracticeBooking[];
  rowOf: (booking: PracticeBooking) => RowState;
  problems: Record<string, string>;
  onConfirm: (booking: PracticeBooking) => void;
  onDecline: (booking: PracticeBooking) => void;
  onRetry: () => void;
}) {
  const open = requests.filter((booking) => rowOf(booking).kind === 'open').length;
  return (
    <section aria-labelledby="waiting-heading" className="mb-5">
      <h2 id="waiting-heading" className="h4">
        Waiting for you
        {/* The count is for the eye; a screen reader hears the list's length. */}
        {open > 0 && (
          <span className="badge count-badge" aria-hidden="true">
            {open}
          </span>
        )}
      </h2>
      {state.status === 'loading' && <p role="status">Loading the requests…</p>}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={onRetry} />}
      {state.status === 'ready' &&
        (requests.length === 0 ? (
          <p>No requests are waiting for an answer.</p>
        ) : (
          <ol className="list-unstyled waiting-list">
            {requests.map((booking) => (
              <WaitingItem
                key={booking.id}
                booking={booking}
                row={rowOf(booking)}
                problem={problems[booking.id]}
                onConfirm={onConfirm}
                onDecline={onDecline}
              />
            ))}
          </ol>
        ))}
    </section>
  );
}
