import type { ParticipantView } from '../../../shared/participants';
import { showToast } from '../../lib/toast';
import { AskInline } from './ask-inline';
import { withdrawInvitation } from './departures-api';

/**
 * The booker's "Withdraw the invitation" for each person invited who has not answered yet (only
 * those places carry an id for the booker). Asked first; the list is read again after.
 */
export function WithdrawInvitations({
  participants,
  onWithdrawn,
}: {
  participants: readonly ParticipantView[] | undefined;
  onWithdrawn: () => void;
}) {
  const waiting = (participants ?? []).filter((each) => each.status === 'invited' && each.id);
  if (waiting.length === 0) return null;
  return (
    <div className="mb-2 d-flex flex-column align-items-start gap-2">
      {waiting.map((each) => (
        <AskInline
          key={each.id}
          opener={`Withdraw the invitation to ${each.name}`}
          question={`Withdraw the invitation to ${each.name}?`}
          yes="Yes, withdraw it"
          busy="Withdrawing…"
          no="Keep it"
          act={async () => {
            await withdrawInvitation(each.id ?? '');
            void showToast(`Withdrawn: the invitation to ${each.name}.`);
            onWithdrawn();
          }}
        >
          <p className="mb-0">
            They have not answered yet. Once withdrawn, the invitation can no longer be accepted;
            your sessions stay as they are.
          </p>
        </AskInline>
      ))}
    </div>
  );
}
