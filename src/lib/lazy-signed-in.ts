import { lazy, type ComponentType } from 'react';
import { loadFirebase } from './load-firebase';
import { readSessionHint } from './session-hint';

let restoring: Promise<unknown> | undefined;

/**
 * The identity SDK's restore of the last session (it reads the browser's stored session and checks
 * the account with Auth: a round trip) starts now, beside the page's hydration, instead of in an
 * effect after it. The session provider later subscribes to the same instance.
 */
function restoreSessionNow(): void {
  restoring ??= loadFirebase()
    .then(({ firebaseAuth }) => firebaseAuth())
    // A failed download shows where the session is read (the page's own loading and errors).
    .catch(() => undefined);
}

/**
 * A page's content for a signed-in visitor, as `React.lazy`: where this browser was signed in last
 * time, its download and the session's restore start as soon as the page's module runs (while the
 * page hydrates) instead of once the session is known, one or two round trips later.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyWhenSignedIn<Component extends ComponentType<any>>(
  load: () => Promise<{ default: Component }>,
) {
  let loading: Promise<{ default: Component }> | undefined;
  const loadOnce = () => (loading ??= load());
  if (typeof window !== 'undefined' && readSessionHint()) {
    restoreSessionNow();
    // Its failure shows where the content would (the route's error boundary), not here.
    loadOnce().catch(() => undefined);
  }
  return lazy(loadOnce);
}
