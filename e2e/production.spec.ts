import { createUser } from './support/emulator';
import { expect, test } from './support/fixtures';
import { signIn } from './support/signed-in';
import { E2E } from './support/ports';
import { ROUTES } from './support/routes';
import { errorText, logIn, logInLink, logOutButton } from './support/session';

// The production build as Firebase Hosting serves it (firebase.json), not a dev server.

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

test.describe('hosting', () => {
  for (const path of ROUTES) {
    test(`${path}: 200, revalidated, with every security header`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const headers = response.headers();
      expect(headers['cache-control']).toBe('no-cache');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toMatch(
        /camera=\(\).*geolocation=\(\).*microphone=\(\)/,
      );
      expect(headers['strict-transport-security']).toMatch(/max-age=\d{8}/);
      const csp = directives(headers['content-security-policy'] ?? '');
      // Our origin, Google's sign-in popup, and the boot loader inline in every page, by its hash.
      const scriptSources = csp.get('script-src') ?? [];
      expect(scriptSources.slice(0, 2)).toEqual(["'self'", 'https://apis.google.com']);
      expect(scriptSources.slice(2)).toEqual([expect.stringMatching(/^'sha256-[\w+/]+=*'$/)]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('connect-src')).toEqual([
        "'self'",
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        E2E.authEmulator, // the Auth emulator, added for local builds only
      ]);
      for (const values of csp.values()) {
        expect(values).not.toContain("'unsafe-eval'");
      }
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    });
  }

  test('hashed assets are cached for a year; service.json is revalidated', async ({ request }) => {
    const html = await (await request.get('/')).text();
    // The boot script, named by the page's inline loader.
    const asset = html.match(/\/assets\/index-[\w-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await request.get(asset!);
    expect(assetResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const services = await request.get('/service.json');
    expect(services.headers()['cache-control']).toBe('no-cache');
  });

  test('API answers are never stored (they hold health data), the calendar feed briefly and privately', async ({
    request,
  }) => {
    // Hosting's header rules replace the function's own Cache-Control, so the rules say it.
    const services = await request.get('/api/availability?service=1');
    expect(services.headers()['cache-control']).toBe('private, no-store');
    const feed = await request.get('/api/calendar/not-a-token.ics');
    expect(feed.status()).toBe(404);
    expect(feed.headers()['cache-control']).toBe('private, max-age=300');
  });

  test('unknown paths answer 404 with the site 404 page, assets included', async ({ request }) => {
    for (const path of ['/nope', '/about/nope', '/assets/missing.js']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
    }
    expect(await (await request.get('/nope')).text()).toContain('404 Page Not Found');
  });

  test('deep links and reloads work on every route', async ({ page }) => {
    const user = await createUser({ verified: true, label: 'deep' });
    await signIn(page, user, '/');
    for (const [path, heading] of [
      ['/about', 'About Me'],
      ['/blogs', 'Read My Blogs'],
      ['/checkout?service=3', 'CheckOut Section'],
      ['/home', 'Mindful Path Counselling'],
    ] as const) {
      await page.goto(path);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeAttached();
      await expect(logOutButton(page)).toBeVisible();
    }
  });
});

test.describe('failure modes', () => {
  test("a page's code that fails to load shows 'Loading chunk failed' and a way to reload", async ({
    page,
    expectProblems,
  }) => {
    expectProblems(
      /request failed: .*\/assets\/login-/,
      /Failed to fetch dynamically imported module/,
    );
    await page.goto('/about');
    await expect(logInLink(page)).toBeVisible();
    await page.route('**/assets/login-*.js', (route) => route.abort('timedout'));
    await logInLink(page).click();
    await expect(page.getByRole('heading', { name: 'Loading chunk failed' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible(); // the rest of the site still works
    await page.unroute('**/assets/login-*.js');
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await expect(page.getByRole('heading', { name: 'Please Log In' })).toBeVisible();
  });

  for (const [label, status, body, message] of [
    [
      'a server error',
      503,
      { error: { code: 503, message: 'UNAVAILABLE' } },
      'Error: The sign-in service had a problem. Please try again in a moment.',
    ],
    [
      'too many requests',
      400,
      { error: { code: 400, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } },
      'Error: Too many attempts in a short time. Please wait a few minutes, then try again.',
    ],
  ] as const) {
    test(`identity ${label}: a clear message, input kept, and a later retry succeeds`, async ({
      page,
      expectProblems,
    }) => {
      expectProblems(new RegExp(`response ${status}: .*accounts:signInWithPassword`));
      const user = await createUser({ verified: true, label: 'fault' });
      await page.route('**/accounts:signInWithPassword*', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) })
          : route.continue(),
      );
      await page.goto('/login');
      await page.getByLabel('Email address', { exact: true }).fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Log In', exact: true }).click();
      await expect(errorText(page)).toHaveText(message);
      await expect(page.getByLabel('Email address', { exact: true })).toHaveValue(user.email);
      // The site stays usable: the navbar still takes the visitor elsewhere, and back.
      await page.getByRole('link', { name: 'About', exact: true }).click();
      await expect(page).toHaveURL('/about');
      await expect(page.getByRole('heading', { level: 1, name: 'About Me' })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Please Log In' })).toBeVisible();
      await page.unroute('**/accounts:signInWithPassword*');
      await logIn(page, user, '');
    });
  }

  test('a remembered location that points off the site sends the visitor to /', async ({
    page,
  }) => {
    const user = await createUser({ verified: true, label: 'state' });
    await page.goto('/login');
    for (const pathname of [
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'https://evil.example',
    ]) {
      await page.evaluate((evil) => {
        window.history.replaceState({ usr: { from: { pathname: evil } }, key: 'x', idx: 0 }, '');
      }, pathname);
      await page.reload();
      await logIn(page, user, '');
      await expect(page).toHaveURL('/');
      await logOutButton(page).click();
      await expect(page).toHaveURL('/login');
    }
  });

  test('query strings cannot inject markup', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    const user = await createUser({ verified: true, label: 'query' });
    await signIn(page, user, '/');
    await page.goto('/checkout?service=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
    await expect(page.getByRole('heading', { name: 'CheckOut Section' })).toBeVisible();
    await page.goto(
      '/blogs?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E#%3Cimg%20src=x%20onerror=alert(2)%3E',
    );
    await expect(page.getByRole('heading', { name: 'Read My Blogs' })).toBeVisible();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs).toBe(0);
  });
});
