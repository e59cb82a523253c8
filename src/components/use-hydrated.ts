import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/** False in the prerendered HTML and until React has hydrated it; true from then on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
