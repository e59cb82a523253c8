import { BOOKING_RULES } from '../../../shared/booking-rules';
import { DAY_MS } from '../../../shared/time';
import {
  WaitlistRequestSchema,
  type PracticeWaitlistEntry,
  type WaitlistEntry,
} from '../../../shared/waitlist';
import {
  findWaitlistEntry,
  joinWaitlist,
  leaveWaitlist,
  renewWaitlistEntry,
  waitlistEntries,
  type WaitlistRecord,
} from './queries';
import { endpoint, type Relation } from '../platform/http/endpoint';
import { pathId } from '../platform/http/input';
import { problems } from '../platform/http/problems';
import { json, noContent, type ApiContext } from '../platform/http/types';
import { serviceById } from '../bookings';
import { serviceNameOf } from '../../../shared/service';

const expiryFrom = (now: Date) => new Date(now.getTime() + BOOKING_RULES.waitlistDays * DAY_MS);

function entryView(entry: WaitlistRecord, context: Pick<ApiContext, 'services'>): WaitlistEntry {
  return {
    id: entry.id,
    serviceId: entry.serviceId,
    serviceName: serviceNameOf(context.services, entry.serviceId),
    days: entry.days,
    parts: entry.parts,
    standing: entry.standing,
    createdAt: entry.createdAt.toISOString(),
    expiresAt: entry.expiresAt.toISOString(),
  };
}

const notFound = () =>
  problems.notFound('There is no waiting-list entry with that id. Reload the list and try again.');

/** POST /api/waitlist: a verified client asks to hear when a time that suits them frees. */
export const joinWaitlistEndpoint = endpoint({
  auth: 'verified',
  body: WaitlistRequestSchema,
  unprocessable: true,
  async run({ caller, body, context }) {
    const service = serviceById(context.services, body.serviceId);
    if (body.standing && !service.everyWeeks)
      throw problems.outsideRules(
        `${service.name} is booked one session at a time: leave "standing" out, or choose a weekly or fortnightly plan.`,
      );
    const now = context.now();
    const entry = await joinWaitlist(
      context.db,
      {
        client: { uid: caller.uid, email: caller.email, name: caller.name },
        serviceId: service.id,
        days: [...new Set(body.days)],
        parts: [...new Set(body.parts)],
        standing: body.standing,
      },
      { now, expiresAt: expiryFrom(now) },
    );
    return json(201, entryView(entry, context));
  },
});

/** GET /api/waitlist: the caller's own entries. */
export const myWaitlist = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const entries = await waitlistEntries(context.db, {
      now: context.now(),
      clientUid: caller.uid,
    });
    return json(200, { entries: entries.map((entry) => entryView(entry, context)) });
  },
});

/** The waiting-list entry a client route names, if it is the caller's: anyone else's is not found. */
const ownEntry: Relation<WaitlistRecord> = {
  thing: 'waiting-list entry',
  who: ['owner'],
  async resolve(context, caller, params) {
    const entry = await findWaitlistEntry(context.db, pathId(params.id, 'waiting-list entry'));
    // Someone else's entry is not found: its existence is the client's business alone.
    if (!entry || entry.client.uid !== caller.uid) throw notFound();
    return entry;
  },
};

async function removeEntry(context: ApiContext, id: string) {
  if (!(await leaveWaitlist(context.db, id))) throw notFound();
  return noContent();
}

/** DELETE /api/waitlist/:id: its client leaves the list. */
export const leaveWaitlistEndpoint = endpoint({
  auth: 'client',
  relation: ownEntry,
  run: ({ access, context }) => removeEntry(context, access.id),
});

/** DELETE /api/practice/waitlist/:id: the practitioner takes anyone off the list. */
export const practiceRemoveWaitlistEntry = endpoint({
  auth: 'practitioner',
  run: ({ params, context }) => removeEntry(context, pathId(params.id, 'waiting-list entry')),
});

/** POST /api/waitlist/:id/renew: its client stays on the list for another full term. */
export const renewWaitlist = endpoint({
  auth: 'client',
  relation: ownEntry,
  async run({ access, context }) {
    const now = context.now();
    const renewed = await renewWaitlistEntry(context.db, access.id, {
      now,
      expiresAt: expiryFrom(now),
    });
    if (!renewed) throw notFound();
    return json(200, entryView(renewed, context));
  },
});

/** GET /api/practice/waitlist: everyone waiting, oldest first. */
export const practiceWaitlist = endpoint({
  auth: 'practitioner',
  async run({ context }) {
    const entries = await waitlistEntries(context.db, { now: context.now() });
    const views: PracticeWaitlistEntry[] = entries.map((entry) => ({
      ...entryView(entry, context),
      clientName: entry.client.name,
      clientEmail: entry.client.email,
      clientUid: entry.client.uid,
    }));
    return json(200, { entries: views });
  },
});
