import { clientBookings, findBooking } from '../bookings';
import { departureNotices, findParticipant, type ParticipantLeft } from '../participants';
import type { Database } from '../platform/database/database';
import type { ApiContext } from '../platform/http/types';
import { sessionsOfDeletedAccount } from './notifications';
import { dropClientMessages, queueMessages } from '../outbox';

/**
 * The messages' part in what happens to accounts and sessions, subscribed in
 * functions/src/reactions.ts: inside the change's transaction (the outbox commits with it).
 */

/** What messages reads of an account's deletion (account.deleted, published above it). */
interface DeletedAccount {
  uid: string;
  bookingIds: readonly string[];
  occurredAt: string;
}

/**
 * An account is deleted: its messages not yet sent are dropped (the deletion's own confirmation
 * is queued after), and the practice hears of each of its sessions ahead, cancelled with it.
 */
export async function noticesOnAccountDeleted(
  db: Database,
  event: DeletedAccount,
  context: Pick<ApiContext, 'outbox'>,
): Promise<void> {
  await dropClientMessages(db, event.uid);
  const now = new Date(event.occurredAt);
  const booked = (await clientBookings(db, event.uid)).filter((each) =>
    event.bookingIds.includes(each.id),
  );
  await queueMessages(db, sessionsOfDeletedAccount(booked, now), {
    now,
    practiceEmail: context.outbox.practiceEmail,
  });
}

/**
 * A participant left, was removed or went with their account: the practice, the booker (and
 * everyone still coming) and the one who left are told, of the sessions ahead as they now are.
 */
export async function noticesOnParticipantLeft(
  db: Database,
  event: ParticipantLeft,
  context: Pick<ApiContext, 'outbox'>,
): Promise<void> {
  if (event.aheadIds.length === 0) return;
  const left = await findParticipant(db, event.participantId);
  if (!left) return;
  const ahead = (await Promise.all(event.aheadIds.map((id) => findBooking(db, id)))).flatMap(
    (each) => (each ? [each] : []),
  );
  await queueMessages(db, departureNotices(event, left, ahead), {
    now: new Date(event.occurredAt),
    practiceEmail: context.outbox.practiceEmail,
  });
}
