import type { CallPhoneCheck } from '../../../shared/phone';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import type { Booking, BookingMode, Series } from '../../../shared/booking';
import { FREE_CALL, type Service } from '../../../shared/service';
import { practiceWallClock } from '../../../shared/time';
import { paths } from '../../config/routes';
import { practice } from '../../content/practice';
import { ApiError, errorSentence } from '../../lib/api';
import { dateIn, describeTime, visitorTimeZone } from '../../lib/practice-time';
import { requestBooking } from './bookings-api';
import { paymentSentence } from './fee-text';
import { CALL_PHONE_ID, CallPhoneField } from './call-phone-field';
import { MeetingModeField } from './meeting-mode-field';
import { useCheckoutChoice } from './checkout-params';
import { NoteField } from './note-field';
import { childAgeId, emptyParty, firstWrongAge, PartyFields, partyRequest } from './party-fields';
import { PaymentLoading } from './payment-loading';
import { requestSeries } from './request-series';
import { FollowingWeeks, SeriesSent } from './series-checkout';
import { followingWeeks, seriesButtonText } from './series-weeks';
import { shownDay, TimePicker } from './time-picker';
import { useHorizonTimes } from './use-horizon-times';
import { WaitlistForm } from './waitlist-form';

// libphonenumber (about 25 kB gz) checks the free call's number: asked for once that service is
// chosen, not before the checkout shows its services.
const loadPhoneCheck = () => import('../../../shared/phone');
const PHONE_CHECK_UNREACHABLE =
  'The phone number could not be checked: please check your connection and try again.';

function RequestSent({ booking, service }: { booking: Booking; service: Service }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const when = describeTime(booking.start);
  return (
    <section className="booking-sent text-start" aria-labelledby="booking-sent-heading">
      <h2 id="booking-sent-heading" className="h4" tabIndex={-1} ref={heading}>
        Your request has been sent
      </h2>
      <p>
        You asked for <strong>{service.name}</strong> on <strong>{when.day}</strong> at{' '}
        <strong>{when.time}</strong> (UK time)
        {when.visitorTime ? `, which is ${when.visitorTime} where you are` : ''}.
      </p>
      <p>
        {practice.practitioner} will confirm or decline it by email. {paymentSentence(service)}
      </p>
      {booking.phone && (
        <p>
          She will phone you on <strong>{booking.phone}</strong>.
        </p>
      )}
      <Link to={paths.bookings} className="btn btn-success">
        See My bookings
      </Link>
    </section>
  );
}

/**
 * The request for one service: a day and a start time from the picker (both kept in the
 * address), a note, and the answer.
 */
export function BookingRequestForm({ service }: { service: Service }) {
  const visitorZone = visitorTimeZone();
  const times = useHorizonTimes(service.id);
  const { choice, chooseDay, chooseTime, forgetTime } = useCheckoutChoice();
  const [note, setNote] = useState('');
  const [phone, setPhone] = useState('');
  const [phoneProblem, setPhoneProblem] = useState<string | undefined>(undefined);
  const asksPhone = service.id === FREE_CALL.id;
  // One request at a time: a second press while the first is checked (the phone check may still
  // be downloading) or sent is not a second request.
  const submitting = useRef(false);
  useEffect(() => {
    if (asksPhone) loadPhoneCheck().catch(() => undefined); // a failure is said at submit
  }, [asksPhone]);
  const asksMode = service.format === 'in-person-or-video';
  const [mode, setMode] = useState<BookingMode>('in-person');
  const [party, setParty] = useState(emptyParty);
  // Sent once: every wrong field in the party says so.
  const [partySent, setPartySent] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [sent, setSent] = useState<Booking | undefined>(undefined);
  const [sentSeries, setSentSeries] = useState<Series | undefined>(undefined);
  const [shownOnce, setShownOnce] = useState(false);
  // Every free start of the horizon, as instants compare: a later week is free when it is here.
  const freeStarts = useMemo(
    () =>
      new Set(times.days.flatMap((d) => d.slots.map((slot) => new Date(slot.start).toISOString()))),
    [times.days],
  );

  if (times.availability.status !== 'loading' && !shownOnce) setShownOnce(true);
  if (sent) return <RequestSent booking={sent} service={service} />;
  if (sentSeries)
    return (
      <SeriesSent
        series={sentSeries}
        service={service}
        paymentSentence={paymentSentence(service)}
      />
    );
  // Until the first answer about free times arrives, the spec's checkout screen stays.
  if (!shownOnce) return <PaymentLoading />;

  const day = shownDay(times.days, choice.day);
  const chosen = day?.slots.some((slot) => slot.start === choice.time) ? choice.time : undefined;
  // A time from a shared or old link that is no longer free: say so rather than drop it quietly.
  const gone =
    times.availability.status === 'ready' && choice.time && !chosen ? choice.time : undefined;
  const chosenTime = chosen ? describeTime(chosen, visitorZone) : undefined;
  // A plan with a cadence is requested as a standing series from the first session chosen.
  const everyWeeks = service.everyWeeks;
  const lastDate = times.days.at(-1)?.date;
  const weeks =
    chosen && everyWeeks && lastDate
      ? followingWeeks(new Date(chosen).toISOString(), everyWeeks, lastDate, freeStarts)
      : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    try {
      await send();
    } finally {
      submitting.current = false;
    }
  };

  const send = async () => {
    if (!chosen) {
      setProblem('Choose a start time first.');
      return;
    }
    let phoneCheck: CallPhoneCheck | undefined;
    if (asksPhone) {
      try {
        phoneCheck = (await loadPhoneCheck()).checkCallPhone(phone);
      } catch {
        setProblem(PHONE_CHECK_UNREACHABLE);
        return;
      }
    }
    if (phoneCheck && !phoneCheck.ok) {
      setPhoneProblem(phoneCheck.problem);
      document.getElementById(CALL_PHONE_ID)?.focus();
      return;
    }
    setPhoneProblem(undefined);
    const wrongAge = firstWrongAge(service, party);
    setPartySent(true);
    if (wrongAge >= 0) {
      document.getElementById(childAgeId(wrongAge))?.focus();
      return;
    }
    setPending(true);
    setProblem(undefined);
    try {
      const request = {
        serviceId: service.id,
        start: chosen,
        note,
        ...(phoneCheck?.ok && { phone: phoneCheck.phone }),
        ...(asksMode && { mode }),
        ...partyRequest(service, party),
      };
      if (everyWeeks) setSentSeries(await requestSeries(request));
      else setSent(await requestBooking(request));
      forgetTime(choice.day);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const taken = describeTime(chosen);
        forgetTime(choice.day);
        setProblem(
          `${error.message} ${taken.day} at ${taken.time} is no longer free; the times below are up to date. Please choose another.`,
        );
        times.reload();
      } else {
        setProblem(errorSentence(error));
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Form onSubmit={(event) => void submit(event)} className="text-start booking-form" noValidate>
        {gone && (
          // A link (a waiting-list offer, an old bookmark) to a time someone else has since taken.
          <p role="status" className="alert alert-warning">
            That time has just been taken. Choose another below.
            <span className="d-block small">
              It was {describeTime(gone).day} at {describeTime(gone).time} (UK time).
            </span>
          </p>
        )}
        <TimePicker
          times={times}
          day={day}
          chosen={chosen}
          onDay={(date) => {
            setProblem(undefined);
            chooseDay(date);
          }}
          onTime={(start) => {
            setProblem(undefined);
            // Within a day already in the address, a new time replaces the old; else it is a step.
            chooseTime(start, choice.day === dateIn(start));
          }}
        />

        {chosen && everyWeeks && (
          <FollowingWeeks weeks={weeks} everyWeeks={everyWeeks} time={practiceWallClock(chosen)} />
        )}

        <PartyFields service={service} value={party} onChange={setParty} showProblems={partySent} />

        {asksMode && <MeetingModeField value={mode} onChange={setMode} />}

        {asksPhone && <CallPhoneField value={phone} onChange={setPhone} problem={phoneProblem} />}

        <NoteField value={note} onChange={setNote} />

        <div role="alert" className="booking-problem">
          {problem && <div className="alert alert-danger mb-3">{problem}</div>}
        </div>

        <p aria-live="polite">
          {chosenTime ? (
            <>
              Your choice:{' '}
              <strong>
                {chosenTime.day}, {chosenTime.time}
              </strong>{' '}
              (UK time)
            </>
          ) : (
            'Choose a start time above.'
          )}
        </p>
        <p className="small">{paymentSentence(service)}</p>
        <Button type="submit" variant="success" size="lg" disabled={pending}>
          {pending
            ? 'Sending your request…'
            : chosen && everyWeeks
              ? seriesButtonText(chosen, everyWeeks)
              : 'Request this time'}
        </Button>
      </Form>
      {/* Its own form (forms do not nest): when none of the times suits. */}
      <WaitlistForm service={service} />
    </>
  );
}
