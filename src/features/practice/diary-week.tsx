import Button from 'react-bootstrap/Button';
import type { Diary, PracticeBooking } from '../../../shared/booking';
import { isActive } from '../../../shared/booking-rules';
import { StatusBadge } from '../../components/bookings/status-badge';
import { LoadFailed } from '../../components/layout/load-failed';
import { addDays, formatDayWithYear } from '../../lib/practice-time';
import type { ResourceState } from '../../lib/use-resource';
import { BlockedTimeList } from './blocked-time-list';
import { useCalendarBusy } from './calendar-busy';
import { serviceOf, whenText } from './diary-layout';
import { WeekView } from './week-view';

const dayLabel = (date: string) => formatDayWithYear(`${date}T12:00:00Z`);

/**
 * The week on show: its navigation, the timetable (a day list on a phone), what was cancelled or
 * declined in it and its blocked time.
 */
export function DiaryWeek({
  from,
  thisWeek,
  today,
  state,
  onWeek,
  onRetry,
  onChanged,
  busy,
  seriesTag,
  onOpen,
}: {
  /** The Monday (a London date) of the week on show. */
  from: string;
  thisWeek: string;
  today: string;
  state: ResourceState<Diary>;
  onWeek: (monday: string) => void;
  onRetry: () => void;
  /** Something in the diary changed here (a block removed): everything is read again. */
  onChanged: () => void;
  busy: (booking: PracticeBooking) => string | undefined;
  seriesTag: (booking: PracticeBooking) => string | undefined;
  onOpen: (booking: PracticeBooking) => void;
}) {
  const days = Array.from({ length: 7 }, (_, index) => addDays(from, index));
  const calendar = useCalendarBusy();
  const diary = state.status === 'ready' ? state.data : undefined;
  const inactive = diary
    ? diary.bookings
        .filter((booking) => !isActive(booking))
        .sort((a, b) => a.start.localeCompare(b.start))
    : [];

  return (
    <section aria-labelledby="week-heading" className="mb-5">
      <div className="week-nav diary-week-nav mb-3">
        <Button variant="outline-secondary" onClick={() => onWeek(addDays(from, -7))}>
          Previous week
        </Button>
        <div className="text-center week-title">
          <h2 id="week-heading" className="h5 m-0" tabIndex={-1} data-focus-key="week-heading">
            Week of {dayLabel(from)}
          </h2>
          {/* Always in its place (hidden on this week), so the week below never jumps. */}
          <Button
            variant="link"
            size="sm"
            className={from === thisWeek ? 'is-hidden' : undefined}
            aria-hidden={from === thisWeek}
            tabIndex={from === thisWeek ? -1 : undefined}
            onClick={() => onWeek(thisWeek)}
          >
            Back to this week
          </Button>
        </div>
        <Button variant="outline-secondary" onClick={() => onWeek(addDays(from, 7))}>
          Next week
        </Button>
      </div>
      {state.status === 'loading' && <p role="status">Loading the diary…</p>}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={onRetry} />}
      {calendar.warning && (
        <div className="alert alert-warning" role="status">
          {calendar.warning}
        </div>
      )}
      {diary && (
        <>
          <WeekView
            days={days}
            today={today}
            bookings={diary.bookings}
            blocks={[...diary.blocks, ...calendar.blocks]}
            busy={busy}
            seriesTag={seriesTag}
            onOpen={onOpen}
          />
          {inactive.length > 0 && (
            <section aria-labelledby="inactive-heading" className="mt-4">
              <h3 id="inactive-heading" className="h6">
                Cancelled and declined this week
              </h3>
              <ul className="list-unstyled inactive-list">
                {inactive.map((booking) => (
                  <li key={booking.id}>
                    {whenText(booking)}: {serviceOf(booking)} with {booking.clientName}{' '}
                    <StatusBadge status={booking.status} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          <BlockedTimeList blocks={diary.blocks} onChanged={onChanged} />
        </>
      )}
    </section>
  );
}
