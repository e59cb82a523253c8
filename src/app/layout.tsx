import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ChunkErrorBoundary } from '../components/layout/chunk-error-boundary';
import { LoadingScreen } from '../components/layout/loading-screen';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteNavbar } from '../components/layout/site-navbar';
import { routeForPath } from '../config/routes';
import { useToastHostWanted } from '../lib/toast';
import { accountSlot } from './account-slot';
import { replayHeldInput } from './early-input';
import { loadFullStylesheet } from '../lib/full-stylesheet';
import { RouterNavigation } from './router-navigation';

// A toast is never the page's first paint: it waits for the full stylesheet (src/main.tsx).
const ToastHost = lazy(() =>
  Promise.all([import('../lib/toast-host'), loadFullStylesheet()]).then(([module]) => module),
);

function useDocumentMeta(pathname: string) {
  useEffect(() => {
    const meta = routeForPath(pathname);
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [pathname]);
}

export function Layout() {
  const { pathname } = useLocation();
  const toastHostWanted = useToastHostWanted();
  useDocumentMeta(pathname);
  useEffect(() => {
    // Marks the prerendered page as interactive (the browser tests wait for it).
    document.documentElement.dataset.ready = '';
    // Taps and keys that came before hydration, now: a tap held until the stylesheet is in could
    // land after the visitor's next one and undo it. What they open waits for it (main.tsx).
    replayHeldInput();
  }, []);

  return (
    <RouterNavigation>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteNavbar accountSlot={accountSlot} />
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
    </RouterNavigation>
  );
}
