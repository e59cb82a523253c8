import { PartyRequestSchema, partyProblem, type PartyRequest } from '../../../shared/participants';
import type { Service } from '../../../shared/service';
import { parse } from '../platform/http/input';
import { problems } from '../platform/http/problems';
import type { Client } from './types';

/**
 * The people a booking or series request brings (`participants`, `children`), checked against
 * the service by the rule in shared/participants.ts: wrong ones are 422 with a sentence to act
 * on, before anything is written. The request's event carries them; participants invites them.
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

/** The party as an event carries it: left out when the request names no one. */
export const partyOfEvent = (party: PartyRequest) =>
  party.participants.length > 0 || party.children.length > 0 ? { party } : {};
