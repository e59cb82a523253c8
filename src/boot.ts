import './styles/main.scss';
import { loadFullStylesheet } from './lib/full-stylesheet';
import { islandElements, loadIsland } from './app/island-modules';
import { loadPageModule } from './app/page-modules';
import { pageOpensOnStoredSession, startFirstReads } from './app/page-reads';
import { readSessionHint } from './lib/session-hint';
import { restoreSessionIfHinted } from './lib/session-restore';
import { warmDateFormats } from './lib/warm-date-formats';

// A prerendered page asks for this script only once its first paint and main picture are on
// screen, or at the visitor's first tap (src/app/boot-loader.ts, inline in its head); the dev
// server's page names it directly. Either way the page hydrates now. A page of the app has its
// scripts downloading from the start (its head names them: scripts/module-preloads.ts); a page of
// content asks for its islands only now.
const root = document.getElementById('root');
if (root?.hasAttribute('data-islands')) {
  // A page of content hydrates its interactive parts alone, without the app, and asks for the
  // full stylesheet once they have (see islands.tsx): its page is styled already, and until then
  // React's download has the connection to itself.
  islandElements().forEach((element) => void loadIsland(element).catch(() => undefined));
  void import('./islands');
} else {
  // Where this browser was signed in, its content follows hydration: the full stylesheet now, with
  // the scripts. Otherwise the page is its prerendered HTML until hydrated: src/main.tsx asks.
  if (readSessionHint()) void loadFullStylesheet();
  // The prerender names the page's module; the app checks the path itself before hydrating.
  const pageModule = root?.dataset.page;
  // Where this browser was signed in, the identity SDK restores the session as soon as it has
  // downloaded, beside React's download and hydration rather than after them; a page that opens
  // on the stored session has it restored after its content (src/lib/boot-session.ts).
  restoreSessionIfHinted(pageOpensOnStoredSession(pageModule));
  if (pageModule) void loadPageModule(pageModule).catch(() => undefined);
  // Its first reads from the API, where this browser was signed in last time (page-reads.ts), and
  // the dates its content shows.
  if (pageModule && readSessionHint()) {
    startFirstReads(pageModule);
    warmDateFormats();
  }
  void import('./main');
}
