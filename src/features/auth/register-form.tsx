import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { useHydrated } from '../../components/use-hydrated';
import { paths } from '../../config/routes';
import { loadFirebase } from '../../lib/load-firebase';
import { showToast } from '../../lib/toast';
import { continueTo } from './action-link';
import { CredentialFields, credentialErrorId, readCredentials } from './credential-fields';
import { signInWithGoogle } from './google-sign-in';
import { GoogleChoice } from './google-choice';
import { carryTarget, rememberedTarget } from './safe-redirect';
import { useSession } from './session';
import { useAuthAction } from './use-auth-action';

const ERROR_ID = credentialErrorId('register');
const USERNAME_HINT_ID = 'register-username-hint';
const MAX_USERNAME = 60;

export function RegisterForm() {
  const navigate = useNavigate();
  const location = useLocation();
  // Sent here on the way to a page (Book Now → log in → register): go on there afterwards.
  const remembered = rememberedTarget(location.state);
  const goOn = () =>
    remembered === undefined ? navigate(paths.home) : navigate(remembered, { replace: true });
  const { start } = useSession();
  const { pending, error, run } = useAuthAction();
  const hydrated = useHydrated();
  const [usernameProblem, setUsernameProblem] = useState<string | null>(null);
  const firstInput = useRef<HTMLInputElement>(null);

  useEffect(start, [start]);

  const afterFailure = (ok: boolean) => {
    if (!ok) requestAnimationFrame(() => firstInput.current?.focus());
  };

  const register = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const displayName = String(new FormData(event.currentTarget).get('username') ?? '').trim();
    const { email, password } = readCredentials(event.currentTarget);
    if (!displayName) {
      setUsernameProblem('Please enter a username (not only spaces).');
      firstInput.current?.focus();
      return;
    }
    setUsernameProblem(null);
    const ok = await run(async () => {
      const { createUserWithEmailAndPassword, firebaseAuth, sendEmailVerification, updateProfile } =
        await loadFirebase();
      const { user } = await createUserWithEmailAndPassword(firebaseAuth(), email, password);
      // The emailed link brings the visitor back to where they were going, once verified.
      await sendEmailVerification(user, remembered ? continueTo(remembered) : undefined);
      await updateProfile(user, { displayName });
      void showToast('generating account');
      await goOn();
    });
    afterFailure(ok);
  };

  const registerWithGoogle = async () => {
    const ok = await run(async () => {
      await signInWithGoogle();
      await goOn();
    });
    afterFailure(ok);
  };

  const describedBy = error ? ERROR_ID : undefined;
  const disabled = pending || !hydrated;

  return (
    <div className="auth-card">
      {pending && <LoadingScreen />}
      <div hidden={pending}>
        <GoogleChoice
          action="register"
          disabled={disabled}
          onChoose={() => void registerWithGoogle()}
        />
        <Form
          method="post"
          onSubmit={(event) => void register(event)}
          aria-label="Register with email"
        >
          <Form.Group className="mb-3" controlId="register-username">
            <Form.Label>Username</Form.Label>
            <Form.Control
              ref={firstInput}
              name="username"
              required
              maxLength={MAX_USERNAME}
              autoComplete="username"
              isInvalid={usernameProblem !== null}
              aria-describedby={
                [usernameProblem ? USERNAME_HINT_ID : '', describedBy ?? ''].join(' ').trim() ||
                undefined
              }
            />
            <Form.Control.Feedback type="invalid" id={USERNAME_HINT_ID}>
              {usernameProblem}
            </Form.Control.Feedback>
          </Form.Group>
          <CredentialFields idPrefix="register" passwordAutoComplete="new-password" error={error} />
          <p className="small">
            How we use your details is in our <Link to={paths.privacy}>privacy notice</Link>.
          </p>
          <Button type="submit" variant="success" className="w-100" disabled={disabled}>
            Register
          </Button>
        </Form>
        <p className="text-center mt-3">
          Already have an account?{' '}
          <Link to={paths.login} state={carryTarget(location.state)}>
            Please Log In!
          </Link>
        </p>
      </div>
    </div>
  );
}
