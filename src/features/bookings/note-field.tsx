import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { NOTE_MAX_LENGTH } from '../../../shared/booking';

/** The optional note to the practitioner: at most 500 characters, counted as the visitor types. */
export function NoteField({
  value,
  onChange,
}: {
  value: string;
  onChange: (note: string) => void;
}) {
  const id = useId();
  const remaining = NOTE_MAX_LENGTH - value.length;
  return (
    <Form.Group controlId={`${id}-note`} className="mb-3 text-start">
      <Form.Label>Note for the practitioner (optional)</Form.Label>
      <Form.Text id={`${id}-reminder`} as="p" className="mt-0 mb-1">
        Please do not write clinical details here; you can talk about those in your session.
      </Form.Text>
      <Form.Control
        as="textarea"
        rows={3}
        value={value}
        maxLength={NOTE_MAX_LENGTH}
        aria-describedby={`${id}-reminder ${id}-count`}
        onChange={(event) => onChange(event.target.value.slice(0, NOTE_MAX_LENGTH))}
      />
      <Form.Text id={`${id}-count`} as="p" aria-live="polite" className="text-end">
        {value.length} of {NOTE_MAX_LENGTH} characters
        {remaining === 0 ? ' (the limit)' : ''}
      </Form.Text>
    </Form.Group>
  );
}
