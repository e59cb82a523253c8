import { findIntake, clientUid, isRetained, signedNotesOf } from '../clinical';
import { clientBookings } from '../bookings';
import { writeAudit } from '../platform/audit';
import { endpoint } from '../platform/http/endpoint';
import { problems } from '../platform/http/problems';
import { json } from '../platform/http/types';
import { clientRecordCopy } from './export';

/**
 * GET /api/practice/clients/<uid>/export: the client's whole record as JSON for the practitioner
 * (a transfer, a subject access request she answers herself): what the client's own copy holds,
 * and her signed session notes. One of the gravest acts, so her passkey within 5 minutes; each
 * export audited.
 */
export const exportClientRecord = endpoint({
  auth: 'practitioner',
  fresh: true,
  async run({ caller, params, context }) {
    const uid = clientUid(params.id);
    if (await isRetained(context.db, uid)) {
      throw problems.notFound(
        'This client deleted their account: their record is under Retained records.',
      );
    }
    const recorded =
      (await context.findUser?.(uid)) ??
      (await findIntake(context.db, uid))?.client ??
      (await clientBookings(context.db, uid)).at(-1)?.client;
    if (!recorded) {
      throw problems.notFound('There is no client with that id. Open them from the diary.');
    }
    const copy = await clientRecordCopy(context, { ...recorded, uid });
    const sessionNotes = await signedNotesOf(context.db, uid, context.services);
    await writeAudit(context.db, {
      at: context.now(),
      actorUid: caller.uid,
      clientUid: uid,
      action: 'read',
      what: 'Exported the client’s record: intake, agreement, questionnaires, signed session notes, risk follow-ups, bookings and payments',
    });
    return json(200, { ...copy, sessionNotes });
  },
});
