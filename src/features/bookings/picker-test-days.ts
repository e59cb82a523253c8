/**
 * Days and times for the checkout picker's unit tests, counted from today in London (the picker's
 * horizon starts today, so they are always in it), and the availability API's answer for them.
 */
import { addDays, dateIn, zonedTimeToInstant } from '../../lib/practice-time';

/** Today's London date, as the picker reads it. */
export const today = dateIn(Date.now());

/** A London date `days` from today. */
export const dayIn = (days: number) => addDays(today, days);

/** The instant `days` from today at a London wall-clock time. */
export const at = (days: number, time: string) =>
  zonedTimeToInstant(dayIn(days), time).toISOString();

/** What `fetchAvailability` resolves to when exactly these starts are free. */
export const answer = (...starts: string[]) =>
  Promise.resolve({
    timeZone: 'Europe/London' as const,
    slots: starts.map((start) => ({ start, end: start })),
  });
