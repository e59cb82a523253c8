import { Component, lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
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

/** Shows `fallback` if the account links' chunk cannot load (offline, or a deploy since): the
 * header stays as it was rather than its whole island unmounting. */
class WhenAccountFails extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The account links. A browser never signed in here shows Log In at once, as the session would
 * tell it, and never downloads the session's code: the page's scripts are React and the header.
 * A browser signed in last time gets it after hydrating, and the identity SDK after that. Once
 * mounted, the session stays: it is what hears a sign-out in another tab and ends this tab's
 * session with it (its drafts cleared), and a second provider mounted later would take the SDK's
 * first answer, no one yet, for a session ended.
 */
function IslandAccount({ close }: { close: () => void }) {
  // null while hydrating: the HTML's slot, empty while the session is unknown.
  const hint = useSyncExternalStore(subscribeSessionHint, readSessionHint, () => null);
  const [sessionShown, setSessionShown] = useState(false);
  if (hint && !sessionShown) setSessionShown(true);
  if (hint === null) return null;
  const logIn = <LogInNavItem onNavigate={close} />;
  if (!hint && !sessionShown) return logIn;
  return (
    <WhenAccountFails fallback={logIn}>
      <Suspense fallback={null}>
        <HeaderAccount close={close} />
      </Suspense>
    </WhenAccountFails>
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
