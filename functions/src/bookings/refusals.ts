import { RULE_SENTENCES } from '../../../shared/booking-rules';
import { findBooking } from './queries';
import { joinedParticipant } from '../participants';
import type { StartCheck } from './slots';
import type { BookingRecord } from './types';
import { pathId } from '../platform/http/input';
import { problems } from '../platform/http/problems';
import type { ApiContext, Caller } from '../platform/http/types';

type Refused = Extract<StartCheck, { ok: false }>['reason'];

/** Why a start time cannot be had, as the answer a person can act on (422, or 409 when taken). */
export function startRefusal(reason: Refused) {
  switch (reason) {
    case 'too-soon':
      return problems.outsideRules(RULE_SENTENCES.tooSoon);
    case 'too-far':
      return problems.outsideRules(RULE_SENTENCES.tooFar);
    case 'outside-hours':
      return problems.outsideRules(
        'That is not one of the offered start times. Choose a time from the list.',
      );
    case 'taken':
      return problems.slotTaken('Someone has just taken this time. Choose another time.');
  }
}

/**
 * The booking a path names, if the caller may act on it: its own client or the practitioner.
 * Who acts decides which rules apply (the practitioner keeps no notice period).
 */
export async function bookingForCaller(
  context: Pick<ApiContext, 'db'>,
  caller: Caller,
  id: string | undefined,
  what: 'cancel' | 'move',
): Promise<{
  booking: BookingRecord;
  ownBooking: boolean;
  actor: 'client' | 'practitioner';
  /** A participant of a shared session who joined it: they may cancel it, not move it. */
  participant?: Awaited<ReturnType<typeof joinedParticipant>>;
}> {
  const booking = await findBooking(context.db, pathId(id));
  if (!booking)
    throw problems.notFound('There is no booking with that id. Reload the list and try again.');
  const ownBooking = booking.client.uid === caller.uid;
  if (!ownBooking && !caller.practitioner) {
    const participant =
      what === 'cancel' ? await joinedParticipant(context.db, booking, caller.uid) : undefined;
    if (!participant)
      throw problems.notYours(
        what === 'move'
          ? 'Only the person who booked this session can move it.'
          : `You can only ${what} your own sessions.`,
      );
    return { booking, ownBooking, actor: 'client', participant };
  }
  return { booking, ownBooking, actor: caller.practitioner ? 'practitioner' : 'client' };
}
