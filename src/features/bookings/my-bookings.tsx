import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import type { Booking, SharedSession } from '../../../shared/booking';
import { RULE_SENTENCES } from '../../../shared/booking-rules';
import { StatusBadge } from '../../components/bookings/status-badge';
import { modeText, VideoJoin } from '../../components/bookings/video-join';
import { formatMoney } from '../../../shared/money';
import { PayButton } from '../../components/payments/pay-button';
import { ComingLine, PartyLine } from '../../components/bookings/party-line';
import { PaidByBookerBadge, PaymentBadge } from '../../components/payments/payment-badge';
import { LoadFailed } from '../../components/layout/load-failed';
import { checkoutPath } from '../../config/routes';
import { errorSentence } from '../../lib/api';
import { describeTime, formatDayWithYear, formatTime } from '../../lib/practice-time';
import { showToast } from '../../lib/toast';
import { useResource } from '../../lib/use-resource';
import { cancelBooking } from './bookings-api';
import { loadMyBookings, MY_BOOKINGS } from './first-reads';
import { FEES_IN_GENERAL } from './fee-text';
import { MySeries } from './my-series';
import { MyWaitlist } from './my-waitlist';
import { LeaveSessions } from '../../components/participants/leave-sessions';
import { WithdrawInvitations } from '../../components/participants/withdraw-invitations';
import '../../components/bookings/bookings.css';

/** One's own booking, or a session someone else booked that one joined (their own view). */
type Listed = Booking | SharedSession;

const serviceOf = (booking: Listed) => booking.serviceName ?? 'Session';
/** "Pay £60.00": the amount (the server's) beside the button's word. */
const payText = (amount: number | undefined) =>
  amount === undefined ? 'Pay' : `Pay ${formatMoney(amount)}`;

function whenText(booking: Listed) {
  const when = describeTime(booking.start);
  return `${formatDayWithYear(booking.start)}, ${when.time} to ${formatTime(booking.end)}`;
}

function BookingItem({ booking, onCancelled }: { booking: Listed; onCancelled: () => void }) {
  // The booker's own: its payment and note. A participant's view has neither.
  const own = booking.role === 'participant' ? undefined : booking;
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const yes = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const when = describeTime(booking.start);

  useEffect(() => {
    if (confirming) yes.current?.focus();
  }, [confirming]);

  const cancel = async () => {
    setPending(true);
    setProblem(undefined);
    try {
      await cancelBooking(booking.id);
      void showToast(`Cancelled: ${serviceOf(booking)} on ${when.day} at ${when.time}.`);
      onCancelled();
    } catch (error) {
      setProblem(errorSentence(error));
      setPending(false);
    }
  };

  const headingId = `booking-${booking.id}`;
  return (
    <li className="card booking-card">
      <div className="card-body">
        <h3 id={headingId} className="h5 card-title">
          {serviceOf(booking)}
        </h3>
        <p className="mb-1">
          {whenText(booking)} (UK time)
          {when.visitorTime && <span className="d-block small">Your time: {when.visitorTime}</span>}
          {modeText(booking) && <span className="d-block">{modeText(booking)}</span>}
        </p>
        {booking.role === 'participant' ? (
          <ComingLine shared={booking} />
        ) : (
          <>
            <PartyLine booking={booking} />
            <WithdrawInvitations participants={booking.participants} onWithdrawn={onCancelled} />
          </>
        )}
        <VideoJoin session={booking} className="mb-2" />
        <p className="mb-2 d-flex flex-wrap gap-2">
          <StatusBadge status={booking.status} />
          {own ? <PaymentBadge payment={own.payment} /> : <PaidByBookerBadge />}
        </p>
        {own?.status === 'confirmed' &&
          !own.seriesId &&
          (own.payment?.status === 'unpaid' || own.payment?.status === 'due') && (
            <p className="mb-2">
              <PayButton
                request={{ bookingId: own.id, from: 'bookings' }}
                label={`${payText(own.payment.amount)} for ${serviceOf(own)} on ${when.day} at ${when.time}`}
              >
                {payText(own.payment.amount)}
              </PayButton>
            </p>
          )}
        {own?.note && <p className="booking-note small mb-2">Your note: {own.note}</p>}
        {problem && (
          <div role="alert" className="alert alert-danger py-2">
            {problem}
          </div>
        )}
        {booking.role === 'participant' && booking.placeId && !booking.seriesId && (
          <div className="mb-2">
            <LeaveSessions
              placeId={booking.placeId}
              serviceName={serviceOf(booking)}
              bookedBy={booking.bookedBy}
              series={false}
              onLeft={onCancelled}
            />
          </div>
        )}
        {booking.cancellable &&
          (confirming ? (
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <span>Cancel this session?</span>
              <Button ref={yes} variant="danger" disabled={pending} onClick={() => void cancel()}>
                {pending ? 'Cancelling…' : 'Yes, cancel it'}
              </Button>
              <Button
                variant="outline-secondary"
                disabled={pending}
                onClick={() => {
                  setConfirming(false);
                  requestAnimationFrame(() => cancelButton.current?.focus());
                }}
              >
                Keep it
              </Button>
            </div>
          ) : (
            <Button
              ref={cancelButton}
              variant="outline-danger"
              onClick={() => setConfirming(true)}
              aria-label={`Cancel ${serviceOf(booking)} on ${when.day} at ${when.time}`}
            >
              Cancel
            </Button>
          ))}
      </div>
    </li>
  );
}

function BookingList({
  title,
  bookings,
  onCancelled,
  empty,
}: {
  title: string;
  bookings: Listed[];
  onCancelled: () => void;
  empty: string;
}) {
  return (
    <section className="mb-5" aria-label={title}>
      <h2 className="h4">{title}</h2>
      {bookings.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="list-unstyled booking-list">
          {bookings.map((booking) => (
            <BookingItem key={booking.id} booking={booking} onCancelled={onCancelled} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The signed-in client's bookings, upcoming first, with cancel where the rules allow it. */
export function MyBookings() {
  // After a cancel the list stays on screen until the new one arrives.
  const { state, reload } = useResource(MY_BOOKINGS, loadMyBookings, { keepWhileReloading: true });

  if (state.status === 'loading') return <p role="status">Loading your bookings…</p>;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;

  const { bookings, series, at: now } = state.data; // when the list arrived: as the server answered
  // A series' coming sessions are listed with their series, under Regular sessions.
  const ownSeries = new Set(series.map((each) => each.id));
  // A series someone else booked (a participant's) is listed session by session.
  const upcoming = bookings
    .filter(
      (booking) =>
        Date.parse(booking.end) > now && !(booking.seriesId && ownSeries.has(booking.seriesId)),
    )
    .sort((a, b) => a.start.localeCompare(b.start));
  const past = bookings
    .filter((booking) => Date.parse(booking.end) <= now)
    .sort((a, b) => b.start.localeCompare(a.start));

  return (
    <>
      <MySeries series={series} now={now} onChanged={reload} />
      <BookingList
        title="Upcoming"
        bookings={upcoming}
        onCancelled={reload}
        empty={
          series.length > 0 ? 'No other sessions coming up.' : 'You have no upcoming bookings.'
        }
      />
      <p>
        <Link to={checkoutPath()} className="btn btn-success">
          Book a session
        </Link>
      </p>
      <MyWaitlist />
      <BookingList
        title="Past"
        bookings={past}
        onCancelled={reload}
        empty="No past bookings yet."
      />
      <p className="small">
        {RULE_SENTENCES.cancelPolicy} {FEES_IN_GENERAL}
      </p>
    </>
  );
}
