import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { NoteReview, NoteToReview } from '../../../shared/records-api';
import { formatDayWithYear, formatTime } from '../../lib/practice-time';

export const when = (instant: string) => `${formatDayWithYear(instant)}, ${formatTime(instant)}`;

/** Where her review of a note stands, in words. */
const REVIEW_WORDS: Record<NoteReview, string> = {
  'to-review': 'Not yet reviewed.',
  reviewed: 'Reviewed.',
  'changed-since': 'Reviewed — changed since: review again.',
};

/**
 * One signed note of a request: its words, where her review stands ("Mark reviewed" records the
 * version she read), and whether she withholds it, with her reason. A shared session's note says
 * someone else was in the room, so she reads it for what concerns them.
 */
export function NoteUnderReview({
  note,
  withholding,
  reason,
  busy,
  onWithhold,
  onReason,
  onReview,
}: {
  note: NoteToReview;
  withholding: boolean;
  reason: string;
  busy: boolean;
  onWithhold: (withhold: boolean) => void;
  onReason: (reason: string) => void;
  onReview: () => void;
}) {
  const title = `${note.serviceName}, ${when(note.start)}`;
  return (
    <div className="border-top pt-2 mb-3">
      <h4 className="h6">{title}</h4>
      {note.sharedSession && (
        <p className="small">
          <strong>A shared session.</strong> Someone else was in the room: read it for what concerns
          them, and withhold it if an exemption applies.
        </p>
      )}
      <p className="text-pre-line">{note.text}</p>
      {note.addenda.map((addendum) => (
        <p key={addendum.at} className="text-pre-line small">
          Added {when(addendum.at)}: {addendum.text}
        </p>
      ))}
      <p className={note.review === 'reviewed' ? 'small' : 'small fw-bold'}>
        {REVIEW_WORDS[note.review]}{' '}
        {note.review !== 'reviewed' && (
          <Button
            size="sm"
            variant="outline-primary"
            disabled={busy}
            aria-label={`Mark reviewed: ${title}`}
            onClick={onReview}
          >
            Mark reviewed
          </Button>
        )}
      </p>
      <Form.Check
        id={`withhold-${note.noteId}`}
        label="Withhold this note (an exemption applies)"
        checked={withholding}
        onChange={(event) => onWithhold(event.target.checked)}
      />
      {withholding && (
        <Form.Group controlId={`reason-${note.noteId}`} className="mt-2">
          <Form.Label>Why it is withheld (kept on the record)</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            value={reason}
            onChange={(event) => onReason(event.target.value)}
          />
        </Form.Group>
      )}
    </div>
  );
}
