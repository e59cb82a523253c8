import { useId } from 'react';
import { DAYS_OF_WEEK, dayOfWeek, type LocalDate } from '../../../shared/time';
import { dayName, freeTimesText, type CalendarDay } from './calendar-days';

const monthShort = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
/** "Apr" for a date: shown on the calendar's first day and on each first of a month. */
const monthOf = (date: LocalDate) => monthShort.format(new Date(`${date}T12:00:00Z`));

/**
 * The booking horizon as a compact calendar, Monday to Sunday, one radio per day: a day with
 * free times is outlined and dotted, a day without is dimmed and cannot be chosen. Each day's
 * name says it in full ("Tuesday 7 April, 3 free times").
 */
export function DayCalendar({
  days,
  chosen,
  onChoose,
}: {
  days: readonly CalendarDay[];
  chosen: LocalDate | undefined;
  onChoose: (date: LocalDate) => void;
}) {
  const name = useId();
  const first = days[0];
  if (!first) return null;
  const firstColumn = DAYS_OF_WEEK.indexOf(dayOfWeek(first.date)) + 1;

  return (
    <fieldset className="day-calendar">
      <legend className="h6">Choose a day</legend>
      <div className="calendar-grid">
        {DAYS_OF_WEEK.map((weekday) => (
          <span key={weekday} className="calendar-weekday" aria-hidden="true">
            {weekday.slice(0, 3)}
          </span>
        ))}
        {days.map((day, index) => {
          const id = `${name}-${day.date}`;
          const free = day.slots.length > 0;
          const dayOfMonth = Number(day.date.slice(8));
          return (
            <div
              key={day.date}
              className={index === 0 ? `calendar-day starts-${firstColumn}` : 'calendar-day'}
            >
              <input
                type="radio"
                className="btn-check"
                name={name}
                id={id}
                value={day.date}
                checked={chosen === day.date}
                disabled={!free}
                onChange={() => onChoose(day.date)}
              />
              <label
                className={`btn calendar-label ${free ? 'btn-outline-success' : 'calendar-closed'}`}
                htmlFor={id}
              >
                <span aria-hidden="true" className="calendar-month">
                  {index === 0 || dayOfMonth === 1 ? monthOf(day.date) : ''}
                </span>
                <span aria-hidden="true" className="calendar-date">
                  {dayOfMonth}
                </span>
                <span aria-hidden="true" className={free ? 'calendar-free' : 'calendar-none'} />
                <span className="visually-hidden">
                  {dayName(day.date)}, {freeTimesText(day.slots.length)}
                </span>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
