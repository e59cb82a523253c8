import { lazy, type ComponentType } from 'react';
import { readSessionHint } from './session-hint';

/**
 * A page's content for a signed-in visitor, as `React.lazy`: where this browser was signed in last
 * time, its download starts as soon as the page's module runs (while the page hydrates and the
 * identity SDK restores the session) instead of once the session is known, one round trip later.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyWhenSignedIn<Component extends ComponentType<any>>(
  load: () => Promise<{ default: Component }>,
) {
  let loading: Promise<{ default: Component }> | undefined;
  const loadOnce = () => (loading ??= load());
  // Its failure shows where the content would (the route's error boundary), not here.
  if (typeof window !== 'undefined' && readSessionHint()) loadOnce().catch(() => undefined);
  return lazy(loadOnce);
}
