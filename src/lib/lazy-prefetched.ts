import {
  createElement,
  lazy,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
} from 'react';
import { afterFirstContent } from './after-first-content';

/**
 * `React.lazy` that can be downloaded before it is first rendered (`prefetch`), and that then
 * renders at once: `React.lazy` suspends on its first render even when its code has come (it
 * cannot read a promise synchronously), and React holds back content that replaces a fallback
 * just shown by up to 300 ms (its fallback throttle).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyPrefetched<Component extends ComponentType<any>>(
  load: () => Promise<{ default: Component }>,
) {
  let loaded: Component | undefined;
  let loading: Promise<{ default: Component }> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A download that failed (offline for a moment) is tried again when next asked for.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(loadOnce);
  function Prefetched(props: ComponentProps<Component>) {
    // Decided once per mount: switching from the lazy wrapper to the component would remount it.
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Lazy, props);
  }
  return Object.assign(Prefetched, {
    /** Starts the download; its promise, for a page that waits for it. */
    load: loadOnce,
    /** Starts the download; a failure shows where the component is rendered, not here. */
    prefetch: () => {
      loadOnce().catch(() => undefined);
    },
  });
}

/**
 * Prefetches code the page may need soon (a dialog, a form behind a button) once its first
 * content is on screen, so that it does not share the connection with that content.
 */
export function usePrefetchAfterFirstContent(...prefetches: (() => void)[]) {
  // Once per mount: the components are module-level constants.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => afterFirstContent(() => prefetches.forEach((prefetch) => prefetch())), []);
}

/** False until the page's first content is on screen (after-first-content.ts), then true. */
export function useAfterFirstContent(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => afterFirstContent(() => setAfter(true)), []);
  return after;
}
