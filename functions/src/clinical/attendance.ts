import { AttendanceRequestSchema, type AttendedBooking } from '../../../shared/clinical-api';
import { findBooking, markAttendance, type BookingRecord, practiceBookingView } from '../bookings';
import { writeAudit } from '../platform/audit';
import { endpoint } from '../platform/http/endpoint';
import { pathId } from '../platform/http/input';
import { problems } from '../platform/http/problems';
import { json, type ApiContext } from '../platform/http/types';

const attendedBookingView = (
  booking: BookingRecord,
  context: ApiContext,
  now: Date,
): AttendedBooking =>
  practiceBookingView(booking, context.services, now, new Map(), context.meetingHost);

/**
 * POST /api/practice/bookings/:id/attendance { attendance }: what happened to a session, marked
 * (or corrected) by the practitioner once it has ended; audited as a change to the record.
 */
export const markSessionAttendance = endpoint({
  auth: 'practitioner',
  body: AttendanceRequestSchema,
  async run({ caller, body, params, context }) {
    const booking = await findBooking(context.db, pathId(params.id, 'session'));
    if (!booking)
      throw problems.notFound('There is no session with that id. Reload the diary and try again.');
    const now = context.now();
    if (booking.status === 'requested' || booking.status === 'declined')
      throw problems.wrongStatus(
        `This booking is ${booking.status}: there was no session to attend.`,
      );
    if (now < booking.end)
      throw problems.outsideRules(
        'Attendance can be marked once the session has ended. Come back to it afterwards.',
      );
    const marked = await context.db.transaction().execute(async (trx) => {
      const changed = await markAttendance(trx, booking.id, body.attendance, now);
      if (changed)
        await writeAudit(trx, {
          at: now,
          actorUid: caller.uid,
          clientUid: booking.client.uid,
          action: 'change',
          what: `Marked the session of ${booking.start.toISOString().slice(0, 10)} ${body.attendance}`,
        });
      return changed;
    });
    if (!marked)
      throw problems.wrongStatus('This booking changed a moment ago. Reload it and try again.');
    return json(200, attendedBookingView(marked, context, now));
  },
});
