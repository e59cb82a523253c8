import type { ComponentType } from 'react';
import { holdFirstContent } from './boot-session';
import { lazyPrefetched } from './lazy-prefetched';
import { readSessionHint } from './session-hint';

/**
 * A page's content for a signed-in visitor, as `React.lazy`: where this browser was signed in last
 * time, its download starts as soon as the page's module runs (while the page hydrates) instead of
 * once the session is known, and counts as the page's first content (boot-session.ts). Content
 * already downloaded when it is first shown renders at once (lazy-prefetched.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyWhenSignedIn<Component extends ComponentType<any>>(
  load: () => Promise<{ default: Component }>,
) {
  const Content = lazyPrefetched(load);
  if (typeof window !== 'undefined' && readSessionHint()) {
    // Its failure shows where the content would (the route's error boundary), not here. The
    // session's restore is the boot script's to start (session-restore.ts).
    holdFirstContent(Content.load());
  }
  return Content;
}
