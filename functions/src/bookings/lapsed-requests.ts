import { STATUS_CHANGES } from '../../../shared/booking-status';
import type { Service } from '../../../shared/service';
import type { Database } from '../platform/database/database';
import type { Reactions } from '../platform/events/reactions';
import { changeStatus, lapsedRequests } from './queries';
import type { BookingLapsed } from './types';

export interface LapsedRequestSettings {
  db: Database;
  services: readonly Service[];
  /** The session events' reactions (the client's message reacts to `booking.lapsed`). */
  reactions: Pick<Reactions, 'publish'>;
}

/**
 * Declines every request whose start has come without an answer (it can no longer be confirmed:
 * shared/booking-status.ts), publishing `booking.lapsed` in the same transaction (the client is
 * told, by messages' reaction). A plain function of (settings, clock), run with the hourly series
 * job. Run twice, or twice at once, it declines and tells nobody twice: the change is made only
 * from 'requested'.
 */
export async function declineLapsedRequests(settings: LapsedRequestSettings, now: Date) {
  const { from, to } = STATUS_CHANGES.decline;
  let declined = 0;
  for (const id of await lapsedRequests(settings.db, now)) {
    const booking = await settings.db.transaction().execute(async (trx) => {
      const changed = await changeStatus(trx, id, from, to, now);
      if (changed)
        await settings.reactions.publish(trx, {
          type: 'booking.lapsed',
          bookingId: changed.id,
          occurredAt: now.toISOString(),
        } satisfies BookingLapsed);
      return changed;
    });
    if (booking) declined += 1;
  }
  return { declined };
}
