import { useSyncExternalStore } from 'react';
import { fullStylesheetLoaded, loadFullStylesheet } from '../lib/full-stylesheet';

const subscribe = () => () => undefined;

/** False in the prerendered HTML and until React has hydrated it; true from then on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

function subscribeToStylesheet(onChange: () => void) {
  let listening = true;
  void loadFullStylesheet().then(() => {
    if (listening) onChange();
  });
  return () => {
    listening = false;
  };
}

/**
 * False in the prerendered HTML and until React has hydrated it and the full stylesheet has
 * loaded; true from then on. For what a page shows only once hydrated, which its inline CSS (the
 * prerendered HTML's own) may not style: a page hydrates before the full stylesheet is in.
 */
export function useStyledAfterHydration(): boolean {
  return useSyncExternalStore(subscribeToStylesheet, fullStylesheetLoaded, () => false);
}
