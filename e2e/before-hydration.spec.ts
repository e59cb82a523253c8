import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from '@playwright/test';
import { expect, ready, test } from './support/fixtures';
import { holdRequests } from './support/hold';

// What a visitor does while the app's code is still on its way: nothing may be lost.

/** The chunk that hydrates a page: the app's, or a page of content's islands (src/islands.tsx). */
const HYDRATING_CHUNK = /\/assets\/(main|islands)-[^/]*\.js$/;

/** Holds the hydrating chunk until `release()`: the page stays as prerendered until then. */
const holdApp = (page: Page) => holdRequests(page, HYDRATING_CHUNK);

const notHydrated = (page: Page) => expect(page.locator('html')).not.toHaveAttribute('data-ready');
const navLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
const activeSlide = (page: Page) =>
  page.locator('.carousel-item.active').getAttribute('aria-label');

test('a Menu tap before hydration opens the menu, which stays open once React takes over', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const release = await holdApp(page);
  await page.goto('/blogs');
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(navLink(page, 'About')).toBeHidden();
  await toggle.click();
  await expect(navLink(page, 'About')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await notHydrated(page);

  release();
  await ready(page);
  await expect(navLink(page, 'About')).toBeVisible();
  await toggle.click(); // React owns the menu now, in the state the visitor left it
  await expect(navLink(page, 'About')).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('Pause before hydration pauses the slideshow', async ({ page }) => {
  await page.clock.install();
  const release = await holdApp(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Pause slideshow' }).click();
  await notHydrated(page);

  release();
  await ready(page);
  await expect(page.getByRole('button', { name: 'Play slideshow' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The services list is fetched once the page is ready, with a 10 s AbortSignal.timeout, which
  // the installed clock runs too: let it arrive before 16 s pass, or the clock itself cuts it off.
  await expect(page.locator('.services-grid > li').first()).toBeVisible();
  await page.mouse.move(5, 700);
  await page.clock.runFor(16_000);
  await expect.poll(() => activeSlide(page)).toMatch(/^1 of 3/);
});

test('a key press before hydration is not lost: Enter on Previous slide moves the slideshow', async ({
  page,
}) => {
  await page.clock.install();
  const release = await holdApp(page);
  await page.goto('/');
  // Backwards, so that the slideshow's own advance (to slide 2) cannot pass for it.
  await page.getByRole('button', { name: 'Previous slide' }).press('Enter');
  await notHydrated(page);

  release();
  await ready(page);
  await expect.poll(() => activeSlide(page)).toMatch(/^3 of 3/);
});

test('what was typed in the login form before hydration stays', async ({ page }) => {
  const release = await holdApp(page);
  await page.goto('/login');
  await page.getByLabel('Email address', { exact: true }).fill('early@example.com');
  await page.getByLabel('Password', { exact: true }).fill('typed-early');
  await page.getByRole('button', { name: 'Show password' }).click();
  await notHydrated(page);

  release();
  await ready(page);
  await expect(page.getByLabel('Email address', { exact: true })).toHaveValue('early@example.com');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('typed-early');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
});

test('a link followed before hydration navigates', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await holdApp(page); // never released: the app does not load on this page
  await page.goto('/about');
  await navLink(page, 'Blog').click();
  await expect(page).toHaveURL('/blogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Read My Blogs' })).toBeVisible();
});

test('hydration starts at the first interaction when it has not started yet', async ({ page }) => {
  // Time stands still (no time-limit start) and the banner never arrives, so without a visitor
  // the boot loader would still be waiting for the banner to paint.
  await page.clock.install({ time: new Date('2026-01-05T09:00:00') });
  await page.clock.pauseAt(new Date('2026-01-05T09:00:01'));
  await page.route('**/images/banner-*', () => undefined);
  // A page of content asks for its islands only after its main picture: not yet.
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/', { waitUntil: 'domcontentloaded' }); // the boot loader has run by then
  await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
  await notHydrated(page);
  expect(asked.filter((path) => HYDRATING_CHUNK.test(path))).toEqual([]);

  await page.keyboard.press('Tab');
  // Hydrated with time still standing: the key press, not the time limit, started it.
  await ready(page);
  await page.clock.resume();
});

for (const [path, hasPicture] of [
  ['/', true],
  ['/about', true],
  ['/blogs', false],
] as const) {
  test(`${path} asks for its scripts only once its first paint and main picture are in`, async ({
    page,
  }) => {
    // Lighthouse counts every script asked for before the largest paint as holding that paint up,
    // so the boot loader waits for the first paint and for the main picture's own paint where the
    // page has one. (Chromium reports that paint a frame or so after it happens, and the loader
    // may go a frame earlier, so the picture's arrival is what this can hold it to.)
    await page.setViewportSize({ width: 412, height: 823 });
    // The picture arrives well after the rest of the first paint, as it can on a phone.
    await page.route('**/images/**', async (route) => {
      await sleep(300);
      await route.continue();
    });
    await page.goto(path);
    await ready(page);
    const { firstPaint, pictureIn, firstScript } = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const ofType = (pattern: RegExp) =>
        resources.filter((entry) => pattern.test(new URL(entry.name).pathname));
      return {
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        pictureIn:
          resources.find(
            (entry) =>
              entry.name ===
              document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')?.currentSrc,
          )?.responseEnd ?? 0,
        firstScript: Math.min(...ofType(/\.js$/).map((entry) => entry.startTime)),
      };
    });
    expect(pictureIn > 0).toBe(hasPicture);
    expect(firstScript).toBeLessThan(Infinity); // some script was asked for
    expect(firstScript).toBeGreaterThanOrEqual(firstPaint);
    expect(firstScript).toBeGreaterThanOrEqual(pictureIn);
  });
}

test('the home page asks for its scripts as its picture is reported as the largest paint', async ({
  page,
}) => {
  // With no frames to count (requestAnimationFrame never answers), only the largest-paint entry
  // naming the picture can ask before the boot loader's time limit (2 s).
  await page.addInitScript(() => {
    window.requestAnimationFrame = () => 0;
  });
  await page.route('**/images/**', async (route) => {
    await sleep(300);
    await route.continue();
  });
  await page.goto('/');
  await ready(page);
  const firstScript = await page.evaluate(() =>
    Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => entry.startTime),
    ),
  );
  expect(firstScript).toBeLessThan(1500);
});

test('a tap is answered before any script arrives', async ({ page }) => {
  // The page's own first script answers it (src/app/boot-loader.ts, inline): on a slow phone every
  // script is a round trip or more away, and a Menu waiting on one was dead for the first second.
  await page.setViewportSize({ width: 375, height: 740 });
  const held: string[] = [];
  await page.route('**/assets/*.js', (route) => {
    held.push(new URL(route.request().url()).pathname); // never answered
  });
  await page.goto('/about');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(navLink(page, 'Blog')).toBeVisible();
  await notHydrated(page);
  // The boot script among them.
  expect(held).toContainEqual(expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/));
});
