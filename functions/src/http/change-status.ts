import { RULE_SENTENCES } from '../../../shared/booking-rules';
import { STATUS_CHANGES, checkChange, type BookingAction } from '../../../shared/booking-status';
import { changeStatus, findBooking } from '../data/bookings';
import { notificationsFor } from '../domain/notifications';
import { endpoint } from './endpoint';
import { pathId } from './input';
import { problems } from './problems';
import { json } from './types';
import { bookingView, practiceBookingView } from './views';

/**
 * POST /api/bookings/:id/confirm, /decline and /cancel: a status change from the table in
 * shared/booking-status.ts, by the practitioner or (cancel) the booking's own client.
 */
const statusChange = (action: BookingAction, auth: 'client' | 'practitioner') =>
  endpoint({
    auth,
    async run({ caller, params, context }) {
      const id = pathId(params.id);
      const booking = await findBooking(context.db, id);
      if (!booking)
        throw problems.notFound('There is no booking with that id. Reload the list and try again.');
      const ownBooking = booking.client.uid === caller.uid;
      if (!ownBooking && !caller.practitioner)
        throw problems.notYours('You can only cancel your own bookings.');
      const actor = caller.practitioner ? 'practitioner' : 'client';
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
      const { from, to } = STATUS_CHANGES[action];
      const changed = await changeStatus(context.db, id, from, to, now);
      if (!changed)
        throw problems.wrongStatus('This booking changed a moment ago. Reload it and try again.');
      await context.notify(
        notificationsFor({
          booking: changed,
          status: to,
          by: actor === 'practitioner' && !ownBooking ? 'practice' : 'client',
        }),
      );
      const view = action === 'cancel' ? bookingView : practiceBookingView;
      return json(200, view(changed, context.services, now));
    },
  });

export const confirmBooking = statusChange('confirm', 'practitioner');
export const declineBooking = statusChange('decline', 'practitioner');
export const cancelBooking = statusChange('cancel', 'client');
