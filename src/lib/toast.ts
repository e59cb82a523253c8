import { useSyncExternalStore } from 'react';

/**
 * react-toastify loads only with the first toast: public pages never pay for it. Toasts sent
 * before the container mounts are queued by react-toastify and shown once it is there.
 */
let toastHostWanted = false;
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
  const { toast } = await import('react-toastify/unstyled');
  // Errors interrupt the screen reader; confirmations wait their turn.
  toast[kind](message, { role: kind === 'error' ? 'alert' : 'status' });
}
