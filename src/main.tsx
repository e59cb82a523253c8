import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { handOverToReact } from './app/early-input';
import { loadFullStylesheet } from './app/full-stylesheet';
import { AppProviders } from './app/providers';
import { AppRoutes, pageForPath } from './app/routes';
import { temporalReady } from './lib/temporal';
import { hasPrerenderedPage } from './prerendered';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>
);

// The current page's chunk loads first, so hydration matches the prerendered HTML exactly; the
// full stylesheet too, so that whatever React shows next (a redirect, another page) is styled;
// and Temporal, where the browser has none of its own (src/lib/temporal.ts).
Promise.all([
  pageForPath(window.location.pathname)
    .preload()
    .catch(() => undefined), // the route's error boundary shows 'Loading chunk failed'
  loadFullStylesheet(),
  temporalReady(),
]).finally(() => {
  if (hasPrerenderedPage(container)) {
    handOverToReact();
    hydrateRoot(container, app);
  } else createRoot(container).render(app);
});
