import type { Relation } from '../platform/http/endpoint';
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
    const participant = await joinedPlace(context.db, booking, caller.uid);
    // A participant's sessions are those from when they joined: an earlier one is not theirs.
    const joinedAt = participant?.respondedAt ?? participant?.createdAt;
    if (!participant || (joinedAt && joinedAt > booking.start))
      throw problems.notYours('You can only cancel your own sessions.');
    return { as: 'participant', booking, participant };
  },
};

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
