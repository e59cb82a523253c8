import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { PageHeading } from '../../components/layout/page-heading';
import { useStyledAfterHydration } from '../../components/use-hydrated';
import { paths } from '../../config/routes';
import { practice } from '../../content/practice';
import { loadFirebase } from '../../lib/load-firebase';
import { readSessionHint } from '../../lib/session-hint';
import { showToast } from '../../lib/toast';
import { continueTo, parseActionLink, siteOrigins, type ActionMode } from './action-link';
import { AuthErrorText } from './auth-error-text';
import { authErrorMessage, codeOf, SITE_ERROR, siteError } from './auth-errors';
import { applyActionCode, checkActionCode, confirmPasswordReset } from './auth-rest';
import { PasswordField } from './password-field';
import { signOutOnPurpose, useSession } from './session';
import { useAuthAction } from './use-auth-action';

type Outcome =
  | { step: 'checking' }
  | { step: 'choose-password'; email: string }
  | { step: 'done'; heading: string; body: ReactNode }
  | { step: 'failed'; code: string | undefined; message: string };

// A code works once: React may run an effect twice (StrictMode), the server must see it once.
const applied = new Map<string, Promise<Outcome>>();
function once(code: string, run: () => Promise<Outcome>): Promise<Outcome> {
  let pending = applied.get(code);
  if (!pending) {
    pending = run();
    applied.set(code, pending);
  }
  return pending;
}

function failed(error: unknown): Outcome {
  return { step: 'failed', code: codeOf(error), message: authErrorMessage(error) };
}

/**
 * Email changes end the session this browser holds; sign out on purpose, not as a surprise. Only
 * a browser signed in last time can hold one: elsewhere the identity SDK is not needed at all.
 */
async function signOutIfSignedIn(): Promise<boolean> {
  if (!readSessionHint()) return false;
  const { firebaseAuth, signOut } = await loadFirebase();
  const auth = firebaseAuth();
  await auth.authStateReady();
  if (!auth.currentUser) return false;
  await signOutOnPurpose(() => signOut(auth));
  return true;
}

/** After a verification, the session this browser holds (if any) learns the address is verified. */
async function refreshSignedInUser(): Promise<void> {
  if (!readSessionHint()) return;
  const { firebaseAuth } = await loadFirebase();
  const auth = firebaseAuth();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (user) {
    await user.reload();
    await user.getIdToken(true); // so the server also sees the address as verified
  }
}

/**
 * The outcome of each kind of link, once its code has been checked and applied: through the
 * identity provider's REST API (auth-rest.ts), so that the page need not download the SDK first.
 */
async function carryOut(mode: ActionMode, oobCode: string): Promise<Outcome> {
  switch (mode) {
    case 'verifyEmail': {
      await applyActionCode(oobCode);
      // Verified whatever follows: a session not told now learns it at its next check.
      await refreshSignedInUser().catch(() => undefined);
      return {
        step: 'done',
        heading: 'Your email address is verified',
        body: <p>Thank you. You can now book sessions.</p>,
      };
    }
    case 'resetPassword': {
      const { email } = await checkActionCode(oobCode);
      return { step: 'choose-password', email: email ?? '' };
    }
    case 'recoverEmail': {
      const info = await checkActionCode(oobCode);
      await applyActionCode(oobCode);
      const restored = info.email ?? '';
      const signedOut = await signOutIfSignedIn().catch(() => false);
      return {
        step: 'done',
        heading: 'Your email address has been restored',
        body: <RecoveredEmail email={restored} signedOut={signedOut} />,
      };
    }
    case 'verifyAndChangeEmail': {
      const info = await checkActionCode(oobCode);
      await applyActionCode(oobCode);
      const email = info.email ?? '';
      const signedOut = await signOutIfSignedIn().catch(() => false);
      return {
        step: 'done',
        heading: 'Your email address has been changed',
        body: (
          <p>
            Your email address is now <strong>{email}</strong>.{' '}
            {signedOut ? 'You have been logged out: please ' : 'Please '}
            <Link to={paths.login} state={{ from: { pathname: paths.account } }}>
              log in with your new email address
            </Link>
            .
          </p>
        ),
      };
    }
  }
}

function RecoveredEmail({ email, signedOut }: { email: string; signedOut: boolean }) {
  const { pending, error, run } = useAuthAction();
  const reset = () =>
    run(async () => {
      const { firebaseAuth, sendPasswordResetEmail } = await loadFirebase();
      await sendPasswordResetEmail(firebaseAuth(), email);
      void showToast('Sent email');
    });
  return (
    <>
      <p>
        Your email address is <strong>{email}</strong> again.
        {signedOut && ' You have been logged out.'}
      </p>
      <p>If you did not ask for the change, someone may know your password: choose a new one.</p>
      <Button variant="success" disabled={pending} onClick={() => void reset()}>
        Send a password reset email
      </Button>
      <AuthErrorText id="recover-error" message={error} />
      <p className="mt-3">
        <Link to={paths.login}>Log in</Link>
      </p>
    </>
  );
}

function ChoosePassword({
  email,
  oobCode,
  onOutcome,
}: {
  email: string;
  oobCode: string;
  onOutcome: (outcome: Outcome) => void;
}) {
  const { pending, error, run } = useAuthAction();
  const input = useRef<HTMLInputElement>(null);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    let outcome = null as Outcome | null; // set inside run(): what the page shows next
    const ok = await run(async () => {
      try {
        await confirmPasswordReset(oobCode, password);
      } catch (caught) {
        // A weak password stays on the form; a link that stopped working ends it.
        if (codeOf(caught) === 'auth/weak-password') throw caught;
        outcome = failed(caught);
        return;
      }
      // A new password ends every session of the account, this browser's included (the server
      // ends it too, so a failure here only leaves it to the session's next check).
      await signOutIfSignedIn().catch(() => false);
      outcome = {
        step: 'done',
        heading: 'Your password has been changed',
        body: (
          <p>
            <Link to={paths.login}>Log in with your new password</Link>.
          </p>
        ),
      };
    });
    if (outcome) onOutcome(outcome);
    else if (!ok) input.current?.focus();
  };

  return (
    <div className="auth-card">
      <p>
        Choose a new password for <strong>{email}</strong>.
      </p>
      <Form onSubmit={(event) => void save(event)} aria-label="Choose a new password">
        <PasswordField
          id="reset-new-password"
          label="New password"
          autoComplete="new-password"
          describedBy={error ? 'reset-error' : undefined}
          inputRef={input}
        />
        <AuthErrorText id="reset-error" message={error} />
        <Button type="submit" variant="success" className="w-100" disabled={pending}>
          Save new password
        </Button>
      </Form>
    </div>
  );
}

/** What to do next when a link did not work: a new link, logging in, or the practice. */
function NextStep({
  mode,
  code,
  onRetry,
}: {
  mode: ActionMode | null;
  code: string | undefined;
  onRetry: () => void;
}) {
  const { session } = useSession();
  const { pending, error, run } = useAuthAction();

  if (code === 'auth/user-disabled') {
    return (
      <p>
        Email the practice at <a href={`mailto:${practice.email}`}>{practice.email}</a>.
      </p>
    );
  }
  if (code === 'auth/network-request-failed' || code === 'auth/internal-error') {
    return (
      <Button variant="success" onClick={onRetry}>
        Try again
      </Button>
    );
  }
  if (mode === 'resetPassword') {
    return (
      <p>
        To get a new link, go to <Link to={paths.login}>the log-in page</Link>, enter your email
        address and choose Reset Password.
      </p>
    );
  }
  if (mode === 'verifyEmail' && session.status === 'signed-in') {
    if (session.emailVerified) return <p>Your email address is already verified.</p>;
    const resend = () =>
      run(async () => {
        const { sendEmailVerification } = await loadFirebase();
        await sendEmailVerification(session.user, continueTo(paths.account));
        void showToast('Sent email');
      });
    return (
      <>
        <Button variant="success" disabled={pending} onClick={() => void resend()}>
          Send a new link
        </Button>
        <AuthErrorText id="resend-error" message={error} />
      </>
    );
  }
  if (mode === 'verifyAndChangeEmail' || mode === 'verifyEmail') {
    return (
      <p>
        <Link to={paths.account}>Go to your account</Link> (you may be asked to log in) to send a
        new link.
      </p>
    );
  }
  return (
    <p>
      <Link to={paths.login}>Log in</Link>, or email the practice at{' '}
      <a href={`mailto:${practice.email}`}>{practice.email}</a> if you cannot.
    </p>
  );
}

function EmailAction({ search }: { search: string }) {
  const navigate = useNavigate();
  const { start, userChanged } = useSession();
  // The page's session shows the change, where this browser holds one; the link is used either
  // way, so a failure here (the SDK not downloaded) leaves it to the session's next check.
  const sessionTold = useCallback(
    () => (readSessionHint() ? userChanged().catch(() => undefined) : Promise.resolve()),
    [userChanged],
  );
  const [link] = useState(() => parseActionLink(new URLSearchParams(search), siteOrigins()));
  const [outcome, setOutcome] = useState<Outcome>(() =>
    link.valid ? { step: 'checking' } : failed(siteError(SITE_ERROR.incompleteLink)),
  );
  const [attempt, setAttempt] = useState(0);

  // The session this browser holds, if it was signed in last time: told of a verified address.
  // A visitor never signed in here needs no identity SDK at all (auth-rest.ts does the link).
  useEffect(() => {
    if (readSessionHint()) start();
  }, [start]);

  useEffect(() => {
    if (!link.valid) return;
    let current = true;
    const key = `${link.oobCode}#${attempt}`;
    once(key, () => carryOut(link.mode, link.oobCode).catch(failed)).then((result) => {
      if (!current) return;
      if (result.step === 'done' && link.mode === 'verifyEmail' && link.continueTo) {
        // Back to where the visitor was going (the checkout for their service), which must
        // already know the address is verified.
        const target = link.continueTo;
        void sessionTold().then(() => {
          if (!current) return;
          void showToast('Your email address is verified.');
          void navigate(target, { replace: true });
        });
        return;
      }
      if (result.step === 'done') void sessionTold();
      setOutcome(result);
    });
    return () => {
      current = false;
    };
  }, [link, attempt, navigate, sessionTold]);

  const retry = useCallback(() => {
    setOutcome({ step: 'checking' });
    setAttempt((count) => count + 1);
  }, []);

  switch (outcome.step) {
    case 'checking':
      return <Checking />;
    case 'choose-password':
      return (
        <Container className="pb-5">
          <PageHeading key="choose">Choose a new password</PageHeading>
          <ChoosePassword
            email={outcome.email}
            oobCode={link.valid ? link.oobCode : ''}
            onOutcome={setOutcome}
          />
        </Container>
      );
    case 'done':
      return (
        <Container className="text-center pb-5">
          <PageHeading key="done">{outcome.heading}</PageHeading>
          {outcome.body}
        </Container>
      );
    case 'failed':
      return (
        <Container className="text-center pb-5">
          <PageHeading key="failed">This link did not work</PageHeading>
          <AuthErrorText id="action-error" message={outcome.message} />
          <NextStep mode={link.mode} code={outcome.code} onRetry={retry} />
        </Container>
      );
  }
}

function Checking() {
  return (
    <Container className="pb-5">
      <PageHeading visuallyHidden>Email link</PageHeading>
      <LoadingScreen label="Checking your link..." />
    </Container>
  );
}

/**
 * /auth/action: where the identity provider's emails link to (verify the address, choose a new
 * password, undo or confirm an email change), shown in the site's own layout.
 */
export function EmailActionPage() {
  const styled = useStyledAfterHydration();
  const { search } = useLocation();
  // The prerendered page knows no query string: it and the first client render show "checking",
  // until the full stylesheet styles what the link's answer shows.
  return styled ? <EmailAction search={search} /> : <Checking />;
}
