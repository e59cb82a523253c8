import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { RULE_SENTENCES } from '../../../shared/booking-rules';
import type { LocalDate } from '../../../shared/time';
import { LoadFailed } from '../../components/layout/load-failed';
import { practice } from '../../content/practice';
import { describeTime, visitorTimeZone } from '../../lib/practice-time';
import { firstFreeSlot, type CalendarDay } from './calendar-days';
import { DayCalendar } from './day-calendar';
import { DayTimes } from './day-times';
import type { HorizonTimes } from './use-horizon-times';
import './time-picker.css';

/** The day whose times are shown: the one asked for when the horizon has it, else the first free. */
export function shownDay(
  days: readonly CalendarDay[],
  asked: LocalDate | undefined,
): CalendarDay | undefined {
  return (
    days.find((day) => day.date === asked) ?? days.find((candidate) => candidate.slots.length > 0)
  );
}

/**
 * Days first, then the day's times: the horizon as a compact calendar with a "First free time"
 * shortcut, and the shown day's times by part of the day. Controlled: the day and time are the
 * owner's (the checkout keeps them in the address).
 */
export function TimePicker({
  times,
  day,
  chosen,
  onDay,
  onTime,
}: {
  times: HorizonTimes;
  /** The day shown (see `shownDay`). */
  day: CalendarDay | undefined;
  chosen: string | undefined;
  onDay: (date: LocalDate) => void;
  onTime: (start: string) => void;
}) {
  const { availability, days, reload } = times;
  const visitorZone = visitorTimeZone();
  const heading = useId();
  const first = firstFreeSlot(days);
  const firstTime = first ? describeTime(first.start, visitorZone) : undefined;
  const last = days.findLast((candidate) => candidate.slots.length > 0)?.slots.at(-1);
  // The visitor's own time shows beside a time only where it reads differently (clocks change).
  const ownTimeShown = [first, last].some(
    (slot) => slot && describeTime(slot.start, visitorZone).visitorTime !== undefined,
  );

  return (
    <section aria-labelledby={heading} className="time-picker mb-3">
      <h2 id={heading} className="h5">
        Choose a day and time
      </h2>
      <p className="small text-body-secondary">
        Times are UK time (Europe/London)
        {ownTimeShown ? `; your own time (${visitorZone}) is shown beside each` : ''}.
      </p>
      <div aria-live="polite">
        {availability.status === 'loading' && <p role="status">Loading free times…</p>}
        {availability.status === 'failed' && (
          <LoadFailed variant="warning" message={availability.message} onRetry={reload} />
        )}
        {availability.status === 'ready' && !first && (
          <p>
            No free times in the next {RULE_SENTENCES.horizon}. Please phone{' '}
            {practice.phone.display} or email{' '}
            <a href={`mailto:${practice.email}`}>{practice.email}</a>.
          </p>
        )}
      </div>
      {availability.status === 'ready' && first && firstTime && (
        <>
          <Button
            variant="outline-success"
            className="mb-3 first-free"
            onClick={() => onTime(first.start)}
          >
            First free time:{' '}
            <strong>
              {firstTime.day}, {firstTime.time}
            </strong>
          </Button>
          <div className="time-picker-columns">
            <DayCalendar days={days} chosen={day?.date} onChoose={onDay} />
            {day && (
              <DayTimes day={day} chosen={chosen} onChoose={onTime} visitorZone={visitorZone} />
            )}
          </div>
        </>
      )}
    </section>
  );
}
