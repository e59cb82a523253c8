import { agreementText } from '../../../shared/agreement';
import { NOTES_ON_REQUEST } from '../../../shared/records-api';
import { clientBookings, bookingView } from '../bookings';
import {
  attendedSessionsOf,
  clientQuestionnaires,
  clientRiskFollowUps,
  findIntake,
  intakeView,
  notesRequestsOf,
} from '../clinical';
import { sharedSessions } from '../participants';
import { auditEntries } from '../platform/audit';
import { endpoint } from '../platform/http/endpoint';
import { json, type ApiContext } from '../platform/http/types';
import { auditByName, messagesTo, paymentsOf, seriesOf, waitlistOf } from './export-sections';

/** Who the record is of, as the copy heads it. */
interface RecordOwner {
  uid: string;
  email: string;
  name: string;
}

/**
 * Everything a client gave or was sent, and only theirs, as the rows stand: their own copy and
 * the practitioner's export of their record are both made of it.
 */
export async function clientRecordCopy(context: ApiContext, owner: RecordOwner) {
  const now = context.now();
  const { db } = context;
  const serviceNameOf = (serviceId: number) =>
    context.services.find((service) => service.id === serviceId)?.name ?? `Service ${serviceId}`;
  const named = <Row extends { serviceId: number }>(row: Row) => ({
    ...row,
    serviceName: serviceNameOf(row.serviceId),
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
    attended,
  ] = await Promise.all([
    clientBookings(db, owner.uid),
    findIntake(db, owner.uid),
    clientQuestionnaires(db, owner.uid),
    auditEntries(db, owner.uid),
    seriesOf(db, owner.uid),
    waitlistOf(db, owner.uid),
    paymentsOf(db, owner.uid),
    messagesTo(db, owner.uid),
    notesRequestsOf(db, owner.uid),
    clientRiskFollowUps(db, owner.uid),
    sharedSessions(db, owner.uid),
    attendedSessionsOf(db, owner.uid),
  ]);
  return {
    exportedAt: now.toISOString(),
    account: { uid: owner.uid, email: owner.email, name: owner.name },
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
    // Those whose booking went with the booker's account are kept as times they were there.
    sharedSessions: [
      ...attended.map((session) => ({
        serviceName: serviceNameOf(session.service_id),
        start: new Date(session.starts_at).toISOString(),
        end: new Date(session.ends_at).toISOString(),
        status: 'confirmed' as const,
      })),
      ...shared.map((booking) => {
        const { serviceName, start, end, status } = bookingView(booking, context.services, now);
        return { serviceName, start, end, status };
      }),
    ],
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
    notesRequests,
  };
}

/**
 * GET /api/account/export: at once, everything the client gave or was sent, and only theirs. The
 * practitioner's session notes are released on request instead, once she has reviewed them for
 * the exemptions the law allows (clinical/notes-requests.ts).
 */
export const exportMyData = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const copy = await clientRecordCopy(context, caller);
    return json(200, { ...copy, sessionNotes: NOTES_ON_REQUEST });
  },
});
