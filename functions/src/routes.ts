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
export const routes: RouteTable = joinRoutes([
  { '/health': { GET: health } },
  bookingRoutes,
  seriesRoutes,
  diaryRoutes,
  hoursRoutes,
  busyCalendarRoutes,
  messageRoutes,
  accountRoutes,
  clinicalRoutes,
  paymentRoutes,
  waitlistRoutes,
  calendarRoutes,
  participantRoutes,
  passkeyRoutes,
  textRoutes,
]);

/**
 * The capabilities' tables as one: a path two of them serve (GET /series is payments', its POST
 * the series') keeps both methods, at the place it first appears (the router matches in order).
 * A method served twice is a mistake: refused at start-up.
 */
function joinRoutes(tables: readonly RouteTable[]): RouteTable {
  const joined: Record<string, RouteTable[string]> = {};
  for (const table of tables) {
    for (const [path, methods] of Object.entries(table)) {
      const twice = Object.keys(methods).filter((method) => method in (joined[path] ?? {}));
      if (twice.length > 0) throw new Error(`${twice.join(', ')} ${path} is served twice`);
      joined[path] = { ...joined[path], ...methods };
    }
  }
  return joined;
}
