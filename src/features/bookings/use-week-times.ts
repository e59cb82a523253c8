import { useState, type Dispatch, type SetStateAction } from 'react';
import { AVAILABILITY_MAX_DAYS } from '../../../shared/booking';
import { addDays, dateIn } from '../../lib/practice-time';
import { useAvailability, type AvailabilityState } from './use-availability';

export const WEEK_DAYS = 7;
/** The last week (0 is the seven days from today) that still holds a bookable day. */
export const LAST_WEEK = Math.ceil(AVAILABILITY_MAX_DAYS / WEEK_DAYS) - 1;

/** The week a time picker shows, and its free times: what `WeekTimePicker` is controlled by. */
export interface WeekTimes {
  /** Weeks from today's: 0 is the seven days from today, up to `LAST_WEEK`. */
  week: number;
  setWeek: Dispatch<SetStateAction<number>>;
  /** The week's first London date. */
  from: string;
  availability: AvailabilityState;
  /** Ask for the week's times again (they changed, or the last read failed). */
  reload: () => void;
}

/**
 * The week state of a time picker for one service, starting this week. Its owner reads it too:
 * to wait for the first week's answer, or to refresh the times after a start was taken.
 */
export function useWeekTimes(serviceId: number): WeekTimes {
  const [today] = useState(() => dateIn(Date.now()));
  const [week, setWeek] = useState(0);
  const from = addDays(today, week * WEEK_DAYS);
  const { state, reload } = useAvailability(serviceId, from, WEEK_DAYS);
  return { week, setWeek, from, availability: state, reload };
}
