import type { CalendarFeedCreated, CalendarFeedState } from '../../../shared/calendar-feed';
import { CALENDAR_FEED_RULES } from '../../../shared/calendar-feed';
import { BOOKING_RULES } from '../../../shared/booking-rules';
import { addDays, practiceDate, startOfPracticeDay } from '../../../shared/time';
import { blocksOverlapping } from '../hours';
import { bookingsStartingWithin } from '../bookings';
import { partyLookup } from '../participants';
import {
  deleteFeed,
  feedExists,
  feedOf,
  feedTokenHash,
  newFeedToken,
  replaceFeed,
} from './queries';
import { feedCalendar } from './ics';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import { json, noContent, type ApiContext } from '../platform/http/types';

/** A token as newFeedToken makes it (43 base64url characters), then `.ics`. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

const feedNotFound = () =>
  problems.notFound(
    'There is no calendar at this address: the link was replaced or stopped. Copy the new one from the diary.',
  );

/** The London dates the feed covers: 4 weeks back to the end of the booking horizon, both included. */
export function feedDates(now: Date): { from: string; to: string } {
  const today = practiceDate(now);
  return {
    from: addDays(today, -7 * CALENDAR_FEED_RULES.pastWeeks),
    to: addDays(today, BOOKING_RULES.horizonDays),
  };
}

function feedUrls(context: ApiContext, token: string) {
  const url = `${context.siteUrl}/api/calendar/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:\/\//, 'webcal://') };
}

/** POST /api/practice/calendar-feed: a new private link; the one before it stops at once. */
export const createCalendarFeed = endpoint({
  auth: 'practitioner',
  async run({ caller, context }) {
    const token = newFeedToken();
    const now = context.now();
    await replaceFeed(context.db, caller.uid, feedTokenHash(token), now);
    const body: CalendarFeedCreated = { ...feedUrls(context, token), createdAt: now.toISOString() };
    return json(201, body);
  },
});

/** GET /api/practice/calendar-feed: whether she has a link and since when (never the link). */
export const calendarFeedState = endpoint({
  auth: 'practitioner',
  async run({ caller, context }) {
    const feed = await feedOf(context.db, caller.uid);
    const body: CalendarFeedState = {
      exists: feed !== undefined,
      createdAt: feed?.createdAt.toISOString() ?? null,
    };
    return json(200, body);
  },
});

/** DELETE /api/practice/calendar-feed: the link stops; 404 when there was none. */
export const stopCalendarFeed = endpoint({
  auth: 'practitioner',
  async run({ caller, context }) {
    if (!(await deleteFeed(context.db, caller.uid))) {
      throw problems.notFound('There is no calendar link to stop.');
    }
    return noContent();
  },
});

/**
 * GET /api/calendar/<token>.ics: anyone holding the link (a calendar app cannot sign in). Her
 * confirmed sessions and blocks, with initials only; nothing of it is logged.
 */
export const calendarFeed = endpoint({
  auth: 'anyone',
  async run({ params, context }) {
    const token = FEED_FILE.exec(params.file ?? '')?.[1];
    if (!token || !(await feedExists(context.db, token))) throw feedNotFound();
    const { from, to } = feedDates(context.now());
    const within = { start: startOfPracticeDay(from), end: startOfPracticeDay(addDays(to, 1)) };
    const [bookings, blocks] = await Promise.all([
      bookingsStartingWithin(context.db, within),
      blocksOverlapping(context.db, within),
    ]);
    const confirmed = bookings.filter((booking) => booking.status === 'confirmed');
    // Everyone in a couple's or family's room is named (by initials), not the booker alone.
    const partyOf = await partyLookup(context.db, confirmed, 'practitioner');
    const text = feedCalendar({
      bookings: confirmed,
      othersIn: (booking) =>
        (partyOf(booking).participants ?? [])
          .filter((each) => each.status === 'invited' || each.status === 'joined')
          .map((each) => each.name),
      blocks,
      services: context.services,
      practiceEmail: context.outbox.practiceEmail,
      ...(context.meetingHost && { meetingHost: context.meetingHost }),
    });
    return {
      status: 200,
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'cache-control': 'private, max-age=300',
        'x-robots-tag': 'noindex',
      },
      body: Buffer.from(text, 'utf8'),
    };
  },
});
