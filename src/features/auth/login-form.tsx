import { sendPasswordResetEmail, signInWithEmailAndPassword } from 'firebase/auth';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { paths } from '../../config/paths';
import { firebaseAuth } from '../../lib/firebase';
import { showToast } from '../../lib/toast';
import { AuthErrorText } from './auth-error-text';
import { signInWithGoogle } from './google-sign-in';
import { PasswordField } from './password-field';
import { redirectTarget } from './safe-redirect';
import { useSession } from './session';
import { useAuthAction } from './use-auth-action';

const ERROR_ID = 'login-error';

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const { start } = useSession();
  const { pending, error, run } = useAuthAction();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const emailInput = useRef<HTMLInputElement>(null);
  const target = redirectTarget(location.state);

  useEffect(start, [start]);

  const afterFailure = (ok: boolean) => {
    if (!ok) requestAnimationFrame(() => emailInput.current?.focus());
  };

  const logIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ok = await run(async () => {
      await signInWithEmailAndPassword(firebaseAuth(), email.trim(), password);
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

  const resetPassword = async () => {
    const address = email.trim();
    if (!address) {
      void showToast('please enter your email address', 'error');
      emailInput.current?.focus();
      return;
    }
    const ok = await run(async () => {
      await sendPasswordResetEmail(firebaseAuth(), address);
      void showToast('Sent email');
    });
    afterFailure(ok);
  };

  const describedBy = error ? ERROR_ID : undefined;

  return (
    <div className="auth-card">
      {pending && <LoadingScreen />}
      <div hidden={pending}>
        <Button variant="outline-success" className="w-100" onClick={() => void logInWithGoogle()}>
          Continue With Google
        </Button>
        <p className="divider" aria-hidden="true">
          OR
        </p>
        <Form onSubmit={(event) => void logIn(event)} aria-label="Log in with email">
          <Form.Group className="mb-3" controlId="login-email">
            <Form.Label>Email address</Form.Label>
            <Form.Control
              ref={emailInput}
              type="email"
              name="email"
              required
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-describedby={describedBy}
            />
          </Form.Group>
          <PasswordField
            id="login-password"
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
            describedBy={describedBy}
          />
          <AuthErrorText id={ERROR_ID} message={error} />
          <Button type="submit" variant="success" className="w-100" disabled={pending}>
            Log In
          </Button>
        </Form>
        <p className="text-center mt-3 mb-2">
          <Button variant="link" onClick={() => void resetPassword()} disabled={pending}>
            Forget Password? Reset Password
          </Button>
        </p>
        <p className="text-center">
          New here? <Link to={paths.register}>Please register!</Link>
        </p>
      </div>
    </div>
  );
}
