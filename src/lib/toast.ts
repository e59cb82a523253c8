import { useSyncExternalStore } from 'react';

/**
 * react-toastify loads only with the first toast: public pages never pay for it. A toast waits
 * until the container has mounted (react-toastify's own queue is lost when React's StrictMode
 * remounts the container in development).
 */
let toastHostWanted = false;
let markReady: () => void = () => undefined;
const toastHostReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the toast host once its container is on the page. */
export function markToastHostReady(): void {
  markReady();
}
const listeners = new Set<() => void>();

function wantToastHost() {
  if (toastHostWanted) return;
  toastHostWanted = true;
  listeners.forEach((listener) => listener());
}

export function useToastHostWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toastHostWanted,
    () => false,
  );
}

export type ToastKind = 'success' | 'info' | 'error';

export async function showToast(message: string, kind: ToastKind = 'success'): Promise<void> {
  wantToastHost();
  const [{ toast }] = await Promise.all([import('react-toastify/unstyled'), toastHostReady]);
  // Errors interrupt the screen reader; confirmations wait their turn.
  toast[kind](message, { role: kind === 'error' ? 'alert' : 'status' });
}
