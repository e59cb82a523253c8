import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { PageHeading } from '../../components/layout/page-heading';
import { paths } from '../../config/routes';
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
    // A fresh token: the claim may have been granted after this account signed in.
    loadFirebase()
      .then(({ firebaseAuth }) => firebaseAuth().currentUser?.getIdTokenResult(true))
      .then(
        (token) => {
          if (current) setAccess(token?.claims.practitioner === true ? 'allowed' : 'not-allowed');
        },
        () => {
          if (current) setAccess('unknown');
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
