import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { paths } from '../../../config/routes';
import type { User } from '../../../lib/firebase';
import { loadFirebase } from '../../../lib/load-firebase';
import { continueTo } from '../action-link';
import { AuthErrorText } from '../auth-error-text';
import { codeOf, SITE_ERROR, siteError } from '../auth-errors';
import { ConfirmIdentity } from './confirm-identity';
import { useSensitiveAction } from './use-sensitive-action';

const ERROR_ID = 'email-error';

export function ChangeEmailForm({ user }: { user: User }) {
  const { pending, error, confirming, run, confirmed, cancel } = useSensitiveAction();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const change = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const newEmail = String(new FormData(event.currentTarget).get('new-email') ?? '').trim();
    setSentTo(null);
    await run(async () => {
      if (newEmail.toLowerCase() === user.email?.toLowerCase()) {
        throw siteError(SITE_ERROR.sameEmail);
      }
      try {
        const { verifyBeforeUpdateEmail } = await loadFirebase();
        await verifyBeforeUpdateEmail(user, newEmail, continueTo(paths.account));
      } catch (caught) {
        if (codeOf(caught) === 'auth/email-already-in-use')
          throw siteError(SITE_ERROR.newEmailInUse);
        throw caught;
      }
      setSentTo(newEmail);
    });
  };

  const describedBy = error ? ERROR_ID : undefined;

  return (
    <section className="account-section" aria-labelledby="email-heading">
      <h2 id="email-heading">Email address</h2>
      <p>
        We send a link to the new address. Your email address stays {user.email ?? 'as it is'} until
        you open that link.
      </p>
      <Form onSubmit={(event) => void change(event)} aria-label="Change your email address">
        <Form.Group className="mb-3" controlId="new-email">
          <Form.Label>New email address</Form.Label>
          <Form.Control
            type="email"
            name="new-email"
            required
            autoComplete="email"
            aria-describedby={describedBy}
          />
        </Form.Group>
        <AuthErrorText id={ERROR_ID} message={error} />
        <Button type="submit" variant="success" disabled={pending || confirming}>
          Send verification link
        </Button>
      </Form>
      <p role="status" className="mt-3 mb-0">
        {sentTo &&
          `We sent a link to ${sentTo}. Open it to finish; until then you still log in with ${user.email ?? 'your current address'}.`}
      </p>
      {confirming && (
        <ConfirmIdentity user={user} onConfirmed={() => void confirmed()} onCancel={cancel} />
      )}
    </section>
  );
}
