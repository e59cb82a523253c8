import { useId } from 'react';
import type { Slot } from '../../../shared/booking';
import { dateIn, describeTime, type SlotTime } from '../../lib/practice-time';

interface Day {
  date: string;
  label: string;
  slots: { slot: Slot; time: SlotTime }[];
}

function byLondonDay(slots: readonly Slot[], visitorZone: string): Day[] {
  const days = new Map<string, Day>();
  for (const slot of slots) {
    const time = describeTime(slot.start, visitorZone);
    const date = dateIn(slot.start);
    const day = days.get(date) ?? { date, label: time.day, slots: [] };
    day.slots.push({ slot, time });
    days.set(date, day);
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The week's free start times as one radio group, by day, London time first. */
export function SlotPicker({
  slots,
  chosen,
  onChoose,
  visitorZone,
}: {
  slots: readonly Slot[];
  chosen: string | undefined;
  onChoose: (start: string) => void;
  visitorZone: string;
}) {
  const name = useId();
  return (
    <fieldset className="slot-picker">
      <legend className="visually-hidden">Free start times</legend>
      {byLondonDay(slots, visitorZone).map((day) => (
        <div key={day.date} role="group" aria-labelledby={`${name}-${day.date}`} className="mb-3">
          <h3 id={`${name}-${day.date}`} className="h6 mb-2">
            {day.label}
          </h3>
          <div className="d-flex flex-wrap gap-2">
            {day.slots.map(({ slot, time }) => {
              const id = `${name}-${slot.start}`;
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
                  />
                  <label className="btn btn-outline-success slot-time" htmlFor={id}>
                    {/* The space sits outside the hidden text: the name reads "Monday 30 March, 14:30". */}
                    <span className="visually-hidden">{day.label},</span> {time.time}
                    {time.visitorTime && (
                      <>
                        {' '}
                        <span className="d-block small">(your time: {time.visitorTime})</span>
                      </>
                    )}
                  </label>
                </div>
              );
            })}
          </div>
        </div>
      ))}
    </fieldset>
  );
}
