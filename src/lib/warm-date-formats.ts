import { PRACTICE_TIME_ZONE } from '../../shared/time-words';

/**
 * A browser builds its first date formatter slowly: it loads the locale's and the time zone's
 * data once (70–80 ms at the bench's 4× CPU slowdown; 2–5 ms for each one after). A signed-in
 * page shows dates in its first content, so the boot script has one built while React downloads
 * and the main thread waits, rather than after React has arrived, on the way to the content.
 */
export function warmDateFormats(): void {
  const warm = () => {
    new Intl.DateTimeFormat('en-GB', {
      timeZone: PRACTICE_TIME_ZONE,
      dateStyle: 'long',
      timeStyle: 'short',
    }).format(0);
  };
  if ('requestIdleCallback' in window) requestIdleCallback(warm, { timeout: 1000 });
  else setTimeout(warm, 0);
}
