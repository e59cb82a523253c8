import { useId } from 'react';
import { describeTime } from '../../lib/practice-time';
import { byPartOfDay, dayName, type CalendarDay } from './calendar-days';

/**
 * One day's free start times as one radio group, by part of the day, London time first. Each
 * time's name says it in full: "14:30, Tuesday 7 April", with the visitor's own time when it
 * reads differently.
 */
export function DayTimes({
  day,
  chosen,
  onChoose,
  visitorZone,
}: {
  day: CalendarDay;
  chosen: string | undefined;
  onChoose: (start: string) => void;
  visitorZone: string;
}) {
  const name = useId();
  const label = dayName(day.date);
  // The visitor's own time makes each button taller and wider: fewer to a row.
  const ownTimes = day.slots.some(
    (slot) => describeTime(slot.start, visitorZone).visitorTime !== undefined,
  );
  return (
    <fieldset className="day-times">
      <legend className="h6">Free times on {label}</legend>
      {day.slots.length === 0 && <p>No free times on {label}. Please choose another day.</p>}
      {byPartOfDay(day.slots).map(({ part, slots }) => {
        const headingId = `${name}-${part.replace(' ', '-')}`;
        return (
          <div key={part} role="group" aria-labelledby={headingId} className="mb-2">
            <h3 id={headingId} className="part-of-day">
              {part}
            </h3>
            <div className={ownTimes ? 'time-grid with-own-time' : 'time-grid'}>
              {slots.map((slot) => {
                const id = `${name}-${slot.start}`;
                const time = describeTime(slot.start, visitorZone);
                const ownTime = time.visitorTime ? ` (your time: ${time.visitorTime})` : '';
                return (
                  <div key={slot.start}>
                    <input
                      type="radio"
                      className="btn-check"
                      name={name}
                      id={id}
                      value={slot.start}
                      checked={chosen === slot.start}
                      onChange={() => onChoose(slot.start)}
                      // Named in full here: hidden words in the label would read "14:30 , Tuesday".
                      aria-label={`${time.time}, ${time.day}${ownTime}`}
                    />
                    <label className="btn btn-outline-success slot-time" htmlFor={id}>
                      {time.time}
                      {time.visitorTime && (
                        <span className="d-block small">(your time: {time.visitorTime})</span>
                      )}
                    </label>
                  </div>
                );
              })}
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
