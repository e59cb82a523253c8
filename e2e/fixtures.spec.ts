import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

// The browser fixture's own checks: each case makes the fault on purpose, reads what the fixture
// recorded, then clears it so the test itself passes.

/** Loads a picture or script from the page (both allowed to other hosts by the CSP). */
const load = (page: Page, tag: 'img' | 'script', url: string) =>
  page.evaluate(
    ([name, src]) =>
      new Promise<string>((resolve) => {
        const element = document.createElement(name);
        element.onload = () => resolve('loaded');
        element.onerror = () => resolve('failed');
        element.setAttribute('src', src);
        document.body.append(element);
      }),
    [tag, url] as const,
  );

test('a request to another origin is aborted and fails the test', async ({ page, checks }) => {
  await page.goto('/about');
  expect(await load(page, 'img', 'https://example.com/pixel.png?x=1')).toBe('failed');
  expect(checks.unexpected()).toEqual([
    'outside request (aborted): GET https://example.com/pixel.png?x=1',
  ]);
  checks.clear();
});

test("only Google's API loader is served, by the offline stand-in", async ({ page, checks }) => {
  await page.goto('/about');
  expect(await load(page, 'script', 'https://apis.google.com/js/api.js?onload=x')).toBe('loaded');
  expect(
    await page.evaluate(() => typeof (window as { gapi?: { load?: unknown } }).gapi?.load),
  ).toBe('function');
  expect(await load(page, 'script', 'https://apis.google.com/js/platform.js')).toBe('failed');
  expect(checks.unexpected()).toEqual([
    'outside request (aborted): GET https://apis.google.com/js/platform.js',
  ]);
  checks.clear();
});

test('a cancelled fetch is a problem, unless the page asked again, navigated away or was closed', async ({
  page,
  checks,
  newContext,
}) => {
  await page.route('**/held.json*', () => undefined); // never answers
  await page.route('**/dropped.json', (route) => route.abort('aborted'));
  await page.goto('/about');

  // The page gives a fetch up because what it shows moved on, and asks for the next one at once.
  const askedAgain = page.waitForRequest((r) => r.url().endsWith('/held.json?week=2'));
  const givenUp = await page.evaluate(() => {
    const controller = new AbortController();
    const request = fetch('/held.json?week=1', { signal: controller.signal }).catch(
      () => 'aborted',
    );
    setTimeout(() => {
      controller.abort();
      void fetch('/held.json?week=2').catch(() => undefined);
    }, 200);
    return request;
  });
  expect(givenUp).toBe('aborted');
  await askedAgain;
  expect(checks.unexpected()).toEqual([]);

  // Or gives it up as it leaves for another route (the router changes the address after).
  const leftBehind = await page.evaluate(() => {
    const controller = new AbortController();
    const request = fetch('/held.json?route', { signal: controller.signal }).catch(() => 'aborted');
    setTimeout(() => {
      controller.abort();
      setTimeout(() => history.pushState(null, '', '/elsewhere'), 50);
    }, 200);
    return request;
  });
  expect(leftBehind).toBe('aborted');
  await expect(page).toHaveURL(/\/elsewhere$/);
  expect(checks.unexpected()).toEqual([]);

  // Given up with nothing asked after it, or cut off by the network: a fault either way. (Begun
  // over a second after the last route change, which a page may take to leave the route it showed.)
  const abandoned = await page.evaluate(async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    return fetch('/held.json?alone', { signal: controller.signal }).catch(() => 'aborted');
  });
  expect(abandoned).toBe('aborted');
  const dropped = await page.evaluate(() => fetch('/dropped.json').catch(() => 'failed'));
  expect(dropped).toBe('failed');
  await expect
    .poll(() => checks.unexpected())
    .toEqual([
      expect.stringMatching(/^request failed: .*\/held\.json\?alone net::ERR_ABORTED$/),
      expect.stringMatching(/^request failed: .*\/dropped\.json net::ERR_ABORTED$/),
    ]);
  checks.clear();

  // A page load cuts off what the old document was still loading.
  const requested = page.waitForRequest((r) => r.url().endsWith('/held.json?left'));
  await page.evaluate(() => void fetch('/held.json?left').catch(() => undefined));
  await requested;
  const cancelled = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/held.json?left'));
  await page.goto('/blogs');
  expect((await cancelled).failure()?.errorText).toBe('net::ERR_ABORTED');
  await expect(page.getByRole('heading', { name: 'Read My Blogs' })).toBeVisible();
  expect(checks.unexpected()).toEqual([]);

  // Closing a page, or a whole context, cuts off what it was still loading.
  const other = await newContext();
  for (const closing of [await page.context().newPage(), await other.newPage()]) {
    await closing.route('**/held.json*', () => undefined);
    await closing.goto('/about');
    const waiting = closing.waitForRequest((r) => r.url().endsWith('/held.json?closing'));
    await closing.evaluate(() => void fetch('/held.json?closing').catch(() => undefined));
    await waiting;
    await (closing.context() === other ? other.close() : closing.close());
  }
  expect(checks.unexpected()).toEqual([]);
});

test('contexts opened with newContext get the same checks', async ({ newContext, checks }) => {
  const context = await newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto('/about');
  expect(await load(page, 'img', 'https://example.com/')).toBe('failed');
  await page.evaluate(() => console.error('from the second context'));
  await expect
    .poll(() => checks.unexpected())
    .toEqual([
      'outside request (aborted): GET https://example.com/',
      'console: from the second context',
    ]);
  checks.clear();
});

test('closeEveryPage closes the pages of every context; what they still load is cut off, no fault', async ({
  page,
  newContext,
  closeEveryPage,
  checks,
}) => {
  const other = await (await newContext()).newPage();
  for (const each of [page, other]) {
    await each.route('**/late.json', () => undefined); // answered only after the test's end
    await each.goto('/about');
    const asked = each.waitForRequest((request) => request.url().endsWith('/late.json'));
    await each.evaluate(() => void fetch('/late.json').catch(() => undefined));
    await asked;
  }
  await closeEveryPage();
  expect([page.isClosed(), other.isClosed()]).toEqual([true, true]);
  expect(checks.unexpected()).toEqual([]);
});
