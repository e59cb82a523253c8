import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

interface PasswordFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  describedBy?: string;
}

export function PasswordField({ id, value, onChange, autoComplete, describedBy }: PasswordFieldProps) {
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
          value={value}
          onChange={(event) => onChange(event.target.value)}
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
