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

/** Holds the identity SDK's check of the stored session with Auth (`accounts:lookup`). */
export async function holdIdentityLookup(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let lookups = 0;
  await page.route('**/accounts:lookup*', async (route) => {
    if (route.request().method() === 'POST') {
      lookups += 1;
      await held;
    }
    await route.continue();
  });
  return { release, count: () => lookups };
}
