import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Series } from '../../../shared/booking';
import type { Service } from '../../../shared/service';
import { cadenceText } from '../../../shared/series-text';
import { paths } from '../../config/routes';
import { practice } from '../../content/practice';
import { formatDay, formatDayWithYear, formatTime } from '../../lib/practice-time';
import type { FollowingWeek } from './series-weeks';

const when = (start: string | number | Date) => `${formatDayWithYear(start)}, ${formatTime(start)}`;

/** The sessions after the first, each week named with whether it is free. */
export function FollowingWeeks({
  weeks,
  everyWeeks,
  time,
}: {
  weeks: readonly FollowingWeek[];
  everyWeeks: number;
  /** The London wall-clock time every session keeps: "18:00". */
  time: string;
}) {
  if (weeks.length === 0) return null;
  return (
    <section aria-labelledby="following-weeks-heading" className="following-weeks mb-3">
      <h3 id="following-weeks-heading" className="h6">
        {cadenceText(everyWeeks)}: the following sessions at {time} (UK time)
      </h3>
      <ul className="list-unstyled mb-1" aria-labelledby="following-weeks-heading">
        {weeks.map((week) => (
          <li key={week.start} className={week.free ? undefined : 'text-body-secondary'}>
            {formatDay(week.start)}:{' '}
            {week.free ? 'free' : <strong>not free — this week is skipped</strong>}
          </li>
        ))}
      </ul>
      <p className="small text-body-secondary">
        Later weeks are added as they come into the booking window.
      </p>
    </section>
  );
}

/** The answer to a series request: the sessions booked and the weeks skipped, as the server says. */
export function SeriesSent({
  series,
  service,
  paymentSentence,
}: {
  series: Series;
  service: Service;
  paymentSentence: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const every = series.everyWeeks === 2 ? 'every other' : 'every';
  return (
    <section className="booking-sent text-start" aria-labelledby="booking-sent-heading">
      <h2 id="booking-sent-heading" className="h4" tabIndex={-1} ref={heading}>
        Your request has been sent
      </h2>
      <p>
        You asked for <strong>{series.serviceName ?? service.name}</strong> {every}{' '}
        <strong>{series.weekday}</strong> at <strong>{series.time}</strong> (UK time).
      </p>
      <h3 className="h6">Sessions requested</h3>
      <ul aria-label="Sessions requested">
        {series.sessions.map((session) => (
          <li key={session.id}>{when(session.start)}</li>
        ))}
      </ul>
      {series.skipped.length > 0 && (
        <>
          <h3 className="h6">Weeks skipped (not free)</h3>
          <ul aria-label="Weeks skipped">
            {series.skipped.map((start) => (
              <li key={String(start)}>{when(start)}</li>
            ))}
          </ul>
        </>
      )}
      <p>
        {practice.practitioner} will confirm or decline them together by email. {paymentSentence}
      </p>
      <Link to={paths.bookings} className="btn btn-success">
        See My bookings
      </Link>
    </section>
  );
}
