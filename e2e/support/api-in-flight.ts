import type { Page, Request } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Watches the page's requests to the API, so that a test can wait until none is on its way
 * before it runs the page's clock on: a read still in flight when a minute runs on that clock is
 * cut off (its 20-second timeout), which no real minute does. The run then fails on a request the
 * test did not mean to end (`net::ERR_ABORTED`).
 */
export function watchApiRequests(page: Page): { settled: () => Promise<void> } {
  const pending = new Set<Request>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) pending.add(request);
  });
  const ended = (request: Request) => pending.delete(request);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    settled: () =>
      expect
        .poll(() => [...pending].map((request) => new URL(request.url()).pathname), {
          message: 'API requests still on their way',
        })
        .toEqual([]),
  };
}
