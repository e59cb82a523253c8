import Form from 'react-bootstrap/Form';
import type { BookingMode } from '../../../shared/booking';
import { practiceFacts } from '../../../shared/practice';

/** For a service held in person or by video: which the client wants (in person unless they say). */
export function MeetingModeField({
  value,
  onChange,
}: {
  value: BookingMode;
  onChange: (mode: BookingMode) => void;
}) {
  const { address } = practiceFacts;
  return (
    <Form.Group as="fieldset" className="mb-3 text-start">
      <Form.Label as="legend" className="fs-6 mb-1">
        How would you like to meet?
      </Form.Label>
      <Form.Check
        type="radio"
        id="checkout-mode-in-person"
        name="meeting-mode"
        label={`In person, at ${address.street}, ${address.locality}`}
        checked={value === 'in-person'}
        onChange={() => onChange('in-person')}
      />
      <Form.Check
        type="radio"
        id="checkout-mode-video"
        name="meeting-mode"
        label="By video: a private link comes with the confirmation"
        checked={value === 'video'}
        onChange={() => onChange('video')}
      />
    </Form.Group>
  );
}
