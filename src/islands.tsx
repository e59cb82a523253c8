import { StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { handOverToReact, replayHeldInput } from './app/early-input';
import { loadFullStylesheet } from './lib/full-stylesheet';
import {
  islandElements,
  laterIslandElements,
  loadIsland,
  type IslandModule,
} from './app/island-modules';

/**
 * A page of content (`content: true` in src/config/routes.ts) opened by its address: only its
 * interactive parts hydrate, each an element marked `data-island` holding its own React root; the
 * app's routes, shell and page modules never load. The rest is text React would only re-check.
 */
let waiting = 0;
/** Marks the page interactive once every island has committed (the browser tests wait for it). */
function Committed({ children }: { children: ReactNode }) {
  useEffect(() => {
    waiting -= 1;
    if (waiting !== 0) return;
    document.documentElement.dataset.ready = '';
    replayHeldInput(); // taps and keys that came before hydration
    // The rules for what the page does next (another slide, a dialog); its first paint has its own.
    void loadFullStylesheet();
    hydrateLaterIslands();
  }, []);
  return children;
}

/**
 * The islands below the first screen (`data-island-later`: the home page's services, whose list
 * is fetched after the page anyway): asked for only once the page is ready, so that React and the
 * islands on screen have the connection to themselves until then.
 */
function hydrateLaterIslands() {
  for (const element of laterIslandElements()) {
    loadIsland(element).then(
      ({ default: render }) => hydrateRoot(element, <StrictMode>{render(element)}</StrictMode>),
      () => undefined, // a chunk that failed leaves the prerendered section as it was
    );
  }
}

function hydrateIslands(loaded: { element: HTMLElement; render: IslandModule['default'] }[]) {
  waiting = loaded.length;
  handOverToReact();
  for (const { element, render } of loaded) {
    hydrateRoot(
      element,
      <StrictMode>
        <Committed>{render(element)}</Committed>
      </StrictMode>,
    );
  }
}

// The boot script has started these downloads already (src/boot.ts). No top-level await: with it
// the bundler moves what this shares with the boot script out of it, into chunks fetched later.
void Promise.all(
  islandElements().map(async (element) => ({
    element,
    render: (await loadIsland(element)).default,
  })),
).then(hydrateIslands, () => loadFullStylesheet());
