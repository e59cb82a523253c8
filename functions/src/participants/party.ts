import { PartyRequestSchema, partyProblem, type PartyRequest } from '../../../shared/participants';
import type { Service } from '../../../shared/service';
import type { BookingRecord, Client } from '../bookings';
import { queueMessages, type Notification } from '../outbox';
import type { Database } from '../platform/database/database';
import { parse } from '../platform/http/input';
import { problems } from '../platform/http/problems';
import { insertParty, type PartyOwner } from './queries';
import { bookerName } from './views';

/**
 * The people a booking or series request brings (`participants`, `children`), checked against
 * the service: wrong ones are 422 with a sentence to act on, before anything is written.
 */
export function checkedParty(
  service: Pick<Service, 'name' | 'attendees'>,
  body: { participants?: unknown; children?: unknown },
  booker: Pick<Client, 'email'>,
): PartyRequest {
  const party = parse(
    PartyRequestSchema,
    { participants: body.participants, children: body.children },
    problems.unprocessable,
  );
  const problem = partyProblem(service, party, booker.email);
  if (problem) throw problems.unprocessable(problem);
  return party;
}

/** The request's people written beside it, and an invitation email to each adult. */
export async function inviteParty(
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
