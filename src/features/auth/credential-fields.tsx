import type { Ref } from 'react';
import Form from 'react-bootstrap/Form';
import { AuthErrorText } from './auth-error-text';
import { PasswordField } from './password-field';

/** What the visitor typed into `CredentialFields`: the email trimmed, the password as it is. */
export function readCredentials(form: HTMLFormElement): { email: string; password: string } {
  const fields = new FormData(form);
  return {
    email: String(fields.get('email') ?? '').trim(),
    password: String(fields.get('password') ?? ''),
  };
}

/** The error line's id for a form's `idPrefix`, for other fields it describes too. */
export const credentialErrorId = (idPrefix: string) => `${idPrefix}-error`;

/**
 * The email address and password of the log-in and register forms, and the error line below
 * them, which both fields point at while it shows. Ids: `<idPrefix>-email`, `-password`, `-error`.
 */
export function CredentialFields({
  idPrefix,
  passwordAutoComplete,
  error,
  emailRef,
}: {
  idPrefix: string;
  passwordAutoComplete: 'current-password' | 'new-password';
  error: string | null;
  emailRef?: Ref<HTMLInputElement>;
}) {
  const errorId = credentialErrorId(idPrefix);
  const describedBy = error ? errorId : undefined;
  return (
    <>
      <Form.Group className="mb-3" controlId={`${idPrefix}-email`}>
        <Form.Label>Email address</Form.Label>
        <Form.Control
          ref={emailRef}
          type="email"
          name="email"
          required
          autoComplete="email"
          aria-describedby={describedBy}
        />
      </Form.Group>
      <PasswordField
        id={`${idPrefix}-password`}
        autoComplete={passwordAutoComplete}
        describedBy={describedBy}
      />
      <AuthErrorText id={errorId} message={error} />
    </>
  );
}
