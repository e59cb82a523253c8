import type { BookingMoved, BookingRequested, BookingStatusChanged } from '../bookings';
import type { BlockRemoved } from '../hours';
import type { Database } from '../platform/database/database';
import type { ApiContext } from '../platform/http/types';
import type { SeriesDeclined, SeriesEnded, SeriesRequested } from '../series';
import { offerFreedTimes } from './offers';
import { deleteClientWaitlist, endWaitForService } from './queries';

/**
 * The waiting list's part in what happens to sessions, subscribed in functions/src/reactions.ts:
 * each runs inside the transaction of the change (an offer is an email through the outbox, so it
 * commits with the change or not at all), decided from the change's own instant.
 */
type Context = Pick<ApiContext, 'services' | 'hours' | 'outbox'>;

const offer = (
  db: Database,
  context: Context,
  event: { occurredAt: string },
  starts: readonly string[],
  standing: boolean,
) =>
  offerFreedTimes(
    db,
    context,
    { starts: starts.map((start) => new Date(start)), standing },
    new Date(event.occurredAt),
  );

/** Asking for the service, once or every week, ends the client's wait for it. */
export async function endWaitOnRequest(
  db: Database,
  event: BookingRequested | SeriesRequested,
): Promise<void> {
  await endWaitForService(db, event.clientUid, event.serviceId);
}

/**
 * A session cancelled or declined from its own page frees its time. One cancelled by blocked time
 * frees nothing (the time is hers now), and a series' own sessions are offered as its standing
 * time when it ends (`offerOnSeriesFreed`).
 */
export async function offerOnStatusChange(
  db: Database,
  event: BookingStatusChanged,
  context: Context,
): Promise<void> {
  if (event.cause !== 'booking') return;
  if (event.to !== 'cancelled' && event.to !== 'declined') return;
  await offer(db, context, event, [event.start], false);
}

/** A moved session's old time is free again. */
export async function offerOnMove(db: Database, event: BookingMoved, context: Context) {
  await offer(db, context, event, [event.from], false);
}

/** Blocked time removed: the starts it held. */
export async function offerOnBlockRemoved(db: Database, event: BlockRemoved, context: Context) {
  await offer(db, context, event, event.freedStarts, false);
}

/** A series ended or declined: its weekly time, to those waiting for a standing time. */
export async function offerOnSeriesFreed(
  db: Database,
  event: SeriesEnded | SeriesDeclined,
  context: Context,
) {
  await offer(db, context, event, event.freedStarts, true);
}

/** An account is deleted: its waits go with it (account.deleted, published above the waiting list). */
export async function endWaitsOnAccountDeleted(db: Database, event: { uid: string }) {
  await deleteClientWaitlist(db, event.uid);
}
