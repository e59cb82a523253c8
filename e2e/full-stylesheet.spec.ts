import type { Page } from '@playwright/test';
import { expect, ready, test } from './support/fixtures';
import { holdRequests } from './support/hold';

// A page of the app hydrates on its inline CSS (its first paint's) and asks for the full
// stylesheet once React's scripts are in, so the two downloads do not share the connection
// (src/main.tsx). Nothing the prerendered page did not show may appear before the stylesheet has.

/** The full stylesheet (scripts/critical-css.ts puts its link in a template). */
const FULL_STYLESHEET = /\/assets\/index-[\w-]+\.css$/;

/** Holds the full stylesheet until `release()`. */
const holdStylesheet = (page: Page) => holdRequests(page, FULL_STYLESHEET);

const fullStylesheetIn = (page: Page) =>
  page.evaluate(() =>
    [...document.styleSheets].some((sheet) =>
      /\/assets\/index-[\w-]+\.css$/.test(sheet.href ?? ''),
    ),
  );

test('a visitor never signed in: /register hydrates before the full stylesheet, asked for after the scripts', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const release = await holdStylesheet(page);
  await page.goto('/register');
  await ready(page);
  expect(await fullStylesheetIn(page)).toBe(false);
  // Asked for only once the app's scripts (React's among them) were asked for and in.
  const stylesheetAt = asked.findIndex((path) => FULL_STYLESHEET.test(path));
  const frameworkAt = asked.findIndex((path) => /\/assets\/framework-[\w-]+\.js$/.test(path));
  expect(stylesheetAt).toBeGreaterThan(frameworkAt);
  // The form works on its inline CSS meanwhile: what is typed stays.
  await page.getByLabel('Email address', { exact: true }).fill('early@example.com');
  release();
  await expect.poll(() => fullStylesheetIn(page)).toBe(true);
  await expect(page.getByLabel('Email address', { exact: true })).toHaveValue('early@example.com');
});

test('another page waits for the full stylesheet: Please register! from /login shows it styled', async ({
  page,
}) => {
  const release = await holdStylesheet(page);
  await page.goto('/login');
  await ready(page);
  await page.getByRole('link', { name: 'Please register!' }).click();
  // Still the log-in page a while later: the register page waits for its styles.
  await page.waitForTimeout(500);
  await expect(page.getByRole('heading', { name: 'Please Register' })).toBeHidden();
  release();
  await expect(page.getByRole('heading', { name: 'Please Register' })).toBeVisible();
  expect(await fullStylesheetIn(page)).toBe(true);
  await expect(page).toHaveURL('/register');
});

test('a toast waits for the full stylesheet: Reset Password with no address says so once styled', async ({
  page,
}) => {
  const release = await holdStylesheet(page);
  await page.goto('/login');
  await ready(page);
  await page.getByRole('button', { name: 'Forget Password? Reset Password' }).click();
  // The field is focused at once, for the address; the toast itself waits for its styles.
  await expect(page.getByLabel('Email address', { exact: true })).toBeFocused();
  await page.waitForTimeout(500);
  // Not shown now (a waiting assertion would wait out the toast's own 5 s).
  expect(await page.getByText('please enter your email address').isVisible()).toBe(false);
  release();
  await expect(page.getByText('please enter your email address')).toBeVisible();
  expect(await fullStylesheetIn(page)).toBe(true);
});

test('/auth/action says what became of the link once its styles are in, not before', async ({
  page,
}) => {
  const release = await holdStylesheet(page);
  await page.goto('/auth/action');
  await ready(page);
  await page.waitForTimeout(500);
  await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeHidden();
  release();
  await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
  expect(await fullStylesheetIn(page)).toBe(true);
});

test('a browser signed in last time hydrates with the full stylesheet in, as its content follows', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('mindful-path:signed-in', '1'));
  const release = await holdStylesheet(page);
  await page.goto('/login');
  await page.waitForTimeout(1000);
  await expect(page.locator('html')).not.toHaveAttribute('data-ready');
  release();
  await ready(page);
  expect(await fullStylesheetIn(page)).toBe(true);
});

test("the header's Log In shows on /login once its current-page style is in", async ({ page }) => {
  const release = await holdStylesheet(page);
  await page.goto('/login');
  await ready(page);
  const logIn = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Log In', includeHidden: true });
  await page.waitForTimeout(500);
  await expect(logIn).toHaveCount(0);
  release();
  await expect(logIn).toHaveAttribute('aria-current', 'page');
  expect(await fullStylesheetIn(page)).toBe(true);
});

test('a page for signed-in visitors, opened signed out, keeps its loading screen until the log-in page can show', async ({
  page,
}) => {
  const release = await holdStylesheet(page);
  await page.goto('/checkout');
  await ready(page);
  await page.waitForTimeout(500);
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
  await expect(page).toHaveURL('/login');
});
