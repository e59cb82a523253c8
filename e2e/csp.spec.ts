import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { prerenderedPaths } from '../src/config/routes';
import { expect, ready, test } from './support/fixtures';

// Each page's critical CSS and its boot loader are inline; the Content-Security-Policy allows
// exactly those, by hash, and nothing else inline ('unsafe-inline' never).

const sourcesOf = (csp: string, directive: 'style-src' | 'script-src') =>
  csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive)
    ?.slice(1) ?? [];

const hashOf = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Collects the page's CSP violations from the start of every document. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __violations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective}: ${event.sample || event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

for (const path of prerenderedPaths) {
  test(`${path}: its inline critical CSS and boot loader are allowed by hash and raise no violation`, async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    const response = await page.goto(path);
    const csp = response?.headers()['content-security-policy'] ?? '';
    for (const [directive, selector] of [
      ['style-src', 'head style'],
      ['script-src', 'head script:not([src]):not([type])'], // not the structured data (JSON-LD)
    ] as const) {
      const allowed = sourcesOf(csp, directive);
      expect(allowed[0]).toBe("'self'");
      expect(allowed).not.toContain("'unsafe-inline'");
      const inline = await page
        .locator(selector)
        .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
      expect(inline).toHaveLength(1);
      expect(allowed).toContain(hashOf(inline[0]!));
    }
    // The critical CSS applies: the navbar is sticky before the full stylesheet is used.
    await expect(page.getByRole('banner')).toHaveCSS('position', 'sticky');
    await ready(page);
    // Once the app runs, the full stylesheet is used too (other pages, menus, slides).
    await expect(page.locator('head > link[rel="stylesheet"][href^="/assets/"]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
}

test('a page whose inline style was tampered with is refused it', async ({
  page,
  expectProblems,
}) => {
  expectProblems(/(Applying|Refused to apply) inline style/); // Chromium's words vary by release
  const violations = await watchViolations(page);
  await page.route('**/about', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('</style>', 'body{background:#f00}</style>');
    const headers = { ...response.headers() }; // the real CSP, for a body of another length
    delete headers['content-length'];
    delete headers['content-encoding'];
    await route.fulfill({ status: 200, headers, body: html });
  });
  await page.goto('/about');
  await expect.poll(violations).toEqual([expect.stringMatching(/^style-src-elem: /)]);
  await expect(page.locator('body')).not.toHaveCSS('background-color', 'rgb(255, 0, 0)');
});

test('a page whose boot loader was tampered with is refused it', async ({
  page,
  expectProblems,
}) => {
  expectProblems(/Executing inline script violates/, /Refused to execute inline script/);
  const violations = await watchViolations(page);
  await page.route('**/about', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('<script>', '<script>document.title="taken";');
    const headers = { ...response.headers() }; // the real CSP, for a body of another length
    delete headers['content-length'];
    delete headers['content-encoding'];
    await route.fulfill({ status: 200, headers, body: html });
  });
  await page.goto('/about');
  await expect.poll(violations).toEqual([expect.stringMatching(/^script-src-elem: /)]);
  await expect(page).not.toHaveTitle('taken');
});
