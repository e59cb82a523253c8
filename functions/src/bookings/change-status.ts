import { RULE_SENTENCES, isLateCancellation } from '../../../shared/booking-rules';
import { STATUS_CHANGES, checkChange, type BookingAction } from '../../../shared/booking-status';
import * as v from 'valibot';
import { StatusChangeRequestSchema } from '../../../shared/booking';
import { blocksOverlapping } from '../hours';
import { changeStatus, markAttendance } from './queries';
import { queueMessages, notificationsFor } from '../messages';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import { bookingForCaller } from './refusals';
import { offerFreedTimes } from '../waitlist';
import { participantCancelled } from '../participants';
import { json } from '../platform/http/types';
import type { BookingStatusChanged } from './types';
import { bookingView, practiceBookingView } from './views';

/**
 * POST /api/bookings/:id/confirm, /decline and /cancel: a status change from the table in
 * shared/booking-status.ts, by the practitioner or (cancel) the booking's own client.
 */
const statusChange = (action: Exclude<BookingAction, 'move'>, auth: 'client' | 'practitioner') =>
  endpoint({
    auth,
    body: v.optional(StatusChangeRequestSchema, {}),
    async run({ caller, body, params, context }) {
      const { booking, ownBooking, actor, participant } = await bookingForCaller(
        context,
        caller,
        params.id,
        'cancel',
      );
      const { id } = booking;
      const now = context.now();
      const check = checkChange(action, booking, actor, now);
      if (!check.ok) {
        if (check.refusal === 'too-late') throw problems.outsideRules(RULE_SENTENCES.cancelTooLate);
        throw problems.wrongStatus(
          action === 'cancel'
            ? `This booking is already ${booking.status}.`
            : `Only requests can be answered; this booking is ${booking.status}.`,
        );
      }
      if (action === 'confirm' && (await blocksOverlapping(context.db, booking)).length > 0) {
        throw problems.slotTaken(
          'This request is inside time you blocked. Decline it, or remove the blocked time first.',
        );
      }
      const { from, to } = STATUS_CHANGES[action];
      const by = actor === 'practitioner' && !ownBooking ? 'practice' : 'client';
      const changed = await context.db.transaction().execute(async (trx) => {
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
          // The money (and whoever else reacts) follows from the event, committed with it.
          await context.reactions.publish(trx, {
            type: 'booking.status-changed',
            bookingId: booking.id,
            to,
            by,
            cause: 'booking',
            occurredAt: now.toISOString(),
          } satisfies BookingStatusChanged);
        }
        return booking;
      });
      if (!changed)
        throw problems.wrongStatus('This booking changed a moment ago. Reload it and try again.');
      context.outbox.deliver();
      await context.reactions.run();
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
