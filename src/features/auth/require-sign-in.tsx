import { Fragment, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { paths } from '../../config/routes';
import { useSession } from './session';

/**
 * The checkout gate's first two steps for pages any signed-in account may open: loading, then
 * log in (and back here afterwards). Keyed by account, so a different account starts afresh.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { session, start } = useSession();
  const location = useLocation();

  useEffect(start, [start]);

  if (session.status === 'unknown') return <LoadingScreen />;
  if (session.status === 'signed-out') {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to={paths.login} replace state={{ from }} />;
  }
  return <Fragment key={session.user.uid}>{children}</Fragment>;
}
