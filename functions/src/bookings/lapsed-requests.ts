import { LAPSED_REQUEST_SENTENCE, STATUS_CHANGES } from '../../../shared/booking-status';
import type { Service } from '../../../shared/service';
import type { Database } from '../platform/database/database';
import { queueMessages, notificationsFor } from '../messages';
import { changeStatus, lapsedRequests } from './queries';

export interface LapsedRequestSettings {
  db: Database;
  services: readonly Service[];
  practiceEmail: string;
}

/**
 * Declines every request whose start has come without an answer (it can no longer be confirmed:
 * shared/booking-status.ts), each with its message to the client in the same transaction. A plain
 * function of (settings, clock), run with the hourly series job. Run twice, or twice at once, it
 * declines and tells nobody twice: the change is made only from 'requested'.
 */
export async function declineLapsedRequests(settings: LapsedRequestSettings, now: Date) {
  const { from, to } = STATUS_CHANGES.decline;
  let declined = 0;
  for (const id of await lapsedRequests(settings.db, now)) {
    const booking = await settings.db.transaction().execute(async (trx) => {
      const changed = await changeStatus(trx, id, from, to, now);
      if (changed)
        await queueMessages(
          trx,
          notificationsFor({
            booking: changed,
            status: to,
            by: 'practice',
            message: LAPSED_REQUEST_SENTENCE,
          }),
          { now, practiceEmail: settings.practiceEmail },
        );
      return changed;
    });
    if (booking) declined += 1;
  }
  return { declined };
}
