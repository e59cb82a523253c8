import { useState, type Ref } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

interface PasswordFieldProps {
  id: string;
  autoComplete: 'current-password' | 'new-password';
  describedBy?: string;
  /** The visible label; the show/hide button is named after it ("Show new password"). */
  label?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function PasswordField({
  id,
  autoComplete,
  describedBy,
  label = 'Password',
  name = 'password',
  inputRef,
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <div className="password-field">
        <Form.Control
          ref={inputRef}
          type={visible ? 'text' : 'password'}
          name={name}
          required
          autoComplete={autoComplete}
          aria-describedby={describedBy}
        />
        <Button
          variant="link"
          size="sm"
          className="password-toggle"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible(!visible)}
        >
          {visible ? 'Hide' : 'Show'}
          <span className="visually-hidden"> {label.toLowerCase()}</span>
        </Button>
      </div>
    </Form.Group>
  );
}
