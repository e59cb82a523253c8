import { sql } from 'kysely';
import { isActive } from '../../../shared/booking-rules';
import {
  findBooking,
  newVideoRoom,
  seriesBookings,
  type BookingRecord,
  type Client,
} from '../bookings';
import type { Notification } from '../outbox';
import type { Database } from '../platform/database/database';
import type { Reactions } from '../platform/events/reactions';
import type { ParticipantLeft } from './events';
import { departParticipant, type ParticipantRecord } from './queries';
import { bookerName } from './views';

/** The sessions a participant's place is in (a one-off session, or every session of a series). */
export async function sessionsOfPlace(
  db: Database,
  place: Pick<ParticipantRecord, 'bookingId' | 'seriesId'>,
): Promise<BookingRecord[]> {
  if (place.bookingId) {
    const booking = await findBooking(db, place.bookingId);
    return booking ? [booking] : [];
  }
  return seriesBookings(db, place.seriesId ? [place.seriesId] : []);
}

/**
 * The video sessions still ahead get a room of their own again (a new unguessable name), so a
 * link already emailed to someone who left no longer leads in; each one's calendar revision goes
 * up, so the calendar files sent with the new link update the events people have.
 */
async function newRoomsAhead(
  db: Database,
  sessions: readonly BookingRecord[],
  now: Date,
): Promise<BookingRecord[]> {
  const changed: BookingRecord[] = [];
  for (const session of sessions) {
    if (!session.videoRoom || !isActive(session) || session.start <= now) continue;
    const room = newVideoRoom();
    await sql`update bookings set video_room = ${room}, sequence = sequence + 1,
      updated_at = ${now} where id = ${session.id}`.execute(db);
    changed.push({ ...session, videoRoom: room, sequence: session.sequence + 1, updatedAt: now });
  }
  return changed;
}

export interface Departure {
  /** The participant's place (joined). */
  participantId: string;
  now: Date;
  /** Where the event is published (the API's session events). */
  reactions: Pick<Reactions, 'publish'>;
  /** She removed them, for this reason (kept on the place, told to no one). */
  removalReason?: string;
  /** Their account is being deleted: its own email tells them; nothing more goes to them. */
  accountDeleted?: boolean;
}

/**
 * A participant who joined leaves a session or series, or the practitioner removes them: the one
 * place every departure goes through, publishing `participant.left` inside the caller's
 * transaction. From now on the sessions are no longer theirs; those they attended stay on their
 * record (the place keeps when they left). The video sessions ahead get new rooms here; whoever
 * is told reacts to the event (functions/src/reactions.ts). Undefined when they were no longer in
 * the room.
 */
export async function departSharedSessions(
  trx: Database,
  departure: Departure,
): Promise<ParticipantRecord | undefined> {
  const { now } = departure;
  // The sessions' rows first, as a cancel takes them (for update) before asking who the caller
  // is: a cancel under way finishes first, or sees them gone. Key share lets others' no-key
  // updates (a note, an attendance mark) go on.
  await sql`select b.id from bookings b join participants p
    on b.id = p.booking_id or b.series_id = p.series_id
    where p.id = ${departure.participantId} order by b.id for key share of b`.execute(trx);
  const left = await departParticipant(trx, {
    id: departure.participantId,
    now,
    ...(departure.removalReason !== undefined && { removalReason: departure.removalReason }),
  });
  if (!left) return undefined;
  const sessions = await sessionsOfPlace(trx, left);
  const ahead = sessions.filter((each) => isActive(each) && each.start > now);
  const renewed = await newRoomsAhead(trx, ahead, now);
  await departure.reactions.publish(trx, {
    type: 'participant.left',
    participantId: left.id,
    departure: departure.accountDeleted
      ? 'account-deleted'
      : departure.removalReason === undefined
        ? 'left'
        : 'removed',
    aheadIds: ahead.map((each) => each.id),
    renewedIds: renewed.map((each) => each.id),
    occurredAt: now.toISOString(),
  } satisfies ParticipantLeft);
  return left;
}

/**
 * Who is told of a departure, from its sessions ahead as they now are (in their new rooms): the
 * practice and the booker (and through withParticipants everyone else still coming, with the new
 * links and an updated calendar entry); the one who goes only that they no longer attend, with a
 * calendar file that removes the sessions ahead. Nothing ahead: no one needs telling.
 */
export function departureNotices(
  event: ParticipantLeft,
  left: ParticipantRecord,
  ahead: readonly BookingRecord[],
): Notification[] {
  const next = ahead[0];
  if (!next) return [];
  const party = {
    participantId: left.id,
    name: left.name,
    bookerName: bookerName(next),
    ...(event.departure !== 'account-deleted' && { departure: event.departure }),
  };
  const departed: Client = { uid: left.uid ?? '', email: left.email ?? '', name: left.name };
  const toDeparted: Notification = {
    kind: 'participant-departed',
    to: 'client',
    booking: { ...next, client: departed, attendees: [departed] },
    party,
    forParticipant: departed.uid,
    sessions: ahead.map((each) => ({ ...each, client: departed, attendees: [departed] })),
  };
  return [
    { kind: 'participant-left', to: 'practice', booking: next, party },
    // The booker, and through withParticipants everyone else still coming.
    {
      kind: 'participant-left',
      to: 'client',
      booking: next,
      party,
      sessions: ahead.filter(
        (each) => event.renewedIds.includes(each.id) && each.status === 'confirmed',
      ),
    },
    // Their own account's deletion email tells a deleted account; nothing more goes to it.
    ...(event.departure === 'account-deleted' ? [] : [toDeparted]),
  ];
}
