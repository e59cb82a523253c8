import { useEffect, useRef, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { useHydrated } from '../../components/use-hydrated';
import { paths } from '../../config/routes';
import { loadFirebase } from '../../lib/load-firebase';
import { showToast } from '../../lib/toast';
import { CredentialFields, readCredentials } from './credential-fields';
import { signInWithGoogle } from './google-sign-in';
import { GoogleChoice } from './google-choice';
import { carryTarget, redirectTarget } from './safe-redirect';
import { useSession } from './session';
import { useAuthAction } from './use-auth-action';

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  const { start } = useSession();
  const { pending, error, run } = useAuthAction();
  const emailInput = useRef<HTMLInputElement>(null);
  const target = redirectTarget(location.state);

  useEffect(start, [start]);

  // The fields are uncontrolled: what was typed (even before hydration) stays after an error.
  const afterFailure = (ok: boolean) => {
    if (!ok) requestAnimationFrame(() => emailInput.current?.focus());
  };

  const logIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { email, password } = readCredentials(event.currentTarget);
    const ok = await run(async () => {
      const { firebaseAuth, signInWithEmailAndPassword } = await loadFirebase();
      await signInWithEmailAndPassword(firebaseAuth(), email, password);
      await navigate(target, { replace: true });
    });
    afterFailure(ok);
  };

  const logInWithGoogle = async () => {
    const ok = await run(async () => {
      await signInWithGoogle();
      await navigate(target, { replace: true });
    });
    afterFailure(ok);
  };

  const logInWithPasskey = async () => {
    const ok = await run(async () => {
      const { signInWithPasskey } = await import('../../lib/passkeys');
      await signInWithPasskey();
      await navigate(target, { replace: true });
    });
    afterFailure(ok);
  };

  const resetPassword = async () => {
    const address = emailInput.current?.value.trim() ?? '';
    if (!address) {
      void showToast('please enter your email address', 'error');
      emailInput.current?.focus();
      return;
    }
    const ok = await run(async () => {
      const { firebaseAuth, sendPasswordResetEmail } = await loadFirebase();
      await sendPasswordResetEmail(firebaseAuth(), address);
      void showToast('Sent email');
    });
    afterFailure(ok);
  };

  const disabled = pending || !hydrated;

  return (
    <div className="auth-card">
      {pending && <LoadingScreen />}
      <div hidden={pending}>
        <GoogleChoice action="log in" disabled={disabled} onChoose={() => void logInWithGoogle()} />
        <Form method="post" onSubmit={(event) => void logIn(event)} aria-label="Log in with email">
          <CredentialFields
            idPrefix="login"
            passwordAutoComplete="current-password"
            error={error}
            emailRef={emailInput}
          />
          <Button type="submit" variant="success" className="w-100" disabled={disabled}>
            Log In
          </Button>
        </Form>
        <Button
          variant="outline-secondary"
          className="w-100 mt-3"
          disabled={disabled}
          onClick={() => void logInWithPasskey()}
        >
          Log In With a Passkey
        </Button>
        <p className="text-center mt-3 mb-2">
          <Button variant="link" onClick={() => void resetPassword()} disabled={disabled}>
            Forget Password? Reset Password
          </Button>
        </p>
        <p className="text-center">
          New here?{' '}
          {/* Registering from here still ends where the visitor was going (a chosen service). */}
          <Link to={paths.register} state={carryTarget(location.state)}>
            Please register!
          </Link>
        </p>
      </div>
    </div>
  );
}
