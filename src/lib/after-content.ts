import { firstContentSettled } from './boot-session';

/** The next idle moment after the first paint (or 200 ms where the browser cannot say). */
export function afterFirstPaint(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 1500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

/** The most a page waits for its first content before what follows it loads all the same. */
const CONTENT_WAIT_MS = 4000;

/**
 * After the page's first content (its first reads, its content's code) has arrived, then the next
 * idle moment: what runs then does not share the connection with the content.
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
