import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';

const fakeGapi = readFileSync(new URL('./fake-gapi.js', import.meta.url), 'utf8');
const LOCAL = /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//;

interface Fixtures {
  /** Problems this test causes on purpose (aborted requests, 4xx answers) and expects to see. */
  expectProblems: (...patterns: RegExp[]) => void;
}

/**
 * Every test fails on a console error, an uncaught page error, a Content-Security-Policy
 * violation or a failed request that it did not announce with `expectProblems`.
 * Nothing reaches the internet: Google's script is served from the notes' offline stand-in.
 */
export const test = base.extend<Fixtures & { problems: string[]; allowed: RegExp[] }>({
  allowed: async ({}, use) => {
    await use([]);
  },
  problems: async ({}, use) => {
    await use([]);
  },
  context: async ({ context }, use) => {
    await context.route('https://apis.google.com/js/api.js*', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: fakeGapi }),
    );
    await context.route(
      (url) => !LOCAL.test(url.href) && !url.href.startsWith('https://apis.google.com/js/api.js'),
      (route) => route.fulfill({ status: 200, body: '' }),
    );
    await use(context);
  },
  page: async ({ page, problems, allowed }, use) => {
    watch(page, problems);
    page.context().on('page', (popup) => {
      if (popup !== page) watch(popup, problems, true);
    });
    await use(page);
    const unexpected = problems.filter(
      (problem) => !allowed.some((pattern) => pattern.test(problem)),
    );
    expect(unexpected, 'console errors, CSP violations or failed requests').toEqual([]);
  },
  expectProblems: async ({ allowed }, use) => {
    await use((...patterns) => allowed.push(...patterns));
  },
});

function watch(page: Page, problems: string[], isPopup = false) {
  const where = isPopup ? 'popup ' : '';
  page.on('console', (message) => {
    // Chromium logs every 4xx/5xx answer without its address; the response listener names it.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(`${where}console: ${message.text()}`);
    }
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`${where}response ${response.status()}: ${response.url()}`);
  });
  page.on('pageerror', (error) => problems.push(`${where}pageerror: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // Cancelled by the page itself (navigation away, an unmounted fetch): not a fault.
    if (reason === 'net::ERR_ABORTED') return;
    problems.push(`${where}request failed: ${request.url()} ${reason}`);
  });
}

/** Waits until React has taken over the prerendered page, so its controls respond. */
export async function ready(page: Page): Promise<void> {
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}

export { expect };
