import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import type { Booking } from '../../../shared/booking';
import type { Service } from '../../../shared/service';
import { paths } from '../../config/routes';
import { practice } from '../../content/practice';
import { ApiError, errorSentence } from '../../lib/api';
import { describeTime, visitorTimeZone } from '../../lib/practice-time';
import { requestBooking } from './bookings-api';
import { NoteField } from './note-field';
import { PaymentLoading } from './payment-loading';
import { useWeekTimes } from './use-week-times';
import { WeekTimePicker } from './week-time-picker';

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
        {practice.practitioner} will confirm or decline it by email. There is nothing to pay online:
        fees are paid at the session.
      </p>
      <Link to={paths.bookings} className="btn btn-success">
        See My bookings
      </Link>
    </section>
  );
}

/** The request for one service: a start time from the week picker, a note, and the answer. */
export function BookingRequestForm({ service }: { service: Service }) {
  const visitorZone = visitorTimeZone();
  const weeks = useWeekTimes(service.id);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [sent, setSent] = useState<Booking | undefined>(undefined);
  const [shownOnce, setShownOnce] = useState(false);

  if (weeks.availability.status !== 'loading' && !shownOnce) setShownOnce(true);
  if (sent) return <RequestSent booking={sent} service={service} />;
  // Until the first week of times arrives, the spec's checkout screen stays.
  if (!shownOnce) return <PaymentLoading />;

  const chosenTime = chosen ? describeTime(chosen, visitorZone) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setProblem('Choose a start time first.');
      return;
    }
    setPending(true);
    setProblem(undefined);
    try {
      setSent(await requestBooking({ serviceId: service.id, start: chosen, note }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const taken = describeTime(chosen);
        setChosen(undefined);
        setProblem(
          `${error.message} ${taken.day} at ${taken.time} is no longer free; the times below are up to date. Please choose another.`,
        );
        weeks.reload();
      } else {
        setProblem(errorSentence(error));
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)} className="text-start booking-form" noValidate>
      <WeekTimePicker
        weeks={weeks}
        chosen={chosen}
        onChoose={(start) => {
          setChosen(start);
          setProblem(undefined);
        }}
      />

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
      <p className="small">No payment is taken online: fees are paid at the session.</p>
      <Button type="submit" variant="success" size="lg" disabled={pending}>
        {pending ? 'Sending your request…' : 'Request this time'}
      </Button>
    </Form>
  );
}
