import * as v from 'valibot';
import { PARTICIPANT_STATUSES } from '../../../shared/participants';
import { apiRequest } from '../../lib/api';
import { withFreshPasskey } from '../../lib/passkeys';

/** What each of the three acts answers: the place in the room and where it now stands. */
const DepartureSchema = v.object({ id: v.string(), status: v.picklist(PARTICIPANT_STATUSES) });

const post = (path: string, body?: unknown) =>
  apiRequest(path, DepartureSchema, { method: 'POST', ...(body !== undefined && { body }) });

/** A participant who joined leaves: the sessions from now on are no longer theirs. */
export const leaveSessions = (placeId: string) =>
  post(`/api/invitations/${encodeURIComponent(placeId)}/leave`);

/** The booker takes back an invitation not yet answered. */
export const withdrawInvitation = (placeId: string) =>
  post(`/api/invitations/${encodeURIComponent(placeId)}/withdraw`);

/** The practitioner removes someone (her passkey again if the last use is over 5 minutes old). */
export const removeParticipant = (placeId: string, reason: string) =>
  withFreshPasskey(() =>
    post(`/api/practice/participants/${encodeURIComponent(placeId)}/remove`, { reason }),
  );
