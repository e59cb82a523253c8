import { accountRoutes } from './account';
import { bookingRoutes } from './bookings';
import { busyCalendarRoutes } from './busy-calendar';
import { calendarRoutes } from './calendar';
import { clinicalRoutes } from './clinical';
import { diaryRoutes } from './diary';
import { hoursRoutes } from './hours';
import { messageRoutes } from './messages';
import { participantRoutes } from './participants';
import { passkeyRoutes } from './passkeys';
import { paymentRoutes } from './payments';
import type { RouteTable } from './platform/http/router';
import { health } from './platform/http/health';
import { seriesRoutes } from './series';
import { textRoutes } from './texts';
import { waitlistRoutes } from './waitlist';

/**
 * Every endpoint of the API, by path after /api (`:id` is one path segment) and method: one line
 * per capability. Each endpoint declares who may call it and what it takes
 * (platform/http/endpoint.ts), and the router checks both first. docs/api.md lists them.
 */
export const routes: RouteTable = {
  '/health': { GET: health },
  ...bookingRoutes,
  ...seriesRoutes,
  ...diaryRoutes,
  ...hoursRoutes,
  ...busyCalendarRoutes,
  ...messageRoutes,
  ...accountRoutes,
  ...clinicalRoutes,
  ...paymentRoutes,
  ...waitlistRoutes,
  ...calendarRoutes,
  ...participantRoutes,
  ...passkeyRoutes,
  ...textRoutes,
};
