import { isActive } from '../../../shared/booking-rules';
import type { Service } from '../../../shared/service';
import { clientBookings, findBooking, seriesBookings, type BookingRecord } from '../bookings';
import { queueMessages, type Notification } from '../outbox';
import type { SeriesContext } from '../series';
import type { Database } from '../platform/database/database';
import { departSharedSessions, sessionsOfPlace, type Departure } from './leaving';
import { joinedBy, participantsOf, placesOf, type ParticipantRecord } from './queries';

/**
 * A participant's sessions are those from the moment they joined: each one that had not ended
 * when they accepted (the rule retention counts by, clinical/retention.ts `heldSessions`).
 */
export const sinceJoining = <Session extends Pick<BookingRecord, 'end'>>(
  sessions: readonly Session[],
  joinedAt: Date | null,
): Session[] => sessions.filter((each) => joinedAt !== null && each.end >= joinedAt);

/**
 * A series as a participant's own message tells of it: from the moment they joined (its first
 * session theirs, the weeks skipped since), without the booker's note.
 */
export function seriesSinceJoining(series: SeriesContext, joinedAt: Date | null): SeriesContext {
  const sessions = sinceJoining(series.sessions, joinedAt).map((each) => ({ ...each, note: '' }));
  return {
    record: {
      ...series.record,
      note: '',
      firstStart: sessions[0]?.start ?? series.record.firstStart,
    },
    sessions,
    skipped: series.skipped.filter((week) => joinedAt !== null && week >= joinedAt),
  };
}

/** One room an account joined, and its sessions from the moment they joined. */
export interface Participation {
  participant: ParticipantRecord;
  sessions: BookingRecord[];
}

/** Every room an account joined (still joined), each with its sessions since they joined. */
export async function participationsOf(db: Database, uid: string): Promise<Participation[]> {
  const joined = await joinedBy(db, uid);
  const [oneOff, ofSeries] = await Promise.all([
    Promise.all(
      joined.flatMap((each) => (each.bookingId ? [findBooking(db, each.bookingId)] : [])),
    ),
    seriesBookings(
      db,
      joined.flatMap((each) => (each.seriesId ? [each.seriesId] : [])),
    ),
  ]);
  const booked = [...oneOff.flatMap((each) => (each ? [each] : [])), ...ofSeries];
  return joined.map((participant) => ({
    participant,
    sessions: sinceJoining(
      booked.filter((each) =>
        participant.seriesId
          ? each.seriesId === participant.seriesId
          : each.id === participant.bookingId,
      ),
      participant.respondedAt,
    ),
  }));
}

/**
 * Every session an account was in as a participant, oldest first: of each room it joined, or has
 * left, the sessions from the moment it joined and, once it left, those begun by then (what they
 * attended stays theirs).
 */
export async function sharedSessions(db: Database, uid: string): Promise<BookingRecord[]> {
  const places = await placesOf(db, uid);
  const sessions = await Promise.all(
    places.map(async (place) => {
      const since = sinceJoining(await sessionsOfPlace(db, place), place.respondedAt);
      const { leftAt } = place;
      return leftAt ? since.filter((each) => each.start < leftAt) : since;
    }),
  );
  return sessions.flat().sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * The accounts whose session it is as participants: those in its room who had joined before it
 * ended, and had not left before it began (a session of a series: the series' party), as
 * `sharedSessions` counts it. One who joined later was not there: the session, its note and the
 * audit of its note are not on their record; one who left since was there, and they are.
 */
export async function accountsInTheRoom(
  db: Database,
  booking: Pick<BookingRecord, 'id' | 'seriesId' | 'start' | 'end'>,
): Promise<string[]> {
  const room = await participantsOf(db, {
    bookingIds: booking.seriesId ? [] : [booking.id],
    seriesIds: booking.seriesId ? [booking.seriesId] : [],
  });
  const wasThere = (each: ParticipantRecord) =>
    (each.status === 'joined' ||
      (each.status === 'left' && each.leftAt !== null && booking.start < each.leftAt)) &&
    sinceJoining([booking], each.respondedAt).length > 0;
  return room.flatMap((each) => (each.uid && wasThere(each) ? [each.uid] : []));
}

/** A participant cancelled one session: the practice, the client and every participant hear. */
export function participantCancelled(
  booking: BookingRecord,
  participant: Pick<ParticipantRecord, 'id' | 'name'>,
): Notification[] {
  const party = {
    participantId: participant.id,
    name: participant.name,
    bookerName: booking.client.name || booking.client.email,
  };
  return [
    { kind: 'participant-cancelled', to: 'practice', booking, party },
    { kind: 'participant-cancelled', to: 'client', booking, party },
  ];
}

/**
 * One participant's account is going: they leave every session and series they joined
 * (departSharedSessions: new video rooms ahead, `participant.left` published, so the practice,
 * the client who booked and the other participants of each one still ahead are told). Call it in
 * the deletion's transaction; the sessions stand for the others. Answers how many places they left.
 */
export async function leaveFutureSessions(
  trx: Database,
  uid: string,
  context: Pick<Departure, 'now' | 'reactions'>,
): Promise<number> {
  const places = await joinedBy(trx, uid);
  let left = 0;
  for (const place of places) {
    const gone = await departSharedSessions(trx, {
      participantId: place.id,
      ...context,
      accountDeleted: true,
    });
    if (gone) left += 1;
  }
  return left;
}

/**
 * The booker's account is going, and with it the sessions they booked: each participant who
 * joined hears which of those still ahead are cancelled (a calendar file removes them). Call it
 * in the deletion's transaction, before the bookings are deleted (the room is found from them).
 */
export async function cancelForParticipants(
  trx: Database,
  booked: readonly BookingRecord[],
  context: { now: Date; practiceEmail: string },
): Promise<void> {
  const ahead = booked.filter((each) => isActive(each) && each.start > context.now);
  if (ahead.length === 0) return;
  const room = await participantsOf(trx, {
    bookingIds: ahead.filter((each) => !each.seriesId).map((each) => each.id),
    seriesIds: ahead.flatMap((each) => (each.seriesId ? [each.seriesId] : [])),
  });
  const notifications = room.flatMap((participant): Notification[] => {
    if (participant.status !== 'joined' || !participant.uid || !participant.email) return [];
    const client = { uid: participant.uid, email: participant.email, name: participant.name };
    const attendees = [client];
    const sessions = ahead
      .filter((each) =>
        participant.seriesId
          ? each.seriesId === participant.seriesId
          : each.id === participant.bookingId,
      )
      .map((each) => ({ ...each, client, attendees }));
    const first = sessions[0];
    if (!first) return [];
    return [
      {
        kind: 'participant-sessions-cancelled',
        to: 'client',
        booking: first,
        sessions,
        forParticipant: participant.uid,
        party: {
          participantId: participant.id,
          name: participant.name,
          bookerName: ahead[0]?.client.name || 'The person who booked',
        },
      },
    ];
  });
  await queueMessages(trx, notifications, context);
}

/**
 * Whether an account is a partner in couples' work: it booked a couple's service, or joined one
 * as the partner, still on. CSI-4 is offered to them (and to no one else).
 */
export async function inCouplesWork(
  db: Database,
  uid: string,
  services: readonly Pick<Service, 'id' | 'attendees'>[],
): Promise<boolean> {
  const couples = new Set(
    services.filter((service) => service.attendees === 'couple').map((service) => service.id),
  );
  if (couples.size === 0) return false;
  const [own, shared] = await Promise.all([clientBookings(db, uid), sharedSessions(db, uid)]);
  return [...own, ...shared].some((each) => couples.has(each.serviceId) && isActive(each));
}
