import { clientBookings } from '../data/bookings';
import {
  clientQuestionnaires,
  findIntake,
  markRiskSeen,
  unseenRiskFlags,
  writeAudit,
} from '../data/clinical';
import { endpoint } from './endpoint';
import { intakeView } from './intake';
import { problems } from './problems';
import { json } from './types';
import { bookingView } from './views';
import { paymentStates } from './payments';

/** A Firebase uid from the path; anything else is simply not found. */
export function clientUid(value: string | undefined): string {
  if (!value || !/^[\w-]{1,128}$/.test(value)) {
    throw problems.notFound('There is no client with that id. Open them from the diary.');
  }
  return value;
}

/** GET /api/practice/clients/:id: the client's intake, questionnaires and bookings; audited. */
export const practiceClient = endpoint({
  auth: 'practitioner',
  async run({ caller, params, context }) {
    const uid = clientUid(params.id);
    const now = context.now();
    const [intake, questionnaires, bookings] = await Promise.all([
      findIntake(context.db, uid),
      clientQuestionnaires(context.db, uid),
      clientBookings(context.db, uid),
    ]);
    const known = intake?.client ?? bookings.at(-1)?.client;
    if (!known && questionnaires.length === 0) {
      throw problems.notFound('There is no client with that id. Open them from the diary.');
    }
    await writeAudit(context.db, {
      at: now,
      actorUid: caller.uid,
      clientUid: uid,
      action: 'read',
      what: 'Opened the client’s record: intake, agreement, questionnaires and bookings',
    });
    const payments = await paymentStates(context, bookings, []);
    return json(200, {
      client: known ?? { uid, email: '', name: '' },
      intake: intake ? intakeView(intake) : null,
      questionnaires,
      bookings: bookings.map((booking) => {
        const view = bookingView(booking, context.services, now);
        const payment = payments.booking(booking);
        return {
          id: view.id,
          serviceId: view.serviceId,
          serviceName: view.serviceName,
          start: view.start,
          end: view.end,
          status: view.status,
          payment,
        };
      }),
    });
  },
});

/** POST /api/practice/clients/:id/risk-seen: the practitioner has seen the risk answers; audited. */
export const markClientRiskSeen = endpoint({
  auth: 'practitioner',
  async run({ caller, params, context }) {
    const uid = clientUid(params.id);
    const now = context.now();
    const marked = await context.db.transaction().execute(async (trx) => {
      const count = await markRiskSeen(trx, uid, now);
      if (count > 0) {
        await writeAudit(trx, {
          at: now,
          actorUid: caller.uid,
          clientUid: uid,
          action: 'change',
          what: 'Marked the risk answers seen',
        });
      }
      return count;
    });
    return json(200, { marked });
  },
});

/** GET /api/practice/risk-flags: clients with risk answers not yet seen, for the diary; audited. */
export const riskFlags = endpoint({
  auth: 'practitioner',
  async run({ caller, context }) {
    const now = context.now();
    const flags = await unseenRiskFlags(context.db);
    for (const flag of flags) {
      await writeAudit(context.db, {
        at: now,
        actorUid: caller.uid,
        clientUid: flag.client.uid,
        action: 'read',
        what: 'Saw that the client has a risk answer not yet marked seen',
      });
    }
    return json(200, {
      flags: flags.map((flag) => ({
        client: flag.client,
        since: flag.since.toISOString(),
        count: flag.count,
      })),
    });
  },
});
