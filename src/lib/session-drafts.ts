/**
 * Words typed into a session note wait in this tab's sessionStorage until the server has them.
 * Signing out (by hand, idle or by the server) removes every one, so nothing is left in the tab.
 */
export const SESSION_NOTE_DRAFT_PREFIX = 'session-note:';

export function clearSessionDrafts(storage: Storage = sessionStorage): void {
  try {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) {
      if (key?.startsWith(SESSION_NOTE_DRAFT_PREFIX)) storage.removeItem(key);
    }
  } catch {
    // Storage switched off: nothing was kept either.
  }
}
