import { RULE_SENTENCES, isLateCancellation } from '../../../shared/booking-rules';
import {
  STARTED_SENTENCES,
  STATUS_CHANGES,
  checkChange,
  type BookingAction,
} from '../../../shared/booking-status';
import * as v from 'valibot';
import { StatusChangeRequestSchema } from '../../../shared/booking';
import { changeStatus, findBooking, markAttendance } from './queries';
import { stillInHerTime } from './her-time';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import { bookingNamed, participantOf, type BookingAccess } from './access';
import { json, type ApiContext } from '../platform/http/types';
import type { JoinedPlace } from './room';
import type { BookingRecord, BookingStatusChanged } from './types';
import { bookingView, practiceBookingView } from './views';

type StatusAction = Exclude<BookingAction, 'move'>;

/** Whether `actor` may take `action` on the booking as it is now; if not, the answer why. */
function judge(
  action: StatusAction,
  booking: BookingRecord,
  actor: 'client' | 'practitioner',
  now: Date,
) {
  const check = checkChange(action, booking, actor, now);
  if (check.ok) return;
  if (check.refusal === 'too-late') throw problems.outsideRules(RULE_SENTENCES.cancelTooLate);
  if (check.refusal === 'started' && action !== 'decline')
    throw problems.wrongStatus(STARTED_SENTENCES[action]);
  throw problems.wrongStatus(
    action === 'cancel'
      ? `This booking is already ${booking.status}.`
      : `Only requests can be answered; this booking is ${booking.status}.`,
  );
}

/**
 * A status change from the table in shared/booking-status.ts, once the router has decided who
 * acts: the practitioner (her routes), the booker, or a participant who joined (cancel only).
 */
async function applyStatusChange(
  context: ApiContext,
  change: {
    action: StatusAction;
    booking: BookingRecord;
    actor: 'client' | 'practitioner';
    message?: string;
    participant?: JoinedPlace;
  },
) {
  const { action, booking: asked, actor, participant } = change;
  const { id } = asked;
  const now = context.now();
  const { from, to } = STATUS_CHANGES[action];
  const by = actor === 'practitioner' ? 'practice' : 'client';
  const changed = await context.db.transaction().execute(async (trx) => {
    // The row lock: a cancel and a move of one session take turns, and each is judged on the
    // session as the other left it (its new start, its new status).
    const current = await findBooking(trx, id, { lock: true });
    if (!current) return undefined;
    // Still in the room: a removal (or their leaving) may have committed since they were let in.
    if (participant) await participantOf(trx, current, participant.uid);
    judge(action, current, actor, now);
    if (action === 'confirm') {
      const refusal = await stillInHerTime(trx, context, current);
      if (refusal) throw problems.slotTaken(refusal);
    }
    let booking = await changeStatus(trx, id, from, to, now);
    // A client's own cancellation inside the notice period is a late cancellation, by itself.
    if (booking && action === 'cancel' && actor === 'client' && booking.status === 'cancelled')
      if (isLateCancellation(booking.start, now))
        booking = (await markAttendance(trx, id, 'late-cancellation', now)) ?? booking;
    if (booking) {
      // Her words go to the client; a client's cancellation carries none.
      const words = by === 'practice' ? change.message : undefined;
      // The messages, the money, the waiting list (a time free again) and whoever else reacts
      // follow from the event, committed with it.
      await context.reactions.publish(trx, {
        type: 'booking.status-changed',
        bookingId: booking.id,
        to,
        by,
        cause: 'booking',
        start: booking.start.toISOString(),
        ...(words && { message: words }),
        ...(participant?.uid && { participantUid: participant.uid }),
        occurredAt: now.toISOString(),
      } satisfies BookingStatusChanged);
    }
    return booking;
  });
  if (!changed)
    throw problems.wrongStatus('This booking changed a moment ago. Reload it and try again.');
  context.outbox.deliver();
  await context.reactions.runInRequest();
  return { booking: changed, now };
}

/** What a status change takes: her optional words to the client. */
export const StatusBody = v.optional(StatusChangeRequestSchema, {});

/**
 * POST /api/bookings/:id/confirm, /decline and /api/practice/bookings/:id/cancel: the
 * practitioner answers or cancels any session, with an optional word for the client's email.
 */
const practiceChange = (action: StatusAction) =>
  endpoint({
    auth: 'practitioner',
    body: StatusBody,
    async run({ body, params, context }) {
      const changed = await applyStatusChange(context, {
        action,
        booking: await bookingNamed(context, params.id),
        actor: 'practitioner',
        ...(body.message !== undefined && { message: body.message }),
      });
      const { services, meetingHost } = context;
      return json(
        200,
        action === 'cancel'
          ? bookingView(changed.booking, services, changed.now, meetingHost)
          : practiceBookingView(changed.booking, services, changed.now, undefined, meetingHost),
      );
    },
  });

export const confirmBooking = practiceChange('confirm');
export const declineBooking = practiceChange('decline');
export const practiceCancelBooking = practiceChange('cancel');

/**
 * A client cancels a session: its booker, or a participant who joined, as the router resolved
 * them (bookerOrParticipant), within the rules. POST /api/bookings/:id/cancel is answered in the
 * caller's own view, a participant's with their room: participants/cancel-session.ts serves it.
 */
export function cancelAsClient(context: ApiContext, access: BookingAccess) {
  return applyStatusChange(context, {
    action: 'cancel',
    booking: access.booking,
    actor: 'client',
    ...(access.as === 'participant' && { participant: access.participant }),
  });
}
