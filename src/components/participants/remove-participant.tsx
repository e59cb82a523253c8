import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { ParticipantView } from '../../../shared/participants';
import { AskInline } from './ask-inline';
import { removeParticipant } from './departures-api';

/**
 * The practitioner's "Remove" for someone who joined a shared session or series: her reason, kept
 * for her alone, and her passkey again when its last use is over 5 minutes old. The person removed
 * is told only that they no longer attend.
 */
export function RemoveParticipant({
  participant,
  onRemoved,
}: {
  participant: ParticipantView;
  onRemoved: () => void;
}) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [removed, setRemoved] = useState(false);
  if (participant.status !== 'joined' || !participant.id) return null;
  if (removed)
    return (
      <p role="status" className="small mb-1">
        Removed: {participant.name} no longer attends these sessions, and has been told only that.
      </p>
    );
  return (
    <AskInline
      opener="Remove…"
      openerLabel={`Remove ${participant.name}`}
      question={`Remove ${participant.name} from these sessions?`}
      yes={`Remove ${participant.name}`}
      busy="Removing…"
      no="Keep them"
      act={async () => {
        await removeParticipant(participant.id ?? '', reason);
        setRemoved(true);
        onRemoved();
      }}
      extra={
        <Form.Group controlId={reasonId} className="mb-2">
          <Form.Label className="small mb-1">Your reason (for you alone)</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Form.Group>
      }
    >
      <p className="mb-0">
        The sessions from now on are no longer theirs, and the sessions ahead get a new video link.
        They are told only that they no longer attend; your reason is kept for you alone.
      </p>
    </AskInline>
  );
}
