import { useMemo, useState } from 'react';
import { AVAILABILITY_MAX_DAYS } from '../../../shared/booking';
import type { LocalDate } from '../../../shared/time';
import { dateIn } from '../../lib/practice-time';
import { horizonDays, type CalendarDay } from './calendar-days';
import { useAvailability, type AvailabilityState } from './use-availability';

/** The free times of the whole booking horizon for one service: what `TimePicker` shows. */
export interface HorizonTimes {
  /** The first London date of the horizon. */
  today: LocalDate;
  availability: AvailabilityState;
  /** Every date of the horizon with its free times; empty until they arrive. */
  days: CalendarDay[];
  /** Ask for the times again (one was taken, or the last read failed). */
  reload: () => void;
}

/**
 * One read of the free times from today to the end of the horizon (the API's longest answer is
 * the horizon itself), so every day can say at once whether it has times.
 */
export function useHorizonTimes(serviceId: number, forPractitioner = false): HorizonTimes {
  const [today] = useState(() => dateIn(Date.now()));
  const { state, reload } = useAvailability(
    serviceId,
    today,
    AVAILABILITY_MAX_DAYS,
    forPractitioner,
  );
  const days = useMemo(
    () => (state.status === 'ready' ? horizonDays(today, state.slots, AVAILABILITY_MAX_DAYS) : []),
    [state, today],
  );
  return { today, availability: state, days, reload };
}
