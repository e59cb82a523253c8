import Form from 'react-bootstrap/Form';
import { FieldError } from '../../components/forms/error-summary';

export const CALL_PHONE_ID = 'checkout-call-phone';

/** The free call's number to phone: required, a UK number (checked with shared/phone.ts). */
export function CallPhoneField({
  value,
  onChange,
  problem,
}: {
  value: string;
  onChange: (phone: string) => void;
  problem: string | undefined;
}) {
  const hintId = `${CALL_PHONE_ID}-hint`;
  const errorId = `${CALL_PHONE_ID}-error`;
  return (
    <Form.Group controlId={CALL_PHONE_ID} className="mb-3 text-start">
      <Form.Label>Phone number to call</Form.Label>
      <Form.Text id={hintId} as="p" className="mt-0 mb-1">
        A UK number. The practitioner phones you on it at the time you choose.
      </Form.Text>
      <Form.Control
        type="tel"
        autoComplete="tel"
        required
        value={value}
        maxLength={40}
        isInvalid={problem !== undefined}
        aria-invalid={problem !== undefined}
        aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={errorId} message={problem} />
    </Form.Group>
  );
}
