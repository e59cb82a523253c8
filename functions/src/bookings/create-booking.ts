import type * as v from 'valibot';
import type { BookingRequestSchema } from '../../../shared/booking';
import { BOOKING_RULES, RULE_SENTENCES } from '../../../shared/booking-rules';
import { CALL_PHONE_SENTENCES, checkCallPhone } from '../../../shared/phone';
import { FREE_CALL, type Service } from '../../../shared/service';
import { busyIntervals, insertBooking } from './queries';
import { readWorkingHours } from '../hours';
import type { BookingRequested } from './types';
import { checkedParty, partyOfEvent } from './party-request';
import { busyStretch, checkStart } from './slots';
import { bookingMode } from './video';
import { problems } from '../platform/http/problems';
import { startRefusal } from './refusals';
import type { ApiContext, Caller } from '../platform/http/types';
import { serviceById } from './views';

/**
 * The free call needs the number to phone, a UK one; any other service refuses a number rather
 * than keep personal data it has no use for.
 */
function callPhoneFor(service: Service, phone: string | undefined): string | undefined {
  if (service.id !== FREE_CALL.id) {
    if (phone !== undefined && phone.trim() !== '')
      throw problems.outsideRules(CALL_PHONE_SENTENCES.notFreeCall);
    return undefined;
  }
  const checked = checkCallPhone(phone);
  if (!checked.ok) throw problems.outsideRules(checked.problem);
  return checked.phone;
}

/**
 * A verified client requests a session (POST /api/bookings): checked, written and published in
 * one transaction. Its party rides on the event (participants invites them, in the same
 * transaction); participants/request-with-party.ts answers the route with the party's places.
 */
export async function requestSession(
  context: ApiContext,
  caller: Pick<Caller, 'uid' | 'email' | 'name'>,
  body: v.InferOutput<typeof BookingRequestSchema>,
) {
  const service = serviceById(context.services, body.serviceId);
  const mode = bookingMode(service.format, body.mode);
  if (!mode)
    throw problems.outsideRules(
      service.format === 'video'
        ? `${service.name} is offered by video only. Choose "video", or leave the choice out.`
        : `${service.name} is not offered by video. Choose "in-person", or leave the choice out.`,
    );
  const callPhone = callPhoneFor(service, body.phone);
  const party = checkedParty(service, body, caller);
  const now = context.now();
  const start = new Date(body.start);

  const stretch = busyStretch(start, service.minutes);
  const busy = await busyIntervals(context.db, stretch);
  const check = checkStart({
    hours: context.hours,
    working: await readWorkingHours(context.db),
    serviceMinutes: service.minutes,
    now,
    start,
    busy,
  });
  if (!check.ok) throw startRefusal(check.reason);

  const result = await insertBooking(
    context.db,
    {
      client: { uid: caller.uid, email: caller.email, name: caller.name },
      serviceId: service.id,
      start: check.session.start,
      end: check.session.end,
      busyUntil: check.busyUntil,
      note: body.note,
      mode,
      callPhone,
    },
    { maxOpenRequests: BOOKING_RULES.maxOpenRequests, now },
    async (trx, booking) => {
      // The practice and the client are told, booking the service ends the client's wait for
      // it, and the people it names are invited: messages, the waiting list and participants
      // react.
      await context.reactions.publish(trx, {
        type: 'booking.requested',
        bookingId: booking.id,
        clientUid: caller.uid,
        serviceId: service.id,
        ...partyOfEvent(party),
        occurredAt: now.toISOString(),
      } satisfies BookingRequested);
    },
  );
  if (result.outcome === 'taken') throw startRefusal('taken');
  if (result.outcome === 'too-many-requests')
    throw problems.tooManyRequests(RULE_SENTENCES.tooManyRequests);
  context.outbox.deliver();
  return { booking: result.booking, now };
}
