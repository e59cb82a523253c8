import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

/** Ten recovery codes, shown this once: she saves them, then goes on. */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  return (
    <section className="account-section" aria-labelledby="codes-heading">
      <h2 id="codes-heading">Your recovery codes</h2>
      <Alert variant="warning">
        Save these ten codes now (print them, or keep them in a password manager): they are shown
        only this once. Each one works once, in place of your passkey, if your devices are lost.
      </Alert>
      <ol className="recovery-codes font-monospace">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Button onClick={onSaved}>I have saved my codes</Button>
    </section>
  );
}

/**
 * How many recovery codes she has left, and new ones when she asks (after she has used some,
 * or fears someone has seen them): the old ones stop at once, so it asks first.
 */
export function RenewRecoveryCodes({
  left,
  busy,
  onRenew,
}: {
  left: number;
  busy: boolean;
  onRenew: () => void;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <div className="mb-3">
      <p className="mb-2">Recovery codes left: {left}.</p>
      {asking ? (
        <p>
          Your codes now stop working at once, and you get ten new ones. Renew them?{' '}
          <Button
            size="sm"
            variant="danger"
            disabled={busy}
            onClick={() => {
              setAsking(false);
              onRenew();
            }}
          >
            Yes, renew my codes
          </Button>{' '}
          <Button size="sm" variant="outline-secondary" onClick={() => setAsking(false)}>
            Keep them
          </Button>
        </p>
      ) : (
        <Button size="sm" variant="outline-primary" onClick={() => setAsking(true)}>
          Renew recovery codes
        </Button>
      )}
    </div>
  );
}
