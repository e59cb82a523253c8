import type { FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { User } from '../../../lib/firebase';
import { loadFirebase } from '../../../lib/load-firebase';
import { showToast } from '../../../lib/toast';
import { AuthErrorText } from '../auth-error-text';
import { PasswordField } from '../password-field';
import { signInMethodsOf } from './account-facts';
import { ConfirmIdentity, reauthenticateWithPassword } from './confirm-identity';
import { useSensitiveAction } from './use-sensitive-action';

const ERROR_ID = 'password-error';

export function ChangePasswordForm({ user }: { user: User }) {
  const { pending, error, confirming, run, confirmed, cancel } = useSensitiveAction();

  if (!signInMethodsOf(user).includes('password')) {
    return (
      <section className="account-section" aria-labelledby="password-heading">
        <h2 id="password-heading">Password</h2>
        <p>You sign in with Google, so this account has no password to change.</p>
      </section>
    );
  }

  const change = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const current = String(fields.get('current-password') ?? '');
    const next = String(fields.get('new-password') ?? '');
    await run(async () => {
      // The current password proves it is the owner at the keyboard, not someone passing by.
      await reauthenticateWithPassword(user, current);
      const { updatePassword } = await loadFirebase();
      await updatePassword(user, next);
      form.reset();
      void showToast('Your password has been changed.');
    });
  };

  const describedBy = error ? ERROR_ID : undefined;

  return (
    <section className="account-section" aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <Form onSubmit={(event) => void change(event)} aria-label="Change your password">
        <PasswordField
          id="current-password"
          name="current-password"
          label="Current password"
          autoComplete="current-password"
          describedBy={describedBy}
        />
        <PasswordField
          id="new-password"
          name="new-password"
          label="New password"
          autoComplete="new-password"
          describedBy={describedBy}
        />
        <AuthErrorText id={ERROR_ID} message={error} />
        <Button type="submit" variant="success" disabled={pending || confirming}>
          Change password
        </Button>
      </Form>
      {confirming && (
        <ConfirmIdentity user={user} onConfirmed={() => void confirmed()} onCancel={cancel} />
      )}
    </section>
  );
}
