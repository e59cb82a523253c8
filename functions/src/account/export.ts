import { agreementText } from '../../../shared/agreement';
import { NOTES_ON_REQUEST } from '../../../shared/records-api';
import { clientBookings, bookingView } from '../bookings';
import {
  clientQuestionnaires,
  clientRiskFollowUps,
  findIntake,
  intakeView,
  notesRequestsOf,
} from '../clinical';
import { sharedSessions } from '../participants';
import { auditEntries } from '../platform/audit';
import { endpoint } from '../platform/http/endpoint';
import { json } from '../platform/http/types';
import { auditByName, messagesTo, paymentsOf, seriesOf, waitlistOf } from './export-sections';

/**
 * GET /api/account/export: at once, everything the client gave or was sent, and only theirs. The
 * practitioner's session notes are released on request instead, once she has reviewed them for
 * the exemptions the law allows (clinical/notes-requests.ts).
 */
export const exportMyData = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const now = context.now();
    const { db } = context;
    const named = <Row extends { serviceId: number }>(row: Row) => ({
      ...row,
      serviceName:
        context.services.find((service) => service.id === row.serviceId)?.name ??
        `Service ${row.serviceId}`,
    });
    const [
      bookings,
      intake,
      questionnaires,
      audit,
      series,
      waitlist,
      payments,
      messages,
      notesRequests,
      riskFollowUps,
      shared,
    ] = await Promise.all([
      clientBookings(db, caller.uid),
      findIntake(db, caller.uid),
      clientQuestionnaires(db, caller.uid),
      auditEntries(db, caller.uid),
      seriesOf(db, caller.uid),
      waitlistOf(db, caller.uid),
      paymentsOf(db, caller.uid),
      messagesTo(db, caller.uid),
      notesRequestsOf(db, caller.uid),
      clientRiskFollowUps(db, caller.uid),
      sharedSessions(db, caller.uid),
    ]);
    return json(200, {
      exportedAt: now.toISOString(),
      account: { uid: caller.uid, email: caller.email, name: caller.name },
      bookings: bookings.map((booking) => {
        const view = bookingView(booking, context.services, now);
        return {
          id: view.id,
          serviceId: view.serviceId,
          serviceName: view.serviceName,
          start: view.start,
          end: view.end,
          status: view.status,
          note: view.note,
          phone: booking.callPhone ?? null,
          mode: booking.mode ?? 'in-person',
          attendance: booking.attendance ?? null,
        };
      }),
      // Sessions they joined in someone else's booking: the times only, none of the booker's data.
      sharedSessions: shared.map((booking) => {
        const { serviceName, start, end, status } = bookingView(booking, context.services, now);
        return { serviceName, start, end, status };
      }),
      // Each named as the client booked it, so the copy reads without the services list.
      series: series.map(named),
      waitlist: waitlist.map(named),
      intake: intake ? intakeView(intake) : null,
      agreementText: intake ? agreementText() : null,
      questionnaires,
      payments: payments.map(named),
      messages,
      riskFollowUps,
      audit: await auditByName(context, audit),
      sessionNotes: NOTES_ON_REQUEST,
      notesRequests,
    });
  },
});
