import { LAPSED_REQUEST_SENTENCE } from '../../../shared/booking-status';
import {
  findBooking,
  joinedPlace,
  type BookingLapsed,
  type BookingMoved,
  type BookingRecord,
  type BookingRequested,
  type BookingStatusChanged,
} from '../bookings';
import { participantCancelled } from '../participants';
import type { Database } from '../platform/database/database';
import type { ApiContext } from '../platform/http/types';
import { notificationsFor } from './notifications';
import { queueMessages, type Notification } from '../outbox';

/**
 * What is sent when a session changes, subscribed in functions/src/reactions.ts: each runs
 * inside the transaction of the change, so the message commits with it or not at all (the
 * outbox), dated by the change's own instant. The event says who did what; the session is read
 * as the change left it, on the same transaction.
 */
type Context = Pick<ApiContext, 'outbox'>;

async function tell(
  db: Database,
  context: Context,
  event: { bookingId: string; occurredAt: string },
  about: (booking: BookingRecord) => Notification[] | Promise<Notification[]>,
) {
  const booking = await findBooking(db, event.bookingId);
  if (!booking) return;
  await queueMessages(db, await about(booking), {
    now: new Date(event.occurredAt),
    practiceEmail: context.outbox.practiceEmail,
  });
}

/** A request: the practice hears of it, and the client that it arrived. */
export const tellOfRequest = (db: Database, event: BookingRequested, context: Context) =>
  tell(db, context, event, (booking) =>
    notificationsFor({ booking, status: 'requested', by: 'client' }),
  );

/**
 * Confirmed, declined or cancelled, from the session's page or by blocked time, with her words
 * when she gave any; a participant's cancellation is told as theirs. A series ending tells of all
 * its sessions in one message of its own (series/), so its sessions' events send nothing here.
 */
export async function tellOfStatusChange(
  db: Database,
  event: BookingStatusChanged,
  context: Context,
) {
  if (event.cause === 'series-ended') return;
  await tell(db, context, event, async (booking) => {
    const participant =
      event.participantUid !== undefined &&
      (await joinedPlace(db, booking, event.participantUid));
    if (participant) return participantCancelled(booking, participant);
    return notificationsFor({
      booking,
      status: event.to,
      by: event.by,
      ...(event.message !== undefined && { message: event.message }),
    });
  });
}

/** A request whose start came without an answer: the client is told it was declined, and why. */
export const tellOfLapse = (db: Database, event: BookingLapsed, context: Context) =>
  tell(db, context, event, (booking) =>
    notificationsFor({
      booking,
      status: 'declined',
      by: 'practice',
      message: LAPSED_REQUEST_SENTENCE,
    }),
  );

/** A moved session: the client hears its new time (and the old); the practice, if she moved it. */
export const tellOfMove = (db: Database, event: BookingMoved, context: Context) =>
  tell(db, context, event, (booking) => {
    const about = { booking, previousStart: new Date(event.from) };
    const messages: Notification[] = [{ kind: 'moved', to: 'client', ...about }];
    if (event.by === 'client') messages.push({ kind: 'moved-by-client', to: 'practice', ...about });
    return messages;
  });
