import {
  createElement,
  lazy,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
} from 'react';
import { afterFirstContent } from './after-content';

/**
 * A part of a page that is not its first content (a dialog, the forms that need the identity
 * SDK), as `React.lazy`: its code downloads once the page's first content has arrived
 * (after-content.ts), so the two never share the connection, or at once where it is shown first.
 * Rendered after it has arrived, it shows at once (no suspended first render).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyAfterContent<Component extends ComponentType<any>>(
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
        loading = undefined; // the next try (the render that needs it) asks again
        throw error;
      },
    ));
  const Lazy = lazy(loadOnce);
  function AfterContent(props: ComponentProps<Component>) {
    // Decided once per mount: switching from the lazy wrapper to the component would remount it.
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Lazy, props);
  }
  /** Starts the download after the page's first content; a failure shows where it is rendered. */
  const usePrefetch = () =>
    useEffect(() => afterFirstContent(() => void loadOnce().catch(() => undefined)), []);
  return Object.assign(AfterContent, { usePrefetch });
}

/**
 * True from the first time `shown` is true: a dialog's code is mounted when it is first opened,
 * and stays, so that it can close as it does (its exit, focus given back).
 */
export function useShownOnce(shown: boolean): boolean {
  const [once, setOnce] = useState(shown);
  if (shown && !once) setOnce(true);
  return once || shown;
}

/** False until the page's first content has arrived (after-content.ts), then true. */
export function useAfterFirstContent(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => afterFirstContent(() => setAfter(true)), []);
  return after;
}
