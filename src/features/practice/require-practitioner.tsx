import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { PageHeading } from '../../components/layout/page-heading';
import { paths } from '../../config/routes';
import { useGateAccount } from '../../lib/gate-account';
import { lazyPrefetched } from '../../lib/lazy-prefetched';
import { loadFirebase } from '../../lib/load-firebase';
import { onSecondFactorRequired } from '../../lib/api';
import { IdleSignOut } from './idle-sign-out';
import { practitionerAccess as accessOf, type PractitionerAccess } from './practitioner-access';

// Asked only when her token lacks the passkey step: its code (WebAuthn, an alert) is not the
// diary's to download.
const PasskeyStep = lazyPrefetched(() =>
  import('./passkey-step').then((module) => ({ default: module.PasskeyStep })),
);

/**
 * The practitioner's token opens the diary once it carries her passkey step; when the API finds
 * that step over 12 hours old it says so (onSecondFactorRequired) and the step is asked again.
 */
type Access = PractitionerAccess | 'checking' | 'recovered' | 'unknown';

/**
 * Shows the diary only to an account whose ID token carries `practitioner: true` and her
 * passkey step (`second_factor`, within 12 hours); until then it asks for the passkey. The
 * server checks both again on every call. Rendered inside the sign-in gate. Open, the pages sign
 * her out after a while without input (IdleSignOut).
 */
export function RequirePractitioner({ children }: { children: ReactNode }) {
  const account = useGateAccount();
  // Open on the session stored in this browser (before the SDK has loaded): its token's claims.
  const storedClaims = account.storedClaims;
  const storedAccess = storedClaims && accessOf({ claims: storedClaims });
  const restored = !storedClaims;
  // A stored token that carries the claim opens the diary in the first render, not one later.
  const [access, setAccess] = useState<Access>(() =>
    storedAccess === 'allowed' ? 'allowed' : 'checking',
  );
  const [checks, setChecks] = useState(0);

  useEffect(() => {
    let current = true;
    const settle = (next: Access) => {
      if (current)
        setAccess((known) => (known === 'recovered' && next === 'allowed' ? known : next));
    };
    if (!restored) {
      // The stored token opens the diary at once when it carries the claim; anything else waits
      // for the SDK's user, and the fresh check below follows once it has restored the session.
      if (storedAccess === 'allowed') settle('allowed');
      return () => {
        current = false;
      };
    }
    loadFirebase()
      .then(async ({ firebaseAuth }) => {
        const user = firebaseAuth().currentUser;
        // The stored token opens the diary at once when it carries the claim. A fresh one is
        // asked for either way: the claim may have been granted, or withdrawn, since sign-in.
        if (accessOf(await user?.getIdTokenResult()) === 'allowed') settle('allowed');
        return user?.getIdTokenResult(true);
      })
      .then(
        (fresh) => settle(accessOf(fresh)),
        () => {
          // Offline with a token that says so: the server still checks every call.
          if (current) setAccess((known) => (known === 'allowed' ? known : 'unknown'));
        },
      );
    return () => {
      current = false;
    };
  }, [checks, restored, storedAccess]);

  useEffect(() => onSecondFactorRequired(() => setAccess('passkey')), []);

  if (access === 'checking') return <LoadingScreen />;
  if (access === 'allowed') {
    return (
      <>
        <IdleSignOut />
        {children}
      </>
    );
  }
  if (access === 'passkey') {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <PasskeyStep
          onConfirmed={(how) => {
            setAccess(how === 'recovery-code' ? 'recovered' : 'checking');
            setChecks((count) => count + 1);
          }}
        />
      </Suspense>
    );
  }
  if (access === 'recovered') {
    return (
      <>
        {/* react-bootstrap's Alert, without its transition (ui-overlays): the same markup. */}
        <div role="alert" className="fade mt-3 alert alert-warning show">
          You signed in with a recovery code. Add a new passkey now on{' '}
          <Link to={paths.account}>your account page</Link>, so the next sign-in needs no code.
        </div>
        <IdleSignOut />
        {children}
      </>
    );
  }
  return (
    <div className="text-center pb-5">
      <PageHeading>Not allowed</PageHeading>
      {access === 'unknown' ? (
        <p>We could not check your account just now. Please reload the page to try again.</p>
      ) : (
        <p>The diary is only for the practitioner, and this account is not allowed to see it.</p>
      )}
      <p>
        Your own sessions are on <Link to={paths.bookings}>My bookings</Link>.
      </p>
    </div>
  );
}
