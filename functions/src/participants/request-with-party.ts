import { BookingRequestSchema } from '../../../shared/booking';
import { bookingView, requestSession } from '../bookings';
import { endpoint } from '../platform/http/endpoint';
import { json } from '../platform/http/types';
import { requestSeries, seriesView } from '../series';
import { partyLookup } from './views';

/**
 * POST /api/bookings and POST /api/series: a verified client requests a session or a standing
 * time, maybe with other people. Bookings and series check the request (its party by the rule
 * in shared/participants.ts), write it and publish its event; participants invites the people it
 * names in that same transaction (party.ts reacts). The answer names each place the booker may
 * withdraw, which only participants reads, so the route is answered here, above both.
 */
export const createBooking = endpoint({
  auth: 'verified',
  body: BookingRequestSchema,
  async run({ caller, body, context }) {
    const { booking, now } = await requestSession(context, caller, body);
    const partyOf = await partyLookup(context.db, [booking], 'client', caller.uid);
    return json(201, {
      ...bookingView(booking, context.services, now, context.meetingHost),
      ...partyOf(booking),
    });
  },
});

export const createSeries = endpoint({
  auth: 'verified',
  // A standing time is asked as its first session is (service, start, note).
  body: BookingRequestSchema,
  async run({ caller, body, context }) {
    const { series, now } = await requestSeries(context, caller, body);
    const key = { seriesId: series.record.id };
    const partyOf = await partyLookup(context.db, [key], 'client', caller.uid);
    return json(201, { ...seriesView(series, context, now, 'client'), ...partyOf(key) });
  },
});
