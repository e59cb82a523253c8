/**
 * A flag in localStorage saying "this browser had a signed-in session". Visitors without it
 * never download the Firebase SDK on public pages; the flag only decides whether to look.
 */
export const SESSION_HINT_KEY = 'mindful-path:signed-in';

export function readSessionHint(): boolean {
  try {
    return window.localStorage.getItem(SESSION_HINT_KEY) === '1';
  } catch {
    return true; // storage blocked: ask Firebase instead of guessing
  }
}

export function writeSessionHint(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SESSION_HINT_KEY, '1');
    else window.localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage blocked: nothing to remember.
  }
}

/** Calls back when another tab signs in or out. */
export function subscribeSessionHint(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_HINT_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
