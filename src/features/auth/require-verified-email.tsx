import { useEffect, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { PageHeading } from '../../components/layout/page-heading';
import { paths } from '../../config/routes';
import { loadFirebase } from '../../lib/load-firebase';
import { readBootSession } from '../../lib/boot-session';
import { readSessionHint } from '../../lib/session-hint';
import { showToast } from '../../lib/toast';
import { continueTo } from './action-link';
import { AuthErrorText } from './auth-error-text';
import { GateAccountContext, type GateAccount } from '../../lib/gate-account';
import { useSessionAccount, useSession } from './session';
import { useAuthAction } from './use-auth-action';
import './verify-email.css';

function VerifyEmailNotice({ email }: { email: string | null }) {
  const { refresh } = useSession();
  const { pending, error, run } = useAuthAction();
  const { pathname, search } = useLocation();
  const [checking, setChecking] = useState(false);
  const [news, setNews] = useState<string | null>(null);
  const address = email ?? 'your email address';

  // A visitor who verified in their mail app comes back to this tab: look again.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [refresh]);

  const resend = async () => {
    setNews(null);
    await run(async () => {
      const { firebaseAuth, sendEmailVerification } = await loadFirebase();
      const user = firebaseAuth().currentUser;
      if (!user) throw new Error('No user is logged in');
      // The link brings the visitor back here, to the service they chose, once verified.
      await sendEmailVerification(user, continueTo(`${pathname}${search}`));
      void showToast('Sent email');
      setNews(`We have sent a new link to ${address}. The newest link is the one that works.`);
    });
  };

  const checkAgain = async () => {
    setChecking(true);
    setNews(null);
    try {
      await refresh();
      const { firebaseAuth } = await loadFirebase();
      // Verified: the gate shows the page in this one's place. Otherwise, say so.
      if (!firebaseAuth().currentUser?.emailVerified) {
        setNews(
          `${address} is not verified yet. Open the link in the email we sent, then press "I have verified my email" again.`,
        );
      }
    } catch {
      // A disabled or deleted account is signed out by refresh; the gate then redirects.
      setNews('We could not check just now. Please check your connection and try again.');
    } finally {
      setChecking(false);
    }
  };

  return (
    <Container className="text-center pb-5">
      <PageHeading>Your Email is not verified!!</PageHeading>
      <div className="verify-step">
        <p className="fs-5 verify-hint">Please Verify your email address</p>
        <h2 className="h5">Check your email</h2>
        <p>
          We sent a link to <strong className="verify-address">{address}</strong>. Open it, then
          come back to this page: it carries on from here.
        </p>
        <p className="small text-body-secondary">
          No email? Look in your spam or junk folder, or send the link again.
        </p>
        <AuthErrorText id="verify-error" message={error} />
        <p role="status" className="verify-news">
          {news}
        </p>
        <div className="d-flex flex-wrap gap-2 justify-content-center">
          <Button variant="success" disabled={pending} onClick={() => void resend()}>
            Send Verification Email Again
          </Button>
          <Button variant="outline-success" disabled={checking} onClick={() => void checkAgain()}>
            I have verified my email
          </Button>
        </div>
      </div>
    </Container>
  );
}

/** Where to go when signed out: log in, and back here afterwards. */
function ToLogIn() {
  const location = useLocation();
  const from = { pathname: location.pathname, search: location.search, hash: location.hash };
  // The loading screen stays while the log-in page's code and styles come: not an empty page.
  return (
    <>
      <LoadingScreen />
      <Navigate to={paths.login} replace state={{ from }} />
    </>
  );
}

/**
 * A page whose content needs the account only (not the SDK's user): it opens on the session
 * stored in this browser before the SDK has loaded (GateAccount), and the SDK follows the content.
 */
export function RequireAccount({
  children,
  whenSignedOut,
}: {
  children: (account: GateAccount) => ReactNode;
  /** Shown instead of the redirect to log in, when the page signed the visitor out itself. */
  whenSignedOut?: ReactNode;
}) {
  const account = useSessionAccount();
  const { start } = useSession();

  // Without a stored session to open on, the SDK is asked for now. A visitor this browser never
  // saw signed in goes to log in at once, without it (about 33 kB gz, before the redirect on a
  // slow phone); the log-in page loads it.
  useEffect(() => {
    if (!readSessionHint()) return;
    let live = true;
    void readBootSession().then((stored) => {
      if (live && !stored) start();
    });
    return () => {
      live = false;
    };
  }, [start]);

  if (account === 'unknown') return <LoadingScreen />;
  if (account === 'signed-out') return whenSignedOut ?? <ToLogIn />;
  // Keyed by the account: signed in as someone else (in another tab), every page below starts
  // afresh, so nothing of the last person's data or half-filled forms is shown or saved as theirs.
  // The SDK's word on the same account keeps the page.
  return (
    <GateAccountContext.Provider key={account.uid} value={account}>
      {children(account)}
    </GateAccountContext.Provider>
  );
}

/** Loading, with the SDK asked for now rather than after the page's content. */
function SessionNow() {
  const { start } = useSession();
  useEffect(() => start(), [start]);
  return <LoadingScreen />;
}

/** Spec section 4's checkout gate: loading, then log in, then verify, then the page. */
export function RequireVerifiedEmail({ children }: { children: ReactNode }) {
  const { session } = useSession();
  return (
    <RequireAccount>
      {(account) =>
        account.emailVerified ? (
          children
        ) : session.status === 'signed-in' ? (
          <VerifyEmailNotice email={session.user.email} />
        ) : (
          // Not verified as stored: the SDK's user says whether it is now, and where the link went.
          <SessionNow />
        )
      }
    </RequireAccount>
  );
}
