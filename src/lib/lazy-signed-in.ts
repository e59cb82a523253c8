import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';
import { holdFirstContent } from './boot-session';
import { readSessionHint } from './session-hint';

/**
 * A page's content for a signed-in visitor, as `React.lazy`: where this browser was signed in last
 * time, its download starts as soon as the page's module runs (while the page hydrates) instead of
 * once the session is known, and counts as the page's first content (boot-session.ts).
 *
 * Content already downloaded when it is first shown renders at once. `React.lazy` suspends on its
 * first render even then (it cannot read a promise synchronously), and React holds back the
 * content that replaces a fallback just shown by up to 300 ms (its fallback throttle): the
 * signed-in pages showed their content that much later than they could.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyWhenSignedIn<Component extends ComponentType<any>>(
  load: () => Promise<{ default: Component }>,
) {
  let loaded: Component | undefined;
  let loading: Promise<{ default: Component }> | undefined;
  const loadOnce = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  if (typeof window !== 'undefined' && readSessionHint()) {
    // Its failure shows where the content would (the route's error boundary), not here. The
    // session's restore is the boot script's to start (session-restore.ts).
    holdFirstContent(loadOnce());
  }
  const Lazy = lazy(loadOnce);
  function WhenSignedIn(props: ComponentProps<Component>) {
    // Decided once per mount: switching from the lazy wrapper to the component would remount it.
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Lazy, props);
  }
  return WhenSignedIn;
}
