import { lazy, type ComponentType } from 'react';
import { readSessionHint } from './session-hint';
import { restoreSessionNow } from './session-restore';

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
