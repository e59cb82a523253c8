import type { RouteTable } from '../platform/http/router';
import { calendarFeed, calendarFeedState, createCalendarFeed, stopCalendarFeed } from './feed';

export const calendarRoutes: RouteTable = {
  '/practice/calendar-feed': {
    GET: calendarFeedState,
    POST: createCalendarFeed,
    DELETE: stopCalendarFeed,
  },
  '/calendar/:file': { GET: calendarFeed },
};
