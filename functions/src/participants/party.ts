import type { PartyRequest } from '../../../shared/participants';
import {
  findBooking,
  seriesBookings,
  type BookingRecord,
  type BookingRequested,
} from '../bookings';
import { queueMessages, type Notification } from '../outbox';
import type { Database } from '../platform/database/database';
import type { ApiContext } from '../platform/http/types';
import type { SeriesRequested } from '../series';
import { insertParty, type PartyOwner } from './queries';
import { bookerName } from './views';

/** The request's people written beside it, and an invitation email to each adult. */
async function inviteParty(
  trx: Database,
  request: {
    owner: PartyOwner;
    /** The session the invitation names (a series: its first). */
    booking: BookingRecord;
    party: PartyRequest;
    now: Date;
    practiceEmail: string;
  },
): Promise<void> {
  const { booking } = request;
  const written = await insertParty(
    trx,
    request.owner,
    booking.client.uid,
    request.party,
    request.now,
  );
  const invitations = written.flatMap((participant): Notification[] =>
    participant.email === null
      ? []
      : [
          {
            kind: 'invitation',
            to: 'client',
            // To the invited address; the booker's account keeps the row (client_uid).
            booking: {
              ...booking,
              client: { uid: booking.client.uid, email: participant.email, name: participant.name },
            },
            party: {
              participantId: participant.id,
              name: participant.name,
              bookerName: bookerName(booking),
            },
          },
        ],
  );
  await queueMessages(trx, invitations, { now: request.now, practiceEmail: request.practiceEmail });
}

/**
 * A session requested with other people: they are written beside it and invited, inside the
 * request's transaction (subscribed in functions/src/reactions.ts).
 */
export async function inviteOnBookingRequested(
  trx: Database,
  event: BookingRequested,
  context: Pick<ApiContext, 'outbox'>,
) {
  if (!event.party) return;
  const booking = await findBooking(trx, event.bookingId);
  if (!booking) return;
  await inviteParty(trx, {
    owner: { bookingId: booking.id },
    booking,
    party: event.party,
    now: new Date(event.occurredAt),
    practiceEmail: context.outbox.practiceEmail,
  });
}

/** A series requested with other people: the same, the invitation naming its first session. */
export async function inviteOnSeriesRequested(
  trx: Database,
  event: SeriesRequested,
  context: Pick<ApiContext, 'outbox'>,
) {
  if (!event.party) return;
  const [first] = await seriesBookings(trx, [event.seriesId]);
  if (!first) return;
  await inviteParty(trx, {
    owner: { seriesId: event.seriesId },
    booking: first,
    party: event.party,
    now: new Date(event.occurredAt),
    practiceEmail: context.outbox.practiceEmail,
  });
}
