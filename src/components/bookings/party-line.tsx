import { Link } from 'react-router';
import type { Booking, Series, SharedSeries, SharedSession } from '../../../shared/booking';
import { paths } from '../../config/routes';
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

/** Who else is in the room, as the booker and the practitioner see it: each adult, the children. */
export function PartyLine({
  booking,
}: {
  booking: Pick<Booking | Series, 'participants' | 'children'>;
}) {
  const adults = booking.participants ?? [];
  const children = booking.children ?? [];
  if (adults.length === 0 && children.length === 0) return null;
  return (
    <p className="mb-1 small party-line">
      {adults.length > 0 && (
        <span className="d-block">
          With {adults.map((each) => `${each.name} (${participantState(each)})`).join(', ')}
        </span>
      )}
      {children.length > 0 && <span className="d-block">Children: {children.join(', ')}</span>}
    </p>
  );
}

/**
 * A participant's own line on a session or series someone else booked: who else is coming (the
 * booker first), never themselves, and what they themselves still have to do.
 */
export function ComingLine({
  shared,
}: {
  shared: Pick<SharedSession | SharedSeries, 'coming' | 'children' | 'intakeToDo'>;
}) {
  const [booker, ...others] = shared.coming;
  const names = [...(booker ? [`${booker} (who booked)`] : []), ...others];
  return (
    <div className="mb-1 small party-line">
      {names.length > 0 && <p className="mb-0">With {names.join(', ')}</p>}
      {shared.children.length > 0 && <p className="mb-0">Children: {shared.children.join(', ')}</p>}
      {shared.intakeToDo && (
        <p className="mb-0">
          Still to do before your first session:{' '}
          <Link to={paths.intake}>your intake and therapy agreement</Link>
        </p>
      )}
    </div>
  );
}
