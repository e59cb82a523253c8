import { busyStretch, changeStatus, insertBooking } from '../bookings';
import { endpoint } from '../platform/http/endpoint';
import { json } from '../platform/http/types';

const HOUR = 3_600_000;
/** How far back a free hour is looked for: other tests seed theirs too. */
const HOURS_BACK = 24 * 28;

/**
 * POST /api/seeding/held-session (the browser tests' stack only, see index.ts): books the caller a
 * confirmed session of the first service that ended before now, the first hour back that is free.
 * The stack's server runs on the wall clock and books only ahead of it, so no session there has
 * been held otherwise; a held session is what decides that a deleted account's record is kept.
 */
export const seedHeldSession = endpoint({
  auth: 'client',
  async run({ caller, context }) {
    const now = context.now();
    const service = context.services[0];
    if (!service) throw new Error('No service to seed a session of.');
    const lastHour = Math.floor(now.getTime() / HOUR) * HOUR - 2 * HOUR;
    for (let back = 0; back < HOURS_BACK; back += 1) {
      const start = new Date(lastHour - back * HOUR);
      const stretch = busyStretch(start, service.minutes);
      const result = await insertBooking(
        context.db,
        {
          client: { uid: caller.uid, email: caller.email, name: caller.name },
          serviceId: service.id,
          start,
          end: new Date(start.getTime() + service.minutes * 60_000),
          busyUntil: stretch.end,
          note: '',
        },
        { maxOpenRequests: Number.MAX_SAFE_INTEGER, now },
      );
      if (result.outcome !== 'created') continue;
      await changeStatus(context.db, result.booking.id, ['requested'], 'confirmed', now);
      return json(201, { id: result.booking.id, start: start.toISOString() });
    }
    throw new Error('No free hour in the past four weeks to seed a session in.');
  },
});
