import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { handOverToReact } from './app/early-input';
import { loadFullStylesheet } from './lib/full-stylesheet';
import { AppProviders } from './app/providers';
import { AppRoutes, pageForPath } from './app/routes';
import { readSessionHint } from './lib/session-hint';
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

// The full stylesheet: its first paint's CSS is inline in the page. Asked for now that the app's
// scripts are in (where the browser has no Temporal of its own, once the polyfill is too), so
// that it loads while React hydrates rather than sharing the connection with React's download;
// what React would show unstyled waits for it (src/lib/full-stylesheet.ts). Where this browser
// was signed in last time, the page's own content soon follows its hydration: the stylesheet is
// asked for with the scripts (boot.ts) and hydration waits for it.
const signedInLastTime = readSessionHint();
const stylesheet = signedInLastTime
  ? loadFullStylesheet()
  : temporalReady()
      .catch(() => undefined) // hydration goes ahead without it too (below)
      .then(loadFullStylesheet);

// The current page's chunk loads first, so hydration matches the prerendered HTML exactly; and
// Temporal, where the browser has none of its own (src/lib/temporal.ts).
Promise.all([
  pageForPath(window.location.pathname)
    .preload()
    .catch(() => undefined), // the route's error boundary shows 'Loading chunk failed'
  signedInLastTime ? stylesheet : undefined,
  temporalReady(),
]).finally(() => {
  if (hasPrerenderedPage(container)) {
    handOverToReact();
    hydrateRoot(container, app);
  } else createRoot(container).render(app);
});
