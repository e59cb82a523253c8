import { BOOKING_RULES } from '../../../shared/booking-rules';
import { DAY_MS } from '../../../shared/time';
import { fetchFeed, FeedError, type FeedRules } from './fetch-feed';
import { readCalendar, type ReadCalendar } from './parse';

/** The busy times kept: from a day ago (a session's break) to past the booking horizon. */
export function keptWindow(now: Date) {
  return {
    start: new Date(now.getTime() - DAY_MS),
    end: new Date(now.getTime() + (BOOKING_RULES.horizonDays + 2) * DAY_MS),
  };
}

/** Her calendar read now: its events and busy times, or a FeedError saying why not. */
export async function readHerCalendar(
  url: string,
  rules: FeedRules,
  now: Date,
): Promise<ReadCalendar> {
  const text = await fetchFeed(url, rules);
  try {
    return readCalendar(text, keptWindow(now));
  } catch {
    throw new FeedError(
      'That address did not answer with a calendar: copy the address marked iCal or ICS.',
    );
  }
}
