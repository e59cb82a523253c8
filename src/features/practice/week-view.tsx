import { BellIcon } from '@heroicons/react/16/solid';
import { BUSY_CALENDAR_LABEL, CALENDAR_CLASH_LABEL } from '../../../shared/busy-calendar';
import { isCalendarBusy } from './calendar-busy';
import { useSyncExternalStore, type CSSProperties } from 'react';
import type { Block, PracticeBooking } from '../../../shared/booking';
import type { LocalDate } from '../../../shared/time';
import { StatusBadge } from '../../components/bookings/status-badge';
import { PaymentBadge } from '../../components/payments/payment-badge';
import { formatDay } from '../../lib/practice-time';
import {
  reminderText,
  serviceOf,
  timeSpan,
  weekGrid,
  type GridDay,
  type PlacedBlock,
} from './diary-layout';

/** What is being done with a booking right now ("Cancelling…"), if anything. */
export type Busy = (booking: PracticeBooking) => string | undefined;
/** "Weekly", "Fortnightly" ("Series" when not known) for a session of a series, else nothing. */
export type SeriesTag = (booking: PracticeBooking) => string | undefined;

/** The small tag on a series' session; a screen reader hears "Weekly series". */
function SeriesMark({ tag }: { tag?: string }) {
  if (!tag) return null;
  return (
    <span className="event-series">
      <span aria-hidden="true">{tag}</span>
      <span className="visually-hidden">
        {tag === 'Series' ? 'Part of a series' : `${tag} series`}
      </span>
    </span>
  );
}

const rows = (start: number, end: number): CSSProperties => ({ gridRow: `${start} / ${end}` });

/** "Monday 6 April", split so the grid's narrow heading can break between the two. */
function DayName({ date }: { date: LocalDate }) {
  const [weekday, ...rest] = formatDay(`${date}T12:00:00Z`).split(' ');
  return (
    <>
      <span className="day-weekday">{weekday}</span> <span>{rest.join(' ')}</span>
    </>
  );
}

function EventText({
  booking,
  busy,
  tag,
  short,
}: {
  booking: PracticeBooking;
  busy?: string;
  tag?: string;
  short: boolean;
}) {
  const reminder = booking.reminder && (
    <span className={booking.reminder.failed ? 'event-reminder is-failed' : 'event-reminder'}>
      {short ? (
        // A bell and "due", "sent" or "not sent": what fits beside the status in the grid.
        <>
          <BellIcon className="event-icon" aria-hidden="true" />
          <span className="visually-hidden">Reminder </span>
          {reminderText(booking.reminder, true).replace(/^Reminder /, '')}
        </>
      ) : (
        reminderText(booking.reminder)
      )}
    </span>
  );
  return (
    <>
      <span className="event-time">{timeSpan(booking)}</span>{' '}
      <span className="event-client">{booking.clientName}</span>{' '}
      <span className="event-service">{serviceOf(booking)}</span>{' '}
      {!short && tag && (
        <>
          <SeriesMark tag={tag} />{' '}
        </>
      )}
      <span className="event-status">
        {/* In the grid's small block the series shares the status line. */}
        {short && tag && (
          <>
            <SeriesMark tag={tag} />{' '}
          </>
        )}
        <StatusBadge status={booking.status} compact={short} />
        {/* What needs her attention only: unpaid or due (the dialog says every state). */}
        {(booking.payment?.status === 'unpaid' || booking.payment?.status === 'due') && (
          <>
            {' '}
            <PaymentBadge payment={booking.payment} compact={short} />
          </>
        )}
        {booking.calendarClash && (
          <span className="event-clash">
            {' '}
            {short ? (
              // The grid's small block: "Busy", and the rest for a screen reader.
              <>
                Busy<span className="visually-hidden"> in your calendar</span>
              </>
            ) : (
              CALENDAR_CLASH_LABEL
            )}
          </span>
        )}
        {busy && <span className="event-busy"> {busy}</span>}
        {/* In the grid's small block the reminder shares the status line. */}
        {short && reminder && <> {reminder}</>}
      </span>
      {!short && reminder && <> {reminder}</>}
    </>
  );
}

const blockText = (block: Block, from: string, to: string) =>
  isCalendarBusy(block)
    ? `${BUSY_CALENDAR_LABEL} ${from} to ${to}`
    : `Blocked ${from} to ${to}${block.reason ? `: ${block.reason}` : ''}`;

/** The desktop timetable: days across, half hours down, sessions and blocked time by time. */
function WeekGrid({
  days,
  hours,
  rowsCount,
  today,
  busy,
  seriesTag,
  onOpen,
}: {
  days: GridDay[];
  hours: { label: string; row: number }[];
  rowsCount: number;
  today: LocalDate;
  busy: Busy;
  seriesTag: SeriesTag;
  onOpen: (booking: PracticeBooking) => void;
}) {
  return (
    <div className="week-grid" style={{ '--grid-rows': rowsCount } as CSSProperties}>
      <div className="grid-gutter" aria-hidden="true">
        <div className="grid-day-heading" />
        <div className="grid-slots">
          {hours.map((hour) => (
            <span key={hour.label} className="grid-hour" style={rows(hour.row, hour.row + 2)}>
              {hour.label}
            </span>
          ))}
        </div>
      </div>
      {days.map((day) => {
        const isToday = day.date === today;
        return (
          <section
            key={day.date}
            className={isToday ? 'grid-day is-today' : 'grid-day'}
            aria-labelledby={`grid-day-${day.date}`}
          >
            <h3
              id={`grid-day-${day.date}`}
              className="grid-day-heading"
              aria-current={isToday ? 'date' : undefined}
            >
              <DayName date={day.date} />
              {isToday && <span className="today-mark">Today</span>}
            </h3>
            <div className="grid-slots" style={{ '--lanes': day.lanes } as CSSProperties}>
              {day.closed.map((stretch) => (
                <div
                  key={stretch.rowStart}
                  className="grid-closed"
                  aria-hidden="true"
                  style={rows(stretch.rowStart, stretch.rowEnd)}
                />
              ))}
              {day.blocks.map(({ block, rowStart, rowEnd, from, to }) => (
                <div key={block.id} className="grid-block" style={rows(rowStart, rowEnd)}>
                  {blockText(block, from, to)}
                </div>
              ))}
              {day.bookings.map(({ booking, rowStart, rowEnd, lane }) => (
                <button
                  key={booking.id}
                  type="button"
                  className={`diary-event status-${booking.status}`}
                  style={{ ...rows(rowStart, rowEnd), gridColumn: lane + 1 }}
                  data-focus-key={`event-${booking.id}`}
                  onClick={() => onOpen(booking)}
                >
                  <EventText
                    booking={booking}
                    busy={busy(booking)}
                    tag={seriesTag(booking)}
                    short
                  />
                </button>
              ))}
              {day.bookings.length === 0 && day.blocks.length === 0 && (
                <p className="visually-hidden">Nothing booked.</p>
              )}
            </div>
          </section>
        );
      })}
    </div>
  );
}

/** The phone's week: one section per day, sessions and blocked time in time order. */
function DayList({
  days,
  today,
  busy,
  seriesTag,
  onOpen,
}: {
  days: GridDay[];
  today: LocalDate;
  busy: Busy;
  seriesTag: SeriesTag;
  onOpen: (booking: PracticeBooking) => void;
}) {
  return (
    <div className="day-list">
      {days.map((day) => {
        const isToday = day.date === today;
        const items: { at: string; block?: PlacedBlock; booking?: PracticeBooking }[] = [
          ...day.blocks.map((item) => ({ at: item.block.start, block: item })),
          ...day.bookings.map((item) => ({ at: item.booking.start, booking: item.booking })),
        ].sort((a, b) => a.at.localeCompare(b.at));
        return (
          <section
            key={day.date}
            className={isToday ? 'list-day is-today' : 'list-day'}
            aria-labelledby={`list-day-${day.date}`}
          >
            <h3
              id={`list-day-${day.date}`}
              className="list-day-heading h6"
              aria-current={isToday ? 'date' : undefined}
            >
              <DayName date={day.date} />
              {isToday && <span className="today-mark">Today</span>}
            </h3>
            {items.length === 0 ? (
              <p className="small text-body-secondary mb-0">Nothing booked.</p>
            ) : (
              <ul className="list-unstyled mb-0 list-day-items">
                {items.map((item) =>
                  item.block ? (
                    <li key={item.block.block.id} className="list-block">
                      {blockText(item.block.block, item.block.from, item.block.to)}
                    </li>
                  ) : item.booking ? (
                    <li key={item.booking.id}>
                      <button
                        type="button"
                        className={`day-event status-${item.booking.status}`}
                        data-focus-key={`day-${item.booking.id}`}
                        onClick={() => item.booking && onOpen(item.booking)}
                      >
                        <EventText
                          booking={item.booking}
                          busy={busy(item.booking)}
                          tag={seriesTag(item.booking)}
                          short={false}
                        />
                      </button>
                    </li>
                  ) : null,
                )}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** Bootstrap's large breakpoint: the timetable from here up, the day list below. */
const WIDE_SCREEN = '(min-width: 992px)';

function subscribeToScreenWidth(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isWideScreen = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(WIDE_SCREEN).matches;

/** Whether the screen is wide enough for the timetable now; follows a turn or a resize. */
function useWideScreen(): boolean {
  return useSyncExternalStore(subscribeToScreenWidth, isWideScreen, () => false);
}

/**
 * The week as the screen can show it: a timetable from the large breakpoint up, a day list below
 * it. Only that one is rendered (the diary is never prerendered): half the work and half the
 * page for the phone, which would otherwise build and hide the other.
 */
export function WeekView({
  days,
  today,
  bookings,
  blocks,
  busy,
  seriesTag = () => undefined,
  onOpen,
}: {
  days: LocalDate[];
  today: LocalDate;
  bookings: PracticeBooking[];
  blocks: Block[];
  busy: Busy;
  seriesTag?: SeriesTag;
  onOpen: (booking: PracticeBooking) => void;
}) {
  const wide = useWideScreen();
  const grid = weekGrid(days, bookings, blocks);
  return wide ? (
    <WeekGrid
      days={grid.days}
      hours={grid.hours}
      rowsCount={grid.rows}
      today={today}
      busy={busy}
      seriesTag={seriesTag}
      onOpen={onOpen}
    />
  ) : (
    <DayList days={grid.days} today={today} busy={busy} seriesTag={seriesTag} onOpen={onOpen} />
  );
}
