import { ownAddressOnly } from './audience';
import type { Invitation } from '../../../shared/participants';
import { isActive } from '../../../shared/booking-rules';
import { findBooking, seriesBookings, type BookingRecord, type Client } from '../bookings';
import { queueMessages, type Notification } from '../outbox';
import { findSeries, seriesContext } from '../series';
import type { Database } from '../platform/database/database';
import { endpoint, type Relation } from '../platform/http/endpoint';
import { pathId } from '../platform/http/input';
import { problems } from '../platform/http/problems';
import { json, type ApiContext, type Caller } from '../platform/http/types';
import {
  answerInvitation,
  findParticipant,
  firstStartOf,
  participantsOf,
  pendingInvitations,
  type ParticipantRecord,
} from './queries';
import { seriesSinceJoining } from './sessions';

/**
 * The session an invitation names: the one-off session, or the series' first still on and not
 * yet over (one answering late joins from then: the sessions held before are not theirs).
 */
async function sessionOf(
  db: Database,
  participant: ParticipantRecord,
  now: Date,
): Promise<BookingRecord | undefined> {
  if (participant.bookingId) return findBooking(db, participant.bookingId);
  if (!participant.seriesId) return undefined;
  const sessions = await seriesBookings(db, [participant.seriesId]);
  return (
    sessions.find((each) => isActive(each) && each.end > now) ??
    sessions.find(isActive) ??
    sessions[0]
  );
}

function invitationView(
  participant: ParticipantRecord,
  session: BookingRecord,
  context: Pick<ApiContext, 'services'>,
): Invitation {
  const service = context.services.find((each) => each.id === session.serviceId);
  return {
    id: participant.id,
    serviceName: service?.name ?? 'A service no longer offered',
    bookerName: session.client.name || 'The person who booked',
    start: session.start.toISOString(),
    end: session.end.toISOString(),
    everyWeeks: participant.seriesId ? (service?.everyWeeks ?? null) : null,
    status: participant.status,
  };
}

/** GET /api/invitations: the invitations waiting at the caller's verified address. */
export const listInvitations = endpoint({
  auth: 'verified',
  async run({ caller, context }) {
    const pending = await pendingInvitations(context.db, caller.email);
    const invitations: Invitation[] = [];
    for (const participant of pending) {
      const session = await sessionOf(context.db, participant, context.now());
      const firstStart = await firstStartOf(context.db, participant);
      if (session && isActive(session) && !(firstStart && firstStart <= context.now()))
        invitations.push(invitationView(participant, session, context));
    }
    return json(200, { invitations });
  },
});

/** Why an invitation can no longer be answered, in words. */
const invitationClosed = (status: ParticipantRecord['status']) =>
  status === 'withdrawn'
    ? 'The person who booked has withdrawn this invitation.'
    : status === 'expired'
      ? 'This invitation expired when the first session began: ask the person who booked to book again with you.'
      : `You have already ${status} this invitation.`;

/** An invitation the caller may answer: sent to their own verified address, still open. */
async function invitationForCaller(
  db: Database,
  caller: Caller,
  id: string | undefined,
  now: Date,
) {
  const participant = await findParticipant(db, pathId(id, 'invitation'));
  if (!participant || participant.email === null)
    throw problems.notFound('There is no invitation with that id. Open the link again.');
  if (participant.email !== caller.email.trim().toLowerCase())
    throw problems.notYours(
      'This invitation was sent to another email address. Sign in with that address to answer it.',
    );
  if (participant.bookerUid === caller.uid)
    throw problems.notYours('You booked this session: the invitation is for the other person.');
  if (participant.status !== 'invited')
    throw problems.wrongStatus(invitationClosed(participant.status));
  const firstStart = await firstStartOf(db, participant);
  if (firstStart && firstStart <= now) throw problems.wrongStatus(invitationClosed('expired'));
  const session = await sessionOf(db, participant, now);
  if (!session || !isActive(session))
    throw problems.wrongStatus('This session is no longer on: there is nothing to join.');
  return { participant, session };
}

/** An invitation route's thing: the invitation sent to the caller's own address. */
const invitee: Relation<Awaited<ReturnType<typeof invitationForCaller>>> = {
  thing: 'invitation',
  who: ['invitee'],
  resolve: (context, caller, params) =>
    invitationForCaller(context.db, caller, params.id, context.now()),
};

/**
 * What a joining participant is sent at once when the session is already confirmed: the same
 * confirmation (and calendar file, with everyone in the room) its client had.
 */
async function confirmationFor(
  db: Database,
  joined: ParticipantRecord,
  session: BookingRecord,
): Promise<Notification[]> {
  if (session.status !== 'confirmed') return [];
  const room = await participantsOf(db, {
    bookingIds: joined.bookingId ? [joined.bookingId] : [],
    seriesIds: joined.seriesId ? [joined.seriesId] : [],
  });
  const attendees: Client[] = [
    session.client,
    ...room
      .filter((each) => each.status === 'joined' && each.uid && each.email)
      .map((each) => ({ uid: each.uid ?? '', email: each.email ?? '', name: each.name })),
  ];
  const me: Client = { uid: joined.uid ?? '', email: joined.email ?? '', name: joined.name };
  const named = ownAddressOnly(attendees, me.uid);
  const booking = { ...session, note: '', client: me, attendees: named };
  if (!joined.seriesId)
    return [{ kind: 'confirmed', to: 'client', booking, forParticipant: me.uid }];
  const record = await findSeries(db, joined.seriesId);
  if (!record) return [];
  const series = await seriesContext(db, record);
  // Theirs from the moment they joined: no session held before, and none of the booker's note.
  const since = seriesSinceJoining(series, joined.respondedAt);
  return [
    {
      kind: 'series-confirmed',
      to: 'client',
      booking,
      forParticipant: me.uid,
      series: { ...since, sessions: since.sessions.map((each) => ({ ...each, attendees: named })) },
    },
  ];
}

/** POST /api/invitations/:id/accept and /decline: the invited person answers. */
const answer = (status: 'joined' | 'declined') =>
  endpoint({
    auth: 'verified',
    relation: invitee,
    async run({ caller, access, context }) {
      const { participant, session } = access;
      const now = context.now();
      const answered = await context.db.transaction().execute(async (trx) => {
        const changed = await answerInvitation(trx, {
          id: participant.id,
          status,
          uid: caller.uid,
          now,
        });
        if (!changed) return undefined;
        const party = {
          participantId: changed.id,
          name: changed.name,
          bookerName: session.client.name || session.client.email,
        };
        const kind = status === 'joined' ? 'participant-joined' : 'participant-declined';
        await queueMessages(
          trx,
          [
            { kind, to: 'practice', booking: session, party },
            { kind, to: 'client', booking: session, party },
            ...(status === 'joined' ? await confirmationFor(trx, changed, session) : []),
          ],
          { now, practiceEmail: context.outbox.practiceEmail },
        );
        return changed;
      });
      if (!answered)
        throw problems.wrongStatus('This invitation changed a moment ago. Reload and try again.');
      context.outbox.deliver();
      return json(200, invitationView(answered, session, context));
    },
  });

export const acceptInvitation = answer('joined');
export const declineInvitation = answer('declined');
