import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { LoadFailed } from '../../components/layout/load-failed';
import { addDays, formatDay, visitorTimeZone } from '../../lib/practice-time';
import { SlotPicker } from './slot-picker';
import { LAST_WEEK, WEEK_DAYS, type WeekTimes } from './use-week-times';

/** A London date as "30 March" (noon keeps it on that date in any zone). */
const shortDay = (date: string) => formatDay(`${date}T12:00:00Z`).replace(/^\w+ /, '');

/**
 * Free start times week by week: paging, the week's loading, failed and empty states, and one
 * radio group of its times. The week state comes from `useWeekTimes`; the choice is the owner's.
 */
export function WeekTimePicker({
  weeks,
  chosen,
  onChoose,
}: {
  weeks: WeekTimes;
  chosen: string | undefined;
  onChoose: (start: string) => void;
}) {
  const { week, setWeek, from, availability, reload } = weeks;
  const visitorZone = visitorTimeZone();
  const weekHeading = useId();
  const nextWeek = () => setWeek((n) => n + 1);

  return (
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
        <Button variant="outline-secondary" disabled={week === LAST_WEEK} onClick={nextWeek}>
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
        {availability.status === 'loading' && <p role="status">Loading free times…</p>}
        {availability.status === 'failed' && (
          <LoadFailed variant="warning" message={availability.message} onRetry={reload} />
        )}
        {availability.status === 'ready' && availability.slots.length === 0 && (
          <p>
            No free times this week.{' '}
            {week < LAST_WEEK && (
              <Button variant="link" className="p-0 align-baseline" onClick={nextWeek}>
                Show the next week
              </Button>
            )}
          </p>
        )}
      </div>
      {availability.status === 'ready' && availability.slots.length > 0 && (
        <SlotPicker
          slots={availability.slots}
          chosen={chosen}
          onChoose={onChoose}
          visitorZone={visitorZone}
        />
      )}
    </section>
  );
}
