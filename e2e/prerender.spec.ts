import { createRequire } from 'node:module';
import { expect, test } from './support/fixtures';

// What a visitor (or a search engine) gets before any JavaScript runs.
const PAGES = [
  { path: '/', heading: 'Mindful Path Counselling', text: 'Star with a basic Assesment' },
  { path: '/about', heading: 'About Me', text: 'full-stack developer' },
  { path: '/blogs', heading: 'Read My Blogs', text: 'Authentication answers the question' },
  { path: '/privacy', heading: 'Privacy notice', text: 'Article 9(2)(h)' },
  { path: '/login', heading: 'Please Log In', text: 'Continue With Google' },
  { path: '/register', heading: 'Please Register', text: 'Please Log In!' },
];

for (const { path, heading, text } of PAGES) {
  test(`${path} arrives as HTML with its heading and text`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    expect(html).toContain(text);
    expect(html).toContain('Opening hours');
  });
}

test('a page of the app names the scripts it hydrates with in its head, a page of content none', async ({
  page,
  request,
  expectProblems,
}) => {
  const links = (html: string) =>
    [
      ...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)"/g),
    ].map((match) => match[1]!);
  const headOf = async (path: string) => {
    const html = await (await request.get(path)).text();
    return html.slice(0, html.indexOf('</head>'));
  };
  /** The scripts a head names outside its inert templates. */
  const namedIn = async (path: string) =>
    links((await headOf(path)).replace(/<template[\s\S]*?<\/template>/g, ''));
  /** The identity SDK's, kept for a browser signed in last time (the boot loader's template). */
  const keptForAHintIn = async (path: string) =>
    links(
      (await headOf(path)).match(/<template id="session-scripts">([\s\S]*?)<\/template>/)?.[1] ??
        '',
    );
  const firebase = (scripts: string[]) =>
    scripts.some((script) => /\/firebase-[\w-]+\.js$/.test(script));
  // Pages of content ask for their islands after the main picture, and never for the router:
  // their head names the islands' scripts only inside an inert template, for the boot loader.
  for (const path of ['/', '/about', '/privacy']) {
    expect(await namedIn(path)).toEqual([]);
    const html = await (await request.get(path)).text();
    const template = html.match(/<template id="island-scripts">([\s\S]*?)<\/template>/)?.[1];
    expect(template).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/islands-[\w-]+\.js"/,
    );
    const fetched: string[] = [];
    const record = (r: { url: () => string }) => fetched.push(new URL(r.url()).pathname);
    page.on('request', record);
    await page.goto(path);
    await expect(page.locator('html[data-ready]')).toBeAttached();
    page.off('request', record);
    expect(fetched).toContainEqual(expect.stringMatching(/^\/assets\/islands-[\w-]+\.js$/));
    expect(fetched.some((url) => /\/router-[\w-]+\.js$/.test(url))).toBe(false);
  }
  // A page of the app: the app, its page and the router; where the page reads the session (log in,
  // an email link, which checks its code without the SDK), the identity SDK only for a browser
  // signed in last time, or after the content where the page opens on the session stored in the
  // browser (My bookings); not where it reads none (the page shown at an unknown path).
  expectProblems(/response 404: .*\/no-such-page$/);
  for (const { path, entry, identity } of [
    { path: '/auth/action', entry: 'auth-action', identity: 'hinted' },
    { path: '/login', entry: 'login', identity: 'hinted' },
    { path: '/bookings', entry: 'bookings', identity: 'stored' },
    { path: '/no-such-page', entry: 'not-found', identity: 'none' },
  ]) {
    const named = await namedIn(path);
    for (const chunk of ['framework', 'router', 'main', entry])
      expect(named).toContainEqual(
        expect.stringMatching(new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`)),
      );
    expect(firebase(named), path).toBe(identity === 'always');
    expect(firebase(await keptForAHintIn(path)), path).toBe(identity === 'hinted');
    // Each is fetched once, from the head: none is asked for again when the app imports it; and
    // a visitor never signed in here fetches the identity SDK only where the page needs it at once.
    const fetched: string[] = [];
    const record = (r: { url: () => string }) => fetched.push(new URL(r.url()).pathname);
    page.on('request', record);
    await page.goto(path);
    await expect(page.locator('html[data-ready]')).toBeAttached();
    // Settled, so that what it asks for later is not taken for the next page's: My bookings sends
    // a visitor never signed in here to log in, which loads the identity SDK once it has rendered.
    await page.waitForLoadState('networkidle');
    page.off('request', record);
    for (const script of named) expect(fetched.filter((url) => url === script)).toHaveLength(1);
    // The boot script asks for the full stylesheet after the first paint: what the head names
    // is asked for before it, what the page asks for once it runs, after.
    const stylesheet = fetched.findIndex((url) => /^\/assets\/index-[\w-]+\.css$/.test(url));
    expect(stylesheet, path).toBeGreaterThan(-1);
    expect(firebase(fetched.slice(0, stylesheet)), path).toBe(identity === 'always');
  }
});

test("My bookings' reminders and the diary's risk flags name none of the clinical record's code", async ({
  request,
}) => {
  // They read their own schemas (shared/questionnaires-due.ts, shared/risk-flags.ts): the clinical
  // API's chunks, with the questionnaires', the intake's and the notes' contracts, stay off the
  // pages that only remind or flag.
  for (const path of ['/bookings', '/practice']) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const named = [...head.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(named.length, path).toBeGreaterThan(0);
    expect(
      named.filter((href) => /\/clinical-api-[\w-]+\.js$/.test(href)),
      path,
    ).toEqual([]);
  }
});

test("a visitor never signed in here: a page of content's header shows Log In without the session's code", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto('/about');
  await expect(page.locator('html[data-ready]')).toBeAttached();
  await expect(page.getByRole('link', { name: 'Log In', includeHidden: true })).toBeAttached();
  expect(fetched.some((url) => /^\/assets\/navbar-[\w-]+\.js$/.test(url))).toBe(true);
  // The session provider and what it reads (firebase's loader, the stored session, the toasts'
  // messages) come only to a browser signed in last time: src/app/islands/navbar.tsx.
  expect(
    fetched.filter((url) => /^\/assets\/(session|providers|header-account)-[\w-]+\.js$/.test(url)),
  ).toEqual([]);
});

test("the log-in and register pages hydrate without the services' code, which Book Now's visitor still gets", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  const servicesCode = () =>
    fetched.filter((url) =>
      /^\/assets\/(service-reason|use-services|load-services)-[\w-]+\.js$/.test(url),
    );
  for (const path of ['/register', '/login']) {
    await page.goto(path);
    await expect(page.locator('html[data-ready]')).toBeAttached();
    expect(servicesCode(), path).toEqual([]);
  }
  // Sent here by Book Now, the page names the service (src/app/booking-reason.tsx).
  await page.goto('/');
  await page.getByRole('link', { name: 'Book Now: Couples Counselling' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('status')).toHaveText(
    'Log in or register to book Couples Counselling.',
  );
});

test('a browser signed in last time downloads the identity SDK with the page, from its head', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('mindful-path:signed-in', '1'));
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto('/login');
  await expect(page.locator('html[data-ready]')).toBeAttached();
  const sdk = await page
    .locator('head link[rel="modulepreload"][href*="/firebase-"]')
    .getAttribute('href');
  expect(sdk).toMatch(/^\/assets\/firebase-[\w-]+\.js$/);
  expect(fetched.filter((url) => url === sdk)).toHaveLength(1);
  // From the head, beside the page's own scripts: before the boot script asks for the stylesheet.
  const stylesheet = fetched.findIndex((url) => /^\/assets\/index-[\w-]+\.css$/.test(url));
  expect(fetched.indexOf(sdk!)).toBeLessThan(stylesheet);
});

test('an unknown path answers 404 with the 404 page', async ({ request }) => {
  const response = await request.get('/no-such-page');
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('404 Page Not Found');
});

test('pages read without JavaScript', async ({ newContext, expectProblems }) => {
  // With JavaScript off the browser refuses the scripts the head names: none downloads.
  expectProblems(/^(page \d+: )?request failed: .*\/assets\/[\w-]+\.js csp$/);
  const context = await newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 740 },
  });
  const page = await context.newPage();
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { name: 'Read My Blogs' })).toBeVisible();
  // The menu cannot toggle without JavaScript, so its links show.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }),
  ).toBeVisible();
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'A professional therapist by your side' }),
  ).toBeVisible();
});

test('hydrates without warnings or errors', async ({ page, expectProblems }) => {
  expectProblems(/response 404: .*\/no-such-page$/);
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  for (const path of ['/', '/about', '/blogs', '/login', '/no-such-page']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(
    messages.filter(
      (m) => /hydrat|did not match|error/i.test(m) && !m.includes('Failed to load resource'),
    ),
  ).toEqual([]);
});

test('the browser build runs the production build of the react-dom the unit tests use', async ({
  page,
}) => {
  const { version } = createRequire(import.meta.url)('react-dom/package.json') as {
    version: string;
  };
  const scripts: Promise<string>[] = [];
  const record = (response: { url: () => string; text: () => Promise<string> }) => {
    if (response.url().endsWith('.js')) scripts.push(response.text());
  };
  page.on('response', record);
  await page.goto('/');
  await expect(page.locator('html[data-ready]')).toBeAttached();
  // A script the page asks for later (a chunk loaded after hydration) would have its body read
  // after the test ended: stop listening once the page is quiet, and read what was heard.
  await page.waitForLoadState('networkidle');
  page.off('response', record);
  const shipped = (await Promise.all(scripts)).join('\n');
  // React's production build says its errors by number, with a link to the decoder.
  expect(shipped).toContain('https://react.dev/errors/');
  expect(shipped).toMatch(/rendererPackageName:`react-dom`/);
  expect(shipped).toContain(`version:\`${version}\``);
  expect(shipped).not.toMatch(/preact/i);
});
