import { lazy, type ComponentType } from 'react';

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
 * preloaded before hydration matches its prerendered HTML without a Suspense fallback.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let Loaded: ComponentType | undefined;
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
  const LazyComponent = lazy(loadOnce);
  function Page() {
    return Loaded ? <Loaded /> : <LazyComponent />;
  }
  return { Page, preload: () => loadOnce().then(() => undefined) };
}
