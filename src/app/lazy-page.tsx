import { lazy, type ComponentType } from 'react';
import { fullStylesheetLoaded, loadFullStylesheet } from '../lib/full-stylesheet';

/** The spec's chunk load timeout. */
const CHUNK_TIMEOUT_MS = 120_000;

type PageModule = { default: ComponentType };

export interface LazyPage {
  Page: ComponentType;
  /** Loads the page's chunk; the prerender and the client call it before the first render. */
  preload: () => Promise<void>;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Loading chunk failed: timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error('Loading chunk failed'));
      },
    );
  });
}

/**
 * A route-level code-split page. Once its chunk is loaded it renders synchronously, so a page
 * preloaded before hydration matches its prerendered HTML without a Suspense fallback. Any other
 * page (a link followed, a redirect) waits for the full stylesheet as well as its chunk: the page
 * hydrates before the stylesheet is in, styled by its own inline CSS alone (src/main.tsx).
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let Loaded: ComponentType | undefined;
  let preloaded = false;
  let pending: Promise<PageModule> | undefined;
  const loadOnce = () => {
    pending ??= withTimeout(load(), CHUNK_TIMEOUT_MS).then(
      (module) => {
        Loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined; // a later navigation may try again
        throw error;
      },
    );
    return pending;
  };
  // Settled both ways: a chunk that failed shows its error, and Reload, styled as well.
  const LazyComponent = lazy(() =>
    Promise.allSettled([loadOnce(), loadFullStylesheet()]).then(([module]) => {
      if (module.status === 'rejected') throw module.reason;
      return module.value;
    }),
  );
  function Page() {
    return Loaded && (preloaded || fullStylesheetLoaded()) ? <Loaded /> : <LazyComponent />;
  }
  return {
    Page,
    preload: () =>
      loadOnce().then(() => {
        preloaded = true;
      }),
  };
}
