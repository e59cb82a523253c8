import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import type { BookingStatus, PracticeBooking, Series } from '../../../shared/booking';
import { cadenceText, seriesSummary } from '../../../shared/series-text';
import { PartyLine } from '../../components/bookings/party-line';
import { StatusBadge } from '../../components/bookings/status-badge';
import { LoadFailed } from '../../components/layout/load-failed';
import { clientRecordPath } from '../../config/routes';
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

/** The client's name, a link to their record when the diary knows who they are. */
export function ClientName({ name, uid }: { name: string; uid?: string | null }) {
  if (!uid) return <>{name}</>;
  return (
    // Named in full ("Jo Client’s record"): a hidden suffix would be heard with a stray space.
    <Link to={clientRecordPath(uid)} aria-label={`${name}’s record`}>
      {name}
    </Link>
  );
}

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
          <ClientName name={booking.clientName} uid={booking.clientUid} /> ·{' '}
          <a href={`mailto:${booking.clientEmail}`} className="text-break">
            {booking.clientEmail}
          </a>
        </p>
        <PartyLine booking={booking} />
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

/** A series request on this page: open, its answer being sent, or answered (confirmed / declined). */
export type SeriesRowState =
  | { kind: 'open' }
  | { kind: 'sending'; answer: 'confirm' | 'decline' }
  | { kind: 'answered'; status: 'confirmed' | 'declined' };

/** A series waiting for an answer, with who asked (their uid, from its sessions, for the link). */
export interface WaitingSeries {
  series: Series;
  clientUid?: string;
  row: SeriesRowState;
  problem?: string;
}

export const seriesLine = (series: Series) =>
  seriesSummary({ ...series, sessions: series.sessions.length });

const seriesWho = (series: Series) =>
  `the ${cadenceText(series.everyWeeks).toLowerCase()} series of ${series.serviceName ?? 'sessions'} with ${series.clientName ?? 'the client'}`;

function SeriesItem({
  item,
  onConfirm,
  onDecline,
}: {
  item: WaitingSeries;
  onConfirm: (series: Series) => void;
  onDecline: (series: Series) => void;
}) {
  const { series, row, problem } = item;
  const status = row.kind === 'answered' ? row.status : 'requested';
  return (
    <li className="card diary-booking waiting-item waiting-series">
      <div className="card-body">
        <h3 className="h6 card-title">
          {series.serviceName ?? 'Sessions'}: {seriesLine(series)}
        </h3>
        <p className="mb-1">
          <ClientName name={series.clientName ?? 'A client'} uid={item.clientUid} />
          {series.clientEmail && (
            <>
              {' '}
              ·{' '}
              <a href={`mailto:${series.clientEmail}`} className="text-break">
                {series.clientEmail}
              </a>
            </>
          )}
        </p>
        <PartyLine booking={series} />
        {series.note && <p className="small mb-1 booking-note">Note: {series.note}</p>}
        <p className="mb-2">
          <StatusBadge status={status} />
        </p>
        {problem && (
          <div role="alert" className="alert alert-danger py-2">
            {problem}
          </div>
        )}
        <div className="waiting-actions">
          {row.kind === 'open' ? (
            <>
              <Button
                variant="success"
                data-focus-key={`confirm-series-${series.id}`}
                aria-label={`Confirm ${seriesWho(series)}`}
                onClick={() => onConfirm(series)}
              >
                Confirm series
              </Button>
              <Button
                variant="outline-danger"
                data-focus-key={`decline-series-${series.id}`}
                aria-label={`Decline ${seriesWho(series)}`}
                onClick={() => onDecline(series)}
              >
                Decline series
              </Button>
            </>
          ) : (
            <p className="mb-0" tabIndex={-1} data-focus-key={`answered-series-${series.id}`}>
              {row.kind === 'sending' && SENDING[row.answer]}
              {row.kind === 'answered' && ANSWERED[row.status]}
            </p>
          )}
        </div>
      </div>
    </li>
  );
}

/**
 * The requests still waiting for an answer, earliest first, each with Confirm and Decline; a
 * series is one item, answered as a whole.
 */
export function WaitingList({
  state,
  requests,
  series = [],
  rowOf,
  problems,
  onConfirm,
  onDecline,
  onConfirmSeries,
  onDeclineSeries,
  onRetry,
}: {
  state: ResourceState<unknown>;
  requests: PracticeBooking[];
  series?: WaitingSeries[];
  rowOf: (booking: PracticeBooking) => RowState;
  problems: Record<string, string>;
  onConfirm: (booking: PracticeBooking) => void;
  onDecline: (booking: PracticeBooking) => void;
  onConfirmSeries: (series: Series) => void;
  onDeclineSeries: (series: Series) => void;
  onRetry: () => void;
}) {
  const open =
    requests.filter((booking) => rowOf(booking).kind === 'open').length +
    series.filter((item) => item.row.kind === 'open').length;
  const items: { at: string; key: string; booking?: PracticeBooking; series?: WaitingSeries }[] = [
    ...requests.map((booking) => ({ at: booking.start, key: booking.id, booking })),
    ...series.map((item) => ({ at: item.series.firstStart, key: item.series.id, series: item })),
  ].sort((a, b) => a.at.localeCompare(b.at) || a.key.localeCompare(b.key));
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
        (items.length === 0 ? (
          <p>No requests are waiting for an answer.</p>
        ) : (
          <ol className="list-unstyled waiting-list">
            {items.map((item) =>
              item.series ? (
                <SeriesItem
                  key={item.key}
                  item={item.series}
                  onConfirm={onConfirmSeries}
                  onDecline={onDeclineSeries}
                />
              ) : item.booking ? (
                <WaitingItem
                  key={item.key}
                  booking={item.booking}
                  row={rowOf(item.booking)}
                  problem={problems[item.booking.id]}
                  onConfirm={onConfirm}
                  onDecline={onDecline}
                />
              ) : null,
            )}
          </ol>
        ))}
    </section>
  );
}
