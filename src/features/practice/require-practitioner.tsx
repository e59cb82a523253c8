import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { PageHeading } from '../../components/layout/page-heading';
import { paths } from '../../config/routes';
import type { IdTokenResult } from '../../lib/firebase';
import { loadFirebase } from '../../lib/load-firebase';

type Access = 'checking' | 'allowed' | 'not-allowed' | 'unknown';

/**
 * Shows the diary only to an account whose ID token carries `practitioner: true` (the server
 * checks it again on every call). Rendered inside the sign-in gate.
 */
export function RequirePractitioner({ children }: { children: ReactNode }) {
  const [access, setAccess] = useState<Access>('checking');

  useEffect(() => {
    let current = true;
    const settle = (next: Access) => {
      if (current) setAccess(next);
    };
    const isPractitioner = (token: IdTokenResult | undefined) =>
      token?.claims.practitioner === true;
    loadFirebase()
      .then(async ({ firebaseAuth }) => {
        const user = firebaseAuth().currentUser;
        // The stored token opens the diary at once when it carries the claim. A fresh one is
        // asked for either way: the claim may have been granted, or withdrawn, since sign-in.
        if (isPractitioner(await user?.getIdTokenResult())) settle('allowed');
        return user?.getIdTokenResult(true);
      })
      .then(
        (fresh) => settle(isPractitioner(fresh) ? 'allowed' : 'not-allowed'),
        () => {
          // Offline with a token that says so: the server still checks every call.
          if (current) setAccess((known) => (known === 'allowed' ? known : 'unknown'));
        },
      );
    return () => {
      current = false;
    };
  }, []);

  if (access === 'checking') return <LoadingScreen />;
  if (access === 'allowed') return children;
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
