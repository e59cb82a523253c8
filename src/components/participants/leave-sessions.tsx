import { showToast } from '../../lib/toast';
import { AskInline } from './ask-inline';
import { leaveSessions } from './departures-api';

/**
 * "Leave these sessions": a partner or family member who joined a session or series someone else
 * booked stops coming. Asked first, saying what happens; the list is read again after.
 */
export function LeaveSessions({
  placeId,
  serviceName,
  bookedBy,
  series,
  onLeft,
}: {
  placeId: string;
  serviceName: string;
  bookedBy: string;
  /** A standing series (its sessions from now on) rather than one session. */
  series: boolean;
  onLeft: () => void;
}) {
  const these = series ? 'these sessions' : 'this session';
  return (
    <AskInline
      opener={series ? 'Leave these sessions' : 'Leave this session'}
      openerLabel={`Leave ${serviceName}`}
      question={`Leave ${serviceName}?`}
      yes={series ? 'Yes, leave them' : 'Yes, leave it'}
      busy="Leaving…"
      no="Stay"
      act={async () => {
        await leaveSessions(placeId);
        void showToast(
          `You have left ${serviceName}. ${bookedBy} and the practice have been told.`,
        );
        onLeft();
      }}
    >
      <p className="mb-1">
        From now on {these} {series ? 'are' : 'is'} no longer yours: they leave your bookings, and
        you get no more reminders or video links for {series ? 'them' : 'it'}. {bookedBy} and the
        practice are told. The others keep coming.
      </p>
      <p className="mb-0">What you have already attended stays on your record.</p>
    </AskInline>
  );
}
