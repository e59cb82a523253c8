import type { Page } from '@playwright/test';

/**
 * Holds every request whose address matches `url` until `release()` is called, then lets them
 * through: what the page shows while a download is still on its way.
 */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
