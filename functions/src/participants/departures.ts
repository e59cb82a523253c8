import * as v from 'valibot';
import { writeAudit } from '../platform/audit';
import { endpoint, type Relation } from '../platform/http/endpoint';
import { pathId } from '../platform/http/input';
import { problems } from '../platform/http/problems';
import { json, type ApiContext } from '../platform/http/types';
import { departSharedSessions } from './leaving';
import { findParticipant, withdrawInvitation, type ParticipantRecord } from './queries';

/** A place in a room by its id, or 404. */
async function placeById(context: ApiContext, id: string | undefined): Promise<ParticipantRecord> {
  const place = await findParticipant(context.db, pathId(id, 'participant'));
  if (!place || place.kind !== 'adult')
    throw problems.notFound('There is no such participant. Reload the page and try again.');
  return place;
}

const departureView = (place: ParticipantRecord) => ({ id: place.id, status: place.status });

/** Someone in the room left: the sessions ahead changed for everyone (its new rooms, messages). */
async function depart(
  context: ApiContext,
  place: ParticipantRecord,
  removal?: { reason: string; by: string },
): Promise<ParticipantRecord> {
  const now = context.now();
  const left = await context.db.transaction().execute(async (trx) => {
    const gone = await departSharedSessions(trx, {
      participantId: place.id,
      now,
      reactions: context.reactions,
      ...(removal && { removalReason: removal.reason }),
    });
    if (gone?.uid && removal)
      await writeAudit(trx, {
        clientUid: gone.uid,
        actorUid: removal.by,
        action: 'change',
        what: 'Removed from a shared session or series',
        at: now,
      });
    return gone;
  });
  if (!left) throw problems.wrongStatus('They are no longer in these sessions. Reload the page.');
  context.outbox.deliver();
  return left;
}

/**
 * POST /api/invitations/:id/leave: a participant who joined leaves the session or series. The
 * sessions from now on are no longer theirs; what they attended stays on their record.
 */
/** A place in a room the caller holds, as the participant who joined it. */
const ownPlace: Relation<ParticipantRecord> = {
  thing: 'place in the room',
  who: ['participant'],
  async resolve(context, caller, params) {
    const place = await placeById(context, params.id);
    if (place.uid !== caller.uid)
      throw problems.notFound('There is no such participant. Reload the page and try again.');
    return place;
  },
};

/** An invitation the caller sent, as the one who booked. */
const invitationSent: Relation<ParticipantRecord> = {
  thing: 'invitation',
  who: ['booker'],
  async resolve(context, caller, params) {
    const place = await placeById(context, params.id);
    if (place.bookerUid !== caller.uid)
      throw problems.notFound('There is no such invitation. Reload the page and try again.');
    return place;
  },
};

export const leaveSharedSessions = endpoint({
  auth: 'verified',
  relation: ownPlace,
  async run({ access: place, context }) {
    if (place.status !== 'joined')
      throw problems.wrongStatus(`You cannot leave: you have ${place.status} these sessions.`);
    return json(200, departureView(await depart(context, place)));
  },
});

const RemovalSchema = v.object({
  reason: v.pipe(
    v.string('Write the reason as text.'),
    v.trim(),
    v.minLength(1, 'Write why you are removing them: the reason is yours alone.'),
    v.maxLength(1000, 'Keep the reason to at most 1000 characters.'),
  ),
});

/**
 * POST /api/practice/participants/:id/remove { reason }: the practitioner removes a participant
 * (her passkey within minutes; audited on their record). The reason is kept for her alone; the
 * person removed is told only that they no longer attend.
 */
export const removeParticipant = endpoint({
  auth: 'practitioner',
  fresh: true,
  body: RemovalSchema,
  unprocessable: true,
  async run({ caller, params, body, context }) {
    const place = await placeById(context, params.id);
    if (place.status !== 'joined')
      throw problems.wrongStatus(
        `They are not in these sessions (${place.status}): there is no one to remove.`,
      );
    const left = await depart(context, place, { reason: body.reason, by: caller.uid });
    return json(200, departureView(left));
  },
});

/** POST /api/invitations/:id/withdraw: the booker takes back an invitation not yet answered. */
export const withdrawInvitationOf = endpoint({
  auth: 'verified',
  relation: invitationSent,
  async run({ access: place, context }) {
    const withdrawn = await withdrawInvitation(context.db, { id: place.id, now: context.now() });
    if (!withdrawn)
      throw problems.wrongStatus(
        `This invitation was already ${place.status}: only one not yet answered can be withdrawn.`,
      );
    return json(200, departureView(withdrawn));
  },
});
