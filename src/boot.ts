import './styles/main.scss';
import { loadPage } from './app/route-loaders';
import { pageNameForPath } from './config/routes';
import { hasPrerenderedPage } from './prerendered';

// The prerendered page is readable at once. Its JavaScript waits until the page has loaded and
// its first paint is on screen, so that on a slow phone connection the HTML, CSS and banner
// image get the bandwidth first; then the app and the current page's chunk download side by side.
let started = false;
function hydrate() {
  if (started) return;
  started = true;
  void loadPage(pageNameForPath(window.location.pathname)).catch(() => undefined);
  void import('./main');
}

const PAINT_WAIT_LIMIT_MS = 2000; // a tab opened in the background paints only when shown

function afterFirstPaint() {
  setTimeout(hydrate, PAINT_WAIT_LIMIT_MS);
  if (performance.getEntriesByName('first-contentful-paint').length > 0) {
    setTimeout(hydrate, 0);
    return;
  }
  try {
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      setTimeout(hydrate, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    hydrate(); // no paint timing in this browser
  }
}

const root = document.getElementById('root');
if (!root || !hasPrerenderedPage(root)) {
  hydrate(); // nothing to paint first (the dev server): render at once
} else if (document.readyState === 'complete') afterFirstPaint();
else window.addEventListener('load', afterFirstPaint, { once: true });
