import { lazy, Suspense, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { SiteNav } from '../../components/layout/site-navbar';
import { LogInNavItem } from '../../features/auth/log-in-nav-item';
import { readSessionHint, subscribeSessionHint } from '../../lib/session-hint';
import { useToastHostWanted } from '../../lib/toast';

const ToastHost = lazy(() => import('../../lib/toast-host'));
const HeaderAccount = lazy(() => import('../header-account'));

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
 * The account links. A browser never signed in here shows Log In at once, as the session would
 * tell it, and never downloads the session's code: the page's scripts are React and the header.
 * A browser signed in last time gets it after hydrating, beside the identity SDK it waits for.
 */
function IslandAccount({ close }: { close: () => void }) {
  // null while hydrating: the HTML's slot, empty while the session is unknown.
  const hint = useSyncExternalStore(subscribeSessionHint, readSessionHint, () => null);
  if (hint === null) return null;
  if (!hint) return <LogInNavItem onNavigate={close} />;
  return (
    <Suspense fallback={null}>
      <HeaderAccount close={close} />
    </Suspense>
  );
}

const islandAccountSlot = (close: () => void) => <IslandAccount close={close} />;

/**
 * The site's header: the Menu and the account links. Its links load their pages: a page of
 * content has no router (src/lib/navigation.tsx).
 */
export default function navbarIsland() {
  return (
    <>
      <SiteNav accountSlot={islandAccountSlot} />
      <Toasts />
    </>
  );
}
