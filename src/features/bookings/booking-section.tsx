import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useSearchParams } from 'react-router';
import { AVAILABILITY_MAX_DAYS, type Booking } from '../../../shared/booking';
import type { Service } from '../../../shared/service';
import { paths } from '../../config/routes';
import { practice } from '../../content/practice';
import { ApiError, errorSentence } from '../../lib/api';
import { addDays, dateIn, describeTime, formatDay, visitorTimeZone } from '../../lib/practice-time';
import { requestBooking } from './bookings-api';
import { NoteField } from './note-field';
import { PaymentLoading } from './payment-loading';
import { SlotPicker } from './slot-picker';
import { useAvailability } from './use-availability';
import '../../components/bookings/bookings.css';

const WEEK_DAYS = 7;
const LAST_WEEK = Math.ceil(AVAILABILITY_MAX_DAYS / WEEK_DAYS) - 1;

export type ServicesForBooking =
  | { status: 'loading' }
  | { status: 'ready'; services: Service[] }
  | { status: 'failed'; message: string };

/** A London date as "30 March" (noon keeps it on that date in any zone). */
const shortDay = (date: string) => formatDay(`${date}T12:00:00Z`).replace(/^\w+ /, '');

function ServiceChoice({
  services,
  onChoose,
}: {
  services: readonly Service[];
  onChoose: (id: number) => void;
}) {
  return (
    <fieldset className="text-start mb-4">
      <legend className="h5">Choose a service</legend>
      <div className="service-choice">
        {services.map((service) => (
          <Button
            key={service.id}
            variant="outline-success"
            className="text-start"
            onClick={() => onChoose(service.id)}
          >
            <strong className="d-block">{service.name}</strong>
            <span className="small">{service.minutes}-minute sessions</span>
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

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

function BookingForm({ service }: { service: Service }) {
  const visitorZone = visitorTimeZone();
  const [today] = useState(() => dateIn(Date.now()));
  const [week, setWeek] = useState(0);
  const from = addDays(today, week * WEEK_DAYS);
  const { state, reload } = useAvailability(service.id, from, WEEK_DAYS);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [sent, setSent] = useState<Booking | undefined>(undefined);
  const [shownOnce, setShownOnce] = useState(false);
  const weekHeading = useId();

  if (state.status !== 'loading' && !shownOnce) setShownOnce(true);
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
        reload();
      } else {
        setProblem(errorSentence(error));
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)} className="text-start booking-form" noValidate>
      <section aria-labelledby={weekHeading} className="mb-4">
        <div className="week-nav">
          <Button
            variant="outline-secondary"
            disabled={week === 0}
            onClick={() => setWeek((n) => n - 1)}
          >
            Previous week
          </Button>
          <h2 id={weekHeading} className="h5 m-0 text-center">
            Free times, {shortDay(from)} to {shortDay(addDays(from, WEEK_DAYS - 1))}
          </h2>
          <Button
            variant="outline-secondary"
            disabled={week === LAST_WEEK}
            onClick={() => setWeek((n) => n + 1)}
          >
            Next week
          </Button>
        </div>
        <p className="small text-center text-body-secondary">
          Times are UK time (Europe/London)
          {visitorZone !== 'Europe/London'
            ? `; your own time (${visitorZone}) is shown beside each`
            : ''}
          .
        </p>
        <div aria-live="polite">
          {state.status === 'loading' && <p role="status">Loading free times…</p>}
          {state.status === 'failed' && (
            <div className="alert alert-warning">
              {state.message}{' '}
              <Button variant="link" className="p-0 align-baseline" onClick={reload}>
                Try again
              </Button>
            </div>
          )}
          {state.status === 'ready' && state.slots.length === 0 && (
            <p>
              No free times this week.{' '}
              {week < LAST_WEEK && (
                <Button
                  variant="link"
                  className="p-0 align-baseline"
                  onClick={() => setWeek((n) => n + 1)}
                >
                  Show the next week
                </Button>
              )}
            </p>
          )}
        </div>
        {state.status === 'ready' && state.slots.length > 0 && (
          <SlotPicker
            slots={state.slots}
            chosen={chosen}
            onChoose={(start) => {
              setChosen(start);
              setProblem(undefined);
            }}
            visitorZone={visitorZone}
          />
        )}
      </section>

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

/** The checkout's booking section: service, free times week by week, a note, the request. */
export function BookingSection({ services }: { services: ServicesForBooking }) {
  const [params, setParams] = useSearchParams();
  const rawId = params.get('service');
  const id = rawId !== null && /^\d{1,9}$/.test(rawId) ? Number(rawId) : undefined;

  if (services.status === 'loading') return <PaymentLoading />;
  if (services.status === 'failed')
    return <div className="alert alert-danger">{services.message}</div>;

  const service = services.services.find((candidate) => candidate.id === id);
  const choose = (serviceId: number) =>
    setParams({ service: String(serviceId) }, { replace: true });

  if (!service) {
    return (
      <>
        {rawId !== null && (
          <p role="status">That service is not on our list. Please choose one of these.</p>
        )}
        <ServiceChoice services={services.services} onChoose={choose} />
      </>
    );
  }

  return (
    <>
      <p className="fs-5">
        You are booking: <strong>{service.name}</strong> ({service.minutes} minutes)
      </p>
      <p>
        <Button variant="link" className="p-0" onClick={() => setParams({}, { replace: true })}>
          Choose a different service
        </Button>
      </p>
      <BookingForm key={service.id} service={service} />
    </>
  );
}
