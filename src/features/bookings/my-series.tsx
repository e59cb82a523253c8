import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import type { Series, SeriesStatus, SharedSeries } from '../../../shared/booking';
import { BOOKING_RULES, hoursText, isActive, RULE_SENTENCES } from '../../../shared/booking-rules';
import { practiceFacts } from '../../../shared/practice';
import { cadenceText, seriesSummary } from '../../../shared/series-text';
import { ComingLine, PartyLine } from '../../components/bookings/party-line';
import { LeaveSessions } from '../../components/participants/leave-sessions';
import { WithdrawInvitations } from '../../components/participants/withdraw-invitations';
import { StatusBadge } from '../../components/bookings/status-badge';
import { planPayText } from '../../components/payments/pay-text';
import { PayButton } from '../../components/payments/pay-button';
import { PaidByBookerBadge, PaymentBadge } from '../../components/payments/payment-badge';
import { paths } from '../../config/routes';
import { errorSentence } from '../../lib/api';
import { lazyPrefetched, usePrefetchAfterFirstContent } from '../../lib/lazy-prefetched';
import { WhenAsked } from '../../lib/when-asked';
import { describeTime, formatDayWithYear, formatTime } from '../../lib/practice-time';
import { showToast } from '../../lib/toast';
import { cancelBooking } from './bookings-api';
import { startText, type MovableSession } from './session-start';
import { endSeries } from './series-api';
import './my-series.scss';

/** One's own series, or one someone else booked that one joined (their own view). */
type Listed = Series | SharedSeries;
type Session = Listed['sessions'][number];

const SERIES_LABELS: Record<SeriesStatus, string> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  declined: 'Declined',
  ended: 'Ended',
};
// The booking badges' colours: an ended series reads like a declined one (grey).
const SERIES_COLOURS: Record<SeriesStatus, string> = {
  requested: 'status-requested',
  confirmed: 'status-confirmed',
  declined: 'status-declined',
  ended: 'status-declined',
};

const noticeText = hoursText(BOOKING_RULES.clientCancelNoticeHours);
/** What ending a series does, from the rule's number. */
const END_SENTENCE = `Every session more than ${noticeText} ahead will be cancelled. Sessions that have taken place, and any less than ${noticeText} away, stay as they are.`;

// The dialogs' code (react-bootstrap's Modal, the move's time picker) comes after the page's first
// content, and each dialog mounts from the first time it opens.
const MoveDialog = lazyPrefetched(() =>
  import('./move-dialog').then((module) => ({ default: module.MoveDialog })),
);
const AskFirst = lazyPrefetched(() =>
  import('./ask-first').then((module) => ({ default: module.AskFirst })),
);

const serviceOf = (series: Listed) => series.serviceName ?? 'Sessions';

function summaryOf(series: Listed): string {
  return seriesSummary({
    everyWeeks: series.everyWeeks,
    weekday: series.weekday,
    time: series.time,
    firstStart: series.firstStart,
    sessions: series.sessions.filter((session) => isActive(session)).length,
    skipped: series.skipped,
  });
}

function SessionItem({
  session,
  now,
  participant,
  onMove,
  onSkip,
}: {
  session: Session;
  now: number;
  /** The caller joined someone else's series: they cancel one session, never skip the week. */
  participant: boolean;
  onMove: () => void;
  onSkip: () => void;
}) {
  const actions = session.actions ?? [];
  const when = describeTime(session.start);
  const tooLate =
    isActive(session) &&
    Date.parse(session.start) > now &&
    !actions.includes('move') &&
    !actions.includes('cancel');
  return (
    <li className="series-session">
      <p className="mb-1">
        {formatDayWithYear(session.start)}, {when.time} to {formatTime(session.end)} (UK time){' '}
        <StatusBadge status={session.status} />
        {when.visitorTime && <span className="d-block small">Your time: {when.visitorTime}</span>}
      </p>
      {(actions.includes('move') || actions.includes('cancel')) && (
        <div className="d-flex flex-wrap gap-2">
          {actions.includes('move') && (
            <Button
              variant="outline-success"
              size="sm"
              onClick={onMove}
              aria-label={`Move the session on ${startText(session.start)}`}
            >
              Move
            </Button>
          )}
          {actions.includes('cancel') && (
            <Button
              variant="outline-danger"
              size="sm"
              onClick={onSkip}
              aria-label={`${participant ? 'Cancel' : 'Skip'} ${startText(session.start)}`}
            >
              {participant ? 'Cancel this session' : 'Skip this week'}
            </Button>
          )}
        </div>
      )}
      {tooLate && (
        <p className="small mb-0">
          {RULE_SENTENCES.tooLateToChange} on{' '}
          <a href={`tel:${practiceFacts.phone.international}`}>{practiceFacts.phone.display}</a>.
        </p>
      )}
    </li>
  );
}

/** One standing series: its summary, status and coming sessions, each movable or skippable. */
function SeriesItem({
  series,
  now,
  onChanged,
}: {
  series: Listed;
  /** When the list arrived (as the server answered). */
  now: number;
  onChanged: () => void;
}) {
  const [moving, setMoving] = useState<MovableSession | null>(null);
  const [skipping, setSkipping] = useState<Session | null>(null);
  const [ending, setEnding] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  // After a skip or an end the button that opened the dialog is gone: focus the heading instead.
  const [done, setDone] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  usePrefetchAfterFirstContent(MoveDialog.prefetch, AskFirst.prefetch);
  const headingId = `series-${series.id}`;
  const service = serviceOf(series);
  // Someone else booked it: they move, skip, end and pay; this person may cancel one session.
  const participant = series.role === 'participant';
  // The booker's own: its payment, note and end. A participant's view has none of them.
  const own = series.role === 'participant' ? undefined : series;
  const coming = series.sessions
    .filter((session) => Date.parse(session.end) > now)
    .sort((a, b) => a.start.localeCompare(b.start));
  const toCancel = series.sessions.filter(
    (session) => isActive(session) && session.actions?.includes('cancel'),
  ).length;

  const ask = async (action: () => Promise<unknown>, toast: string) => {
    setPending(true);
    setProblem(undefined);
    try {
      await action();
      void showToast(toast);
      setDone(true);
      setSkipping(null);
      setEnding(false);
      onChanged();
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setPending(false);
    }
  };

  const closeAsk = () => {
    setSkipping(null);
    setEnding(false);
    setProblem(undefined);
  };
  const afterAsk = () => {
    if (done) heading.current?.focus();
  };

  return (
    <li className="card booking-card" aria-labelledby={headingId}>
      <div className="card-body">
        <h3 id={headingId} ref={heading} tabIndex={-1} className="h5 card-title">
          {service}
        </h3>
        <p className="mb-1">{summaryOf(series)} (UK time)</p>
        {series.role === 'participant' ? (
          <ComingLine shared={series} />
        ) : (
          <>
            <PartyLine booking={series} />
            <WithdrawInvitations participants={series.participants} onWithdrawn={onChanged} />
          </>
        )}
        <p className="mb-2 d-flex flex-wrap gap-2">
          <span className={`badge status-badge ${SERIES_COLOURS[series.status]}`}>
            Series: {SERIES_LABELS[series.status]}
          </span>
          {own ? <PaymentBadge payment={own.payment} /> : <PaidByBookerBadge />}
        </p>
        {own?.status === 'confirmed' && own.payment?.status === 'unpaid' && (
          <p className="mb-2">
            <PayButton
              request={{ seriesId: own.id, from: 'bookings' }}
              label={`${planPayText(own.payment.amount)} for ${service}`}
            >
              {planPayText(own.payment.amount)}
            </PayButton>
          </p>
        )}
        {own?.payment?.status === 'due' && (
          <p className="mb-2">
            A monthly payment did not go through.{' '}
            <Link to={paths.billing}>Update your card in Billing</Link>.
          </p>
        )}
        {series.status === 'ended' && <p>These sessions have ended.</p>}
        {own?.note && <p className="booking-note small mb-2">Your note: {own.note}</p>}
        {coming.length > 0 && (
          <>
            <h4 className="h6">Next sessions</h4>
            <ul className="list-unstyled series-sessions">
              {coming.map((session) => (
                <SessionItem
                  key={session.id}
                  session={session}
                  now={now}
                  participant={participant}
                  onMove={() => setMoving(session)}
                  onSkip={() => {
                    setDone(false);
                    setSkipping(session);
                  }}
                />
              ))}
            </ul>
          </>
        )}
        {series.role === 'participant' && series.placeId && series.status !== 'ended' && (
          <div className="mb-2">
            <LeaveSessions
              placeId={series.placeId}
              serviceName={service}
              bookedBy={series.bookedBy}
              series
              onLeft={onChanged}
            />
          </div>
        )}
        {own?.endable && (
          <Button
            variant="outline-danger"
            onClick={() => {
              setDone(false);
              setEnding(true);
            }}
          >
            End these sessions
          </Button>
        )}
      </div>

      <WhenAsked asking={moving !== null}>
        <MoveDialog
          session={moving}
          serviceId={series.serviceId}
          serviceName={service}
          onClose={() => setMoving(null)}
          onMoved={(moved) => {
            setMoving(null);
            void showToast(`Moved: ${service} to ${startText(moved.start)}.`);
            onChanged();
          }}
        />
      </WhenAsked>
      <WhenAsked asking={skipping !== null}>
        <AskFirst
          show={skipping !== null}
          title={participant ? 'Cancel this session?' : 'Skip this week?'}
          yes={participant ? 'Yes, cancel it' : 'Yes, skip it'}
          no="Keep it"
          pending={pending}
          problem={problem}
          restoreFocus={!done}
          onYes={() => {
            if (skipping)
              void ask(
                () => cancelBooking(skipping.id),
                `${participant ? 'Cancelled' : 'Skipped'}: ${startText(skipping.start)}.`,
              );
          }}
          onClose={closeAsk}
          onExited={afterAsk}
        >
          <p className="mb-2">
            {participant
              ? `Cancel ${skipping ? startText(skipping.start) : ''}? That session is cancelled for everyone in the room, and ${series.role === 'participant' ? series.bookedBy : 'the person who booked'} and the practice are told; the other sessions stay as they are.`
              : `Skip ${skipping ? startText(skipping.start) : ''}? That session is cancelled and the practice is told; your other sessions stay as they are.`}
          </p>
        </AskFirst>
      </WhenAsked>
      <WhenAsked asking={ending}>
        <AskFirst
          show={ending}
          title="End these sessions?"
          yes="Yes, end them"
          no="Keep them"
          pending={pending}
          problem={problem}
          restoreFocus={!done}
          onYes={() =>
            void ask(
              () => endSeries(series.id),
              `Ended: your ${cadenceText(series.everyWeeks).toLowerCase()} ${service} sessions.`,
            )
          }
          onClose={closeAsk}
          onExited={afterAsk}
        >
          <p className="mb-2">
            End your {cadenceText(series.everyWeeks).toLowerCase()} {service} sessions?{' '}
            {END_SENTENCE}
          </p>
          <p className="mb-2">
            {toCancel === 1 ? '1 session' : `${toCancel} sessions`} will be cancelled.
          </p>
        </AskFirst>
      </WhenAsked>
    </li>
  );
}

/** The client's standing series, each as one group, those still running first. */
export function MySeries({
  series,
  now,
  onChanged,
}: {
  series: readonly Listed[];
  now: number;
  onChanged: () => void;
}) {
  if (series.length === 0) return null;
  const running = (each: Listed) => each.status === 'requested' || each.status === 'confirmed';
  const ordered = [...series].sort(
    (a, b) => Number(running(b)) - Number(running(a)) || a.firstStart.localeCompare(b.firstStart),
  );
  return (
    <section className="mb-5" aria-label="Regular sessions">
      <h2 className="h4">Regular sessions</h2>
      <ul className="list-unstyled booking-list">
        {ordered.map((each) => (
          <SeriesItem key={each.id} series={each} now={now} onChanged={onChanged} />
        ))}
      </ul>
    </section>
  );
}
