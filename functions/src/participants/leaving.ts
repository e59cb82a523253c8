import { sql } from 'kysely';
import { isActive } from '../../../shared/booking-rules';
import {
  findBooking,
  newVideoRoom,
  seriesBookings,
  type BookingRecord,
  type Client,
} from '../bookings';
import { queueMessages, type Notification } from '../messages';
import type { Database } from '../platform/database/database';
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
  practiceEmail: string;
  /** She removed them, for this reason (kept on the place, told to no one). */
  removalReason?: string;
  /** Their account is being deleted: its own email tells them; nothing more goes to them. */
  accountDeleted?: boolean;
}

/**
 * A participant who joined leaves a session or series, or the practitioner removes them: the one
 * place every departure goes through (and where a "participant left" event is to be published).
 * From now on the sessions are no longer theirs; those they attended stay on their record (the
 * place keeps when they left). The sessions ahead get new video rooms; the practice and the
 * booker are told, everyone still coming gets the new link and an updated calendar entry, and the
 * one who goes is told only that they no longer attend, with a calendar file that removes the
 * sessions ahead. Call it in a transaction; undefined when they were no longer in the room.
 */
export async function departSharedSessions(
  trx: Database,
  departure: Departure,
): Promise<ParticipantRecord | undefined> {
  const { now } = departure;
  const left = await departParticipant(trx, {
    id: departure.participantId,
    now,
    ...(departure.removalReason !== undefined && { removalReason: departure.removalReason }),
  });
  if (!left) return undefined;
  const sessions = await sessionsOfPlace(trx, left);
  const ahead = sessions.filter((each) => isActive(each) && each.start > now);
  // Nothing ahead: nothing of theirs changes for anyone, and no one needs telling.
  const about = ahead[0];
  if (!about) return left;
  const renewed = await newRoomsAhead(trx, ahead, now);
  const withNewRooms = (booking: BookingRecord) =>
    renewed.find((each) => each.id === booking.id) ?? booking;
  const next = withNewRooms(about);
  const party = {
    participantId: left.id,
    name: left.name,
    bookerName: bookerName(next),
    ...(!departure.accountDeleted && {
      departure: departure.removalReason === undefined ? ('left' as const) : ('removed' as const),
    }),
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
  const notifications: Notification[] = [
    { kind: 'participant-left', to: 'practice', booking: next, party },
    // The booker, and through withParticipants everyone else still coming.
    {
      kind: 'participant-left',
      to: 'client',
      booking: next,
      party,
      sessions: renewed.filter((each) => each.status === 'confirmed'),
    },
    // Their own account's deletion email tells a deleted account; nothing more goes to it.
    ...(departure.accountDeleted ? [] : [toDeparted]),
  ];
  await queueMessages(trx, notifications, departure);
  return left;
}
