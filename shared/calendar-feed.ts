/**
 * The practitioner's private calendar feed (her diary in her own calendar app): the API's answers
 * and what the feed holds. The link is shown once, when it is made; the server keeps only a hash.
 */
import * as v from 'valibot';
import { InstantSchema } from './booking';

export const CALENDAR_FEED_RULES = {
  /** The feed starts this many weeks before today; it ends at the booking horizon. */
  pastWeeks: 4,
  /** How often a calendar app is asked to fetch it again, in minutes (REFRESH-INTERVAL). */
  refreshMinutes: 15,
} as const;

/** POST /api/practice/calendar-feed → 201: a new link; the one before it stops at once. */
export const CalendarFeedCreatedSchema = v.object({
  url: v.string(),
  webcalUrl: v.string(),
  createdAt: InstantSchema,
});
export type CalendarFeedCreated = v.InferOutput<typeof CalendarFeedCreatedSchema>;

/** GET /api/practice/calendar-feed: whether there is a link, and when it was made (not the link). */
export const CalendarFeedStateSchema = v.object({
  exists: v.boolean(),
  createdAt: v.nullable(InstantSchema),
});
export type CalendarFeedState = v.InferOutput<typeof CalendarFeedStateSchema>;

/** "AL" for "Ada Lovelace": first and last word's first letters; no name at all is "Client". */
export function clientInitials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}]+/u, ''))
    .filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words.at(-1) : undefined;
  const letters = [first, last].map((word) => word?.charAt(0).toLocaleUpperCase('en-GB') ?? '');
  return letters.join('') || 'Client';
}
