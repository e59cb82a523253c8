import { firstContentSettled } from './boot-session';

/** At the next idle moment after the page has painted; returns a cancel. */
export function afterFirstPaint(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 1500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

/** The most the page waits for its first content before what waits for it starts all the same. */
const CONTENT_WAIT_MS = 4000;

/**
 * After the page's first content (its first reads, its content's code) has arrived, then the next
 * idle moment: what loads then does not share the connection with the page's first content.
 */
export function afterFirstContent(run: () => void): () => void {
  let cancel: (() => void) | undefined;
  let live = true;
  void Promise.race([
    firstContentSettled(),
    new Promise((resolve) => setTimeout(resolve, CONTENT_WAIT_MS)),
  ]).then(() => {
    if (live) cancel = afterFirstPaint(run);
  });
  return () => {
    live = false;
    cancel?.();
  };
}
