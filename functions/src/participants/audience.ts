import type { BookingRecord, Client } from '../bookings';
import type { Notification } from '../outbox';
import type { Database } from '../platform/database/database';
import { participantsOf, type ParticipantRecord } from './queries';
import { seriesSinceJoining, sinceJoining } from './sessions';

/** The messages about a session that each person in the room gets, not only its client. */
const SESSION_KINDS = new Set<Notification['kind']>([
  'confirmed',
  'declined',
  'cancelled-by-practice',
  'cancellation-acknowledged',
  'reminder',
  'series-confirmed',
  'series-declined',
  'series-ended',
  'moved',
  'week-skipped',
  'participant-cancelled',
  'participant-left',
]);

const asClient = (participant: ParticipantRecord): Client => ({
  uid: participant.uid ?? '',
  email: participant.email ?? '',
  name: participant.name,
});

const joinedOf = (records: readonly ParticipantRecord[], booking: BookingRecord) =>
  records.filter(
    (each) =>
      each.status === 'joined' &&
      each.uid !== null &&
      each.email !== null &&
      (booking.seriesId ? each.seriesId === booking.seriesId : each.bookingId === booking.id),
  );

/**
 * A participant's own copy of a message to the booker: addressed to them, with the sessions from
 * the moment they joined. The practitioner's words to the booker (a decline's or cancellation's
 * "A word from me") and the booker's note are the booker's alone: the copy is made without them.
 */
/**
 * The people in the room as a participant's own copy names them: everyone by name, but only their
 * own email address (the booker's and the others' are not theirs to have, calendar file included).
 */
export const ownAddressOnly = (attendees: readonly Client[], uid: string | null): Client[] =>
  attendees.map((each) => (each.uid === uid ? each : { ...each, email: '' }));

function participantsCopy(forBooker: Notification, participant: ParticipantRecord): Notification {
  const { series, sessions } = forBooker;
  const since = participant.respondedAt;
  const theirs = <Session extends BookingRecord>(session: Session): Session => ({
    ...session,
    note: '',
    ...(session.attendees && { attendees: ownAddressOnly(session.attendees, participant.uid) }),
  });
  const fromJoining = series && seriesSinceJoining(series, since);
  const copy: Notification = {
    ...forBooker,
    booking: { ...theirs(forBooker.booking), client: asClient(participant) },
    ...(fromJoining && {
      series: { ...fromJoining, sessions: fromJoining.sessions.map(theirs) },
    }),
    ...(sessions && { sessions: sinceJoining(sessions, since).map(theirs) }),
    forParticipant: participant.uid ?? '',
  };
  delete copy.message;
  return copy;
}

/**
 * A client's message about a shared session, once for the client and once for each participant
 * who joined (their own address and account), each carrying everyone in the room for the
 * calendar file. Other messages pass as they are.
 */
export async function withParticipants(
  db: Database,
  notifications: readonly Notification[],
): Promise<Notification[]> {
  const shared = notifications.filter(
    (each) => each.to === 'client' && SESSION_KINDS.has(each.kind) && !each.forParticipant,
  );
  if (shared.length === 0) return [...notifications];
  const records = await participantsOf(db, {
    bookingIds: shared.flatMap((each) => (each.booking.id ? [each.booking.id] : [])),
    seriesIds: shared.flatMap((each) => (each.booking.seriesId ? [each.booking.seriesId] : [])),
  });
  if (records.length === 0) return [...notifications];
  return notifications.flatMap((notification) => {
    if (!shared.includes(notification)) return [notification];
    const joined = joinedOf(records, notification.booking);
    // The one who left hears nothing more about the session; the others are told.
    const others =
      notification.kind === 'participant-left'
        ? joined.filter((each) => each.id !== notification.party?.participantId)
        : joined;
    if (others.length === 0) return [notification];
    const attendees = [notification.booking.client, ...others.map(asClient)];
    const withRoom = (booking: BookingRecord): BookingRecord => ({ ...booking, attendees });
    const series = notification.series && {
      ...notification.series,
      sessions: notification.series.sessions.map(withRoom),
    };
    const forBooker: Notification = {
      ...notification,
      booking: withRoom(notification.booking),
      ...(series && { series }),
      ...(notification.sessions && { sessions: notification.sessions.map(withRoom) }),
    };
    return [forBooker, ...others.map((participant) => participantsCopy(forBooker, participant))];
  });
}
