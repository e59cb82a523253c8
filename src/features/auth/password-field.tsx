import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

interface PasswordFieldProps {
  id: string;
  autoComplete: 'current-password' | 'new-password';
  describedBy?: string;
}

export function PasswordField({ id, autoComplete, describedBy }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>Password</Form.Label>
      <div className="password-field">
        <Form.Control
          type={visible ? 'text' : 'password'}
          name="password"
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
          <span className="visually-hidden"> password</span>
        </Button>
      </div>
    </Form.Group>
  );
}
