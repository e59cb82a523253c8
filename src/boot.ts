import './styles/main.scss';
import { pageNameForPath, routeLoaders } from './app/route-loaders';

// The prerendered page is readable at once; its JavaScript waits for the page to finish loading
// so that, on a slow phone connection, the HTML, CSS and banner image get the bandwidth first.
// The app and the current page's chunk then download side by side.
function hydrate() {
  void routeLoaders[pageNameForPath(window.location.pathname)]().catch(() => undefined);
  void import('./main');
}

if (document.readyState === 'complete') hydrate();
else window.addEventListener('load', hydrate, { once: true });
