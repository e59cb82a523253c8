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
import { queueMessages, notificationsFor } from '../messages';
import { endpoint } from '../platform/http/endpoint';
import { refundCancelledSession } from '../payments';
import { problems } from '../platform/http/problems';
import { bookingForCaller } from './refusals';
import { stillInHerTime } from './her-time';
import { offerFreedTimes } from '../waitlist';
import { participantCancelled } from '../participants';
import { json } from '../platform/http/types';
import type { BookingRecord } from './types';
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
 * POST /api/bookings/:id/confirm, /decline and /cancel: a status change from the table in
 * shared/booking-status.ts, by the practitioner or (cancel) the booking's own client.
 */
const statusChange = (action: StatusAction, auth: 'client' | 'practitioner') =>
  endpoint({
    auth,
    body: v.optional(StatusChangeRequestSchema, {}),
    async run({ caller, body, params, context }) {
      const {
        booking: found,
        ownBooking,
        actor,
        participant,
      } = await bookingForCaller(context, caller, params.id, 'cancel');
      const { id } = found;
      const now = context.now();
      const { from, to } = STATUS_CHANGES[action];
      const by = actor === 'practitioner' && !ownBooking ? 'practice' : 'client';
      const changed = await context.db.transaction().execute(async (trx) => {
        // The row lock: a cancel and a move of one session take turns, and each is judged on the
        // session as the other left it (its new start, its new status).
        const current = await findBooking(trx, id, { lock: true });
        if (!current) return undefined;
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
          const words = by === 'practice' ? body.message : '';
          await queueMessages(
            trx,
            participant
              ? participantCancelled(booking, participant)
              : notificationsFor({ booking, status: to, by, message: words }),
            { now, practiceEmail: context.outbox.practiceEmail },
          );
          // A cancelled or declined session's time is free again: offer it to those waiting.
          if (to === 'cancelled' || to === 'declined')
            await offerFreedTimes(trx, context, { starts: [booking.start], standing: false }, now);
        }
        return booking;
      });
      if (!changed)
        throw problems.wrongStatus('This booking changed a moment ago. Reload it and try again.');
      context.outbox.deliver();
      if (action === 'cancel') await refundCancelledSession(context, changed, by, now);
      const { services, meetingHost } = context;
      return json(
        200,
        action === 'cancel'
          ? bookingView(changed, services, now, meetingHost)
          : practiceBookingView(changed, services, now, undefined, meetingHost),
      );
    },
  });

export const confirmBooking = statusChange('confirm', 'practitioner');
export const declineBooking = statusChange('decline', 'practitioner');
export const cancelBooking = statusChange('cancel', 'client');
