import { useMemo, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { NavigationProvider, type Navigation } from '../lib/navigation';

/** Inside the app, the shared header and services link and move through the router. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const navigation = useMemo<Navigation>(
    () => ({ pathname: () => pathname, navigate: (to) => void navigate(to), Link }),
    [pathname, navigate],
  );
  return <NavigationProvider value={navigation}>{children}</NavigationProvider>;
}
