/**
 * Taps and key presses that arrived before React hydrated the prerendered page: the page's first
 * script (src/app/boot-loader.ts, inline in its head) answered or held them; React takes over here.
 * No React here either: the islands and the app call these around `hydrateRoot`.
 */
let reactOwnsPage = false;

/**
 * Called just before `hydrateRoot`: from then on React answers events itself (it hydrates at once
 * when an event arrives during hydration), so the page's state stops changing under it.
 */
export function handOverToReact(): void {
  reactOwnsPage = true;
  window.heldInput?.stop();
}

/**
 * Called once the hydrated page has committed: what was held happens now, in order. In a task of
 * its own: React hydrates a page's Suspense boundary at once for an event, but not from inside its
 * own commit.
 */
export function replayHeldInput(): void {
  const held = window.heldInput?.held;
  if (!reactOwnsPage || !held) return;
  setTimeout(() => {
    for (const { target, key } of held.splice(0)) {
      if (!target.isConnected) continue;
      if (key) target.dispatchEvent(new KeyboardEvent('keydown', { ...key, bubbles: true }));
      else target.click();
    }
  }, 0);
}
