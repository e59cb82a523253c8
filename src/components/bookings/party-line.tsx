import type { Booking, Series } from '../../../shared/booking';
import type { ParticipantView } from '../../../shared/participants';

const STATUS_WORDS = {
  invited: 'invited',
  joined: 'joined',
  declined: 'declined',
  left: 'left',
  withdrawn: 'invitation withdrawn',
  expired: 'did not answer in time',
} as const;

/**
 * Where one adult stands: invited, declined, left, or joined, and then whether their own intake
 * and agreement (given together) are still to do before the first session.
 */
export const participantState = (each: Pick<ParticipantView, 'status' | 'agreementAccepted'>) =>
  `${STATUS_WORDS[each.status]}${each.status === 'joined' && !each.agreementAccepted ? ', intake and agreement to do' : ''}`;

/** Who else is in the room: the adults (and whether they joined) and the children's names. */
export function PartyLine({
  booking,
}: {
  booking: Pick<Booking | Series, 'participants' | 'children' | 'role' | 'bookedBy'>;
}) {
  const adults = booking.participants ?? [];
  const children = booking.children ?? [];
  if (adults.length === 0 && children.length === 0 && booking.role !== 'participant') return null;
  return (
    <p className="mb-1 small party-line">
      {booking.role === 'participant' && booking.bookedBy && (
        <span className="d-block">Booked by {booking.bookedBy}</span>
      )}
      {adults.length > 0 && (
        <span className="d-block">
          With {adults.map((each) => `${each.name} (${participantState(each)})`).join(', ')}
        </span>
      )}
      {children.length > 0 && <span className="d-block">Children: {children.join(', ')}</span>}
    </p>
  );
}
