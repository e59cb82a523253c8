import './styles/main.scss';
import { listenBeforeHydration } from './app/early-input';
import { loadFullStylesheet } from './app/full-stylesheet';
import { islandElements, loadIsland } from './app/island-modules';
import { loadPageModule } from './app/page-modules';
import { hasPrerenderedPage } from './prerendered';

// The prerendered page is readable at once: its critical CSS is inline. Its scripts run only
// after the first paint and the page's main picture (its largest paint), so that those come
// first; a tap or key press before then starts them at once (see app/early-input.ts). A page of
// the app downloads them from the start (its head names them, at low priority:
// scripts/module-preloads.ts); a page of content asks for its islands only then.
let started = false;
function hydrate() {
  if (started) return;
  started = true;
  const root = document.getElementById('root');
  void loadFullStylesheet();
  // A page of content hydrates its interactive parts alone, without the app (see islands.tsx).
  if (root?.hasAttribute('data-islands')) {
    islandElements().forEach((element) => void loadIsland(element).catch(() => undefined));
    return void import('./islands');
  }
  // The prerender names the page's module; the app checks the path itself before hydrating.
  const pageModule = root?.dataset.page;
  if (pageModule) void loadPageModule(pageModule).catch(() => undefined);
  void import('./main');
}

const WAIT_LIMIT_MS = 2000; // a tab opened in the background paints only when shown

/** Calls `then` once the page's main picture (`fetchpriority="high"`) is on screen, or failed. */
function afterMainPicture(then: () => void) {
  const picture = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  // Two frames after it loaded: the first paints it (it decodes synchronously), the second follows.
  const afterItsPaint = () => requestAnimationFrame(() => requestAnimationFrame(then));
  if (!picture || picture.complete) return afterItsPaint();
  picture.addEventListener('load', afterItsPaint, { once: true });
  picture.addEventListener('error', afterItsPaint, { once: true });
}

function afterFirstPaint(then: () => void) {
  if (performance.getEntriesByName('first-contentful-paint').length > 0) return then();
  try {
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      then();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    then(); // no paint timing in this browser
  }
}

const root = document.getElementById('root');
if (!root || !hasPrerenderedPage(root)) {
  hydrate(); // nothing to paint first (the dev server): render at once
} else {
  listenBeforeHydration(hydrate);
  setTimeout(hydrate, WAIT_LIMIT_MS);
  afterFirstPaint(() => afterMainPicture(() => setTimeout(hydrate, 0)));
}
