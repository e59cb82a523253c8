import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';
import { SiteNav } from '../../components/layout/site-navbar';
import { useToastHostWanted } from '../../lib/toast';
import { accountSlot } from '../account-slot';
import { AppProviders } from '../providers';

const ToastHost = lazy(() => import('../../lib/toast-host'));

/** A toast (a session the server ended) shows on a page of content too, outside the header. */
function Toasts() {
  const wanted = useToastHostWanted();
  if (!wanted) return null;
  return createPortal(
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>,
    document.body,
  );
}

/**
 * The site's header: the Menu and the account links (the session loads after the page). Its links
 * load their pages: a page of content has no router (src/lib/navigation.tsx).
 */
export default function navbarIsland() {
  return (
    <AppProviders>
      <SiteNav accountSlot={accountSlot} />
      <Toasts />
    </AppProviders>
  );
}
