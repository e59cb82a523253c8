import type { Relation } from '../platform/http/endpoint';
import type { Database } from '../platform/database/database';
import { pathId } from '../platform/http/input';
import { problems } from '../platform/http/problems';
import type { ApiContext } from '../platform/http/types';
import { findBooking } from './queries';
import { joinedPlace, type JoinedPlace } from './room';
import type { BookingRecord } from './types';

/** What the caller is to a booking a client route names: its booker, or a participant who joined. */
export type BookingAccess =
  | { as: 'booker'; booking: BookingRecord }
  | {
      as: 'participant';
      booking: BookingRecord;
      /** Their place in the room, with when they joined it (`respondedAt`). */
      participant: JoinedPlace;
    };

const noSuchBooking = () =>
  problems.notFound('There is no booking with that id. Reload the list and try again.');

/** The booking a path names, whoever asks (404 when there is none). */
export async function bookingNamed(
  context: Pick<ApiContext, 'db'>,
  id: string | undefined,
): Promise<BookingRecord> {
  const booking = await findBooking(context.db, pathId(id));
  if (!booking) throw noSuchBooking();
  return booking;
}

/** Cancelling: the booker, or a participant who joined the session's room. */
export const bookerOrParticipant: Relation<BookingAccess> = {
  thing: 'booking',
  who: ['booker', 'participant'],
  async resolve(context, caller, params) {
    const booking = await bookingNamed(context, params.id);
    if (booking.client.uid === caller.uid) return { as: 'booker', booking };
    const participant = await participantOf(context.db, booking, caller.uid);
    return { as: 'participant', booking, participant };
  },
};

/**
 * The caller's joined place in the booking's room, or the 403 a non-participant gets. The access
 * decision asks it before the handler; the cancel asks it again under the session's row lock, as
 * the practitioner may have removed them in between.
 */
export async function participantOf(
  db: Database,
  booking: Pick<BookingRecord, 'id' | 'seriesId' | 'start'>,
  uid: string,
): Promise<JoinedPlace> {
  const participant = await joinedPlace(db, booking, uid);
  // A participant's sessions are those from when they joined: an earlier one is not theirs.
  const joinedAt = participant?.respondedAt ?? participant?.createdAt;
  if (!participant || (joinedAt && joinedAt > booking.start))
    throw problems.notYours('You can only cancel your own sessions.');
  return participant;
}

/** Moving: the person who booked it alone. */
export const bookerOnly: Relation<{ as: 'booker'; booking: BookingRecord }> = {
  thing: 'booking',
  who: ['booker'],
  async resolve(context, caller, params) {
    const booking = await bookingNamed(context, params.id);
    if (booking.client.uid !== caller.uid)
      throw problems.notYours('Only the person who booked this session can move it.');
    return { as: 'booker', booking };
  },
};
