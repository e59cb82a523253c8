import { agreementText } from '../../../shared/agreement';
import { clientBookings, bookingView } from '../bookings';
import {
  clientQuestionnaires,
  findIntake,
  retireClinicalRecord,
  clientNotes,
  clientRiskFollowUps,
  auditView,
  recordNoteView,
  intakeView,
} from '../clinical';
import { auditEntries } from '../platform/audit';
import { endpoint } from '../platform/http/endpoint';
import { json } from '../platform/http/types';

/** GET /api/account/export: everything held about the caller, and only about them. */
export const exportMyData = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const now = context.now();
    const [bookings, intake, questionnaires, audit, notes, riskFollowUps] = await Promise.all([
      clientBookings(context.db, caller.uid),
      findIntake(context.db, caller.uid),
      clientQuestionnaires(context.db, caller.uid),
      auditEntries(context.db, caller.uid),
      clientNotes(context.db, caller.uid),
      clientRiskFollowUps(context.db, caller.uid),
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
      intake: intake ? intakeView(intake) : null,
      agreementText: intake ? agreementText() : null,
      questionnaires,
      // The right of access covers the practitioner's notes; the serious-harm exemption (Data
      // Protection Act 2018, Sch. 3 Part 2) is applied by hand before an export is handed over
      // on a subject access request (README, "Session notes").
      notes: notes.map((note) => recordNoteView(note, context.services)),
      riskFollowUps,
      audit: audit.map(auditView),
    });
  },
});

/**
 * DELETE /api/account/clinical: the account page calls it before the bookings go. The clinical
 * record is kept for the retention period when there was a session, and deleted now when not.
 */
export const retireMyClinicalRecord = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const now = context.now();
    const { keptUntil } = await context.db
      .transaction()
      .execute((trx) => retireClinicalRecord(trx, caller.uid, now));
    return json(200, { keptUntil: keptUntil?.toISOString() ?? null });
  },
});
