import { useEffect, useId, useRef, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { User } from '../../../lib/firebase';
import { loadFirebase } from '../../../lib/load-firebase';
import { AuthErrorText } from '../auth-error-text';
import { AUTH_ERROR_MESSAGES, codeOf, SITE_ERROR, siteError } from '../auth-errors';
import { PasswordField } from '../password-field';
import { useAuthAction } from '../use-auth-action';
import { signInMethodsOf } from './account-facts';

const WRONG_PASSWORD_CODES = new Set([
  'auth/wrong-password',
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
]);

/** Re-authenticates with a password, naming a wrong one as such (the email is not in doubt). */
export async function reauthenticateWithPassword(user: User, password: string): Promise<void> {
  const { EmailAuthProvider, reauthenticateWithCredential } = await loadFirebase();
  try {
    await reauthenticateWithCredential(
      user,
      EmailAuthProvider.credential(user.email ?? '', password),
    );
  } catch (caught) {
    if (WRONG_PASSWORD_CODES.has(codeOf(caught) ?? '')) throw siteError(SITE_ERROR.wrongPassword);
    throw caught;
  }
}

/**
 * Shown in place when the identity provider wants a recent sign-in: the visitor confirms with
 * their password (or Google), then `onConfirmed` finishes what they asked for.
 */
export function ConfirmIdentity({
  user,
  onConfirmed,
  onCancel,
}: {
  user: User;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const { pending, error, run } = useAuthAction();
  const heading = useRef<HTMLHeadingElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const id = useId();
  const errorId = `${id}-error`;
  const methods = signInMethodsOf(user);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const withPassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('confirm-password') ?? '');
    const ok = await run(() => reauthenticateWithPassword(user, typed));
    if (ok) onConfirmed();
    else password.current?.focus();
  };

  const withGoogle = async () => {
    const ok = await run(async () => {
      const { browserPopupRedirectResolver, GoogleAuthProvider, reauthenticateWithPopup } =
        await loadFirebase();
      await reauthenticateWithPopup(user, new GoogleAuthProvider(), browserPopupRedirectResolver);
    });
    if (ok) onConfirmed();
  };

  return (
    <section className="confirm-identity" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="h6" tabIndex={-1} ref={heading}>
        Confirm it is you
      </h3>
      <p>
        {methods.includes('password')
          ? AUTH_ERROR_MESSAGES['auth/requires-recent-login']
          : 'For your security, please confirm it is you by signing in with Google again.'}
      </p>
      {methods.includes('password') && (
        <Form
          onSubmit={(event) => void withPassword(event)}
          aria-label="Confirm with your password"
        >
          <PasswordField
            id={`${id}-password`}
            name="confirm-password"
            label="Your password"
            autoComplete="current-password"
            describedBy={error ? errorId : undefined}
            inputRef={password}
          />
          <Button type="submit" variant="success" disabled={pending}>
            Confirm
          </Button>
        </Form>
      )}
      {methods.includes('google.com') && (
        <Button
          variant="outline-success"
          className="mt-2"
          disabled={pending}
          onClick={() => void withGoogle()}
        >
          Confirm with Google
        </Button>
      )}
      <AuthErrorText id={errorId} message={error} />
      <Button variant="link" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
    </section>
  );
}
