import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PageHeading } from '../../components/layout/page-heading';
import { errorSentence } from '../../lib/api';
import { signInWithPasskey, signInWithRecoveryCode } from '../../lib/passkeys';

const sentence = (error: unknown) =>
  error instanceof Error && error.name !== 'ApiError' ? error.message : errorSentence(error);

/**
 * The practice pages' second step after her password (or Google): her passkey, or once in its
 * place a recovery code. `onConfirmed` runs once the browser is signed in with the passkey.
 */
export function PasskeyStep({
  onConfirmed,
}: {
  onConfirmed: (how: 'passkey' | 'recovery-code') => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [code, setCode] = useState('');

  const run = async (how: 'passkey' | 'recovery-code', action: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      onConfirmed(how);
    } catch (failure) {
      setError(sentence(failure));
      setBusy(false);
    }
  };

  const useCode = (event: FormEvent) => {
    event.preventDefault();
    void run('recovery-code', () => signInWithRecoveryCode(code));
  };

  return (
    <div className="mx-auto pb-5 passkey-step">
      <PageHeading>Confirm it is you with your passkey</PageHeading>
      <p>
        Your diary holds your clients&rsquo; records, so after your password it asks for your
        passkey too: your fingerprint, face or the PIN of this device.
      </p>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <Button
        variant="primary"
        size="lg"
        disabled={busy}
        onClick={() => void run('passkey', () => signInWithPasskey(true))}
      >
        Use my passkey
      </Button>
      <details className="mt-4">
        <summary>No passkey to hand? Use a recovery code</summary>
        <Form onSubmit={useCode} className="mt-3">
          <Form.Group controlId="recovery-code">
            <Form.Label>Recovery code</Form.Label>
            <Form.Control
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              spellCheck={false}
              required
              maxLength={40}
            />
            <Form.Text>One of the ten codes you saved when you added your passkey.</Form.Text>
          </Form.Group>
          <Button type="submit" variant="outline-primary" className="mt-2" disabled={busy}>
            Use this code
          </Button>
        </Form>
      </details>
    </div>
  );
}
