import { BUSY_CALENDAR_RULES } from '../../../shared/busy-calendar';
import { MINUTE_MS } from '../../../shared/time';
import type { Database } from '../platform/database/database';
import type { FeedRules } from './fetch-feed';
import { readConnection, saveFailedRead, saveGoodRead } from './queries';
import { readHerCalendar } from './read';

/** A run a little early (the scheduler's jitter) still reads. */
const EARLY_MS = MINUTE_MS;

/**
 * The scheduled read, every BUSY_CALENDAR_RULES.refreshMinutes: her calendar read again if the
 * last try is that old. A failure keeps the last good busy times and records why. Idempotent: a
 * second run at once reads nothing. The local stacks call it on their 5-second timer.
 */
export async function refreshBusyCalendar(
  db: Database,
  rules: FeedRules,
  now: Date,
): Promise<void> {
  const connection = await readConnection(db);
  if (!connection) return;
  const due = connection.last_tried_at.getTime() + BUSY_CALENDAR_RULES.refreshMinutes * MINUTE_MS;
  if (now.getTime() < due - EARLY_MS) return;
  try {
    const read = await readHerCalendar(connection.url, rules, now);
    await saveGoodRead(db, connection.url, read, now);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'The calendar could not be read.';
    await saveFailedRead(db, connection.url, reason, now);
  }
}
