import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ChunkErrorBoundary } from '../components/layout/chunk-error-boundary';
import { LoadingScreen } from '../components/layout/loading-screen';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteNavbar } from '../components/layout/site-navbar';
import { routeForPath } from '../config/routes';
import { AccountNavItem } from '../features/auth/account-nav-item';
import { useSession } from '../features/auth/session';
import { DiaryNavItem } from '../features/practice/diary-nav-item';
import { useToastHostWanted } from '../lib/toast';
import { replayHeldInput } from './early-input';

const ToastHost = lazy(() => import('../lib/toast-host'));

function useDocumentMeta(pathname: string) {
  useEffect(() => {
    const meta = routeForPath(pathname);
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [pathname]);
}

/** "Diary" for the practitioner: the auth feature knows the account, the practice feature the link. */
function DiaryNavSlot({ onNavigate }: { onNavigate: () => void }) {
  const { session } = useSession();
  if (session.status !== 'signed-in') return null;
  return <DiaryNavItem key={session.user.uid} user={session.user} onNavigate={onNavigate} />;
}

export function Layout() {
  const { pathname } = useLocation();
  const toastHostWanted = useToastHostWanted();
  useDocumentMeta(pathname);
  useEffect(() => {
    // Marks the prerendered page as interactive (the browser tests wait for it).
    document.documentElement.dataset.ready = '';
    replayHeldInput(); // taps and keys that came before hydration
  }, []);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteNavbar
        accountSlot={(close) => (
          <>
            <DiaryNavSlot onNavigate={close} />
            <AccountNavItem onNavigate={close} />
          </>
        )}
      />
      <main id="main" tabIndex={-1}>
        <ChunkErrorBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </ChunkErrorBoundary>
      </main>
      <SiteFooter />
      {toastHostWanted && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
    </>
  );
}
