import type { Booking, Series } from '../../../shared/booking';

const STATUS_WORDS = {
  invited: 'invited',
  joined: 'joined',
  declined: 'declined',
  left: 'left',
} as const;

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
          With{' '}
          {adults
            .map(
              (each) =>
                `${each.name} (${STATUS_WORDS[each.status]}${each.status === 'joined' && !each.agreementAccepted ? ', agreement to do' : ''})`,
            )
            .join(', ')}
        </span>
      )}
      {children.length > 0 && <span className="d-block">Children: {children.join(', ')}</span>}
    </p>
  );
}
