import {
  blocksOverlapping,
  clashesWithHerCalendar,
  readWorkingHours,
  withinHerHours,
} from '../hours';
import { CALENDAR_CLASH_SENTENCE } from '../../../shared/busy-calendar';
import type { Database } from '../platform/database/database';
import type { ApiContext } from '../platform/http/types';
import type { BookingRecord } from './types';
import { serviceById } from './views';

/**
 * Whether a session asked for earlier may still be confirmed as her time is now: not inside time
 * she has blocked since, nor now busy in her own calendar, and still within her hours (the same `withinHerHours` every request and
 * move is judged by). Undefined when it may; otherwise the sentence saying why not.
 */
export async function stillInHerTime(
  db: Database,
  context: Pick<ApiContext, 'hours' | 'services'>,
  session: Pick<BookingRecord, 'start' | 'end' | 'serviceId'>,
): Promise<string | undefined> {
  if ((await blocksOverlapping(db, session)).length > 0)
    return 'This request is inside time you blocked. Decline it, or remove the blocked time first.';
  const service = serviceById(context.services, session.serviceId);
  const working = await readWorkingHours(db);
  if (clashesWithHerCalendar(working, session)) return CALENDAR_CLASH_SENTENCE;
  const query = { hours: context.hours, working, serviceMinutes: service.minutes };
  if (!withinHerHours(query, session.start))
    return 'This request is outside your hours as they are now. Decline it, or change your hours first.';
  return undefined;
}
