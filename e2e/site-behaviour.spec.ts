import type { Page } from '@playwright/test';
import { createUser } from './support/emulator';
import { expect, ready, test } from './support/fixtures';
import { holdIdentityLookup } from './support/hold';
import { signIn } from './support/signed-in';
import { logOutButton, toast } from './support/session';

// Spec items seen on every page or across pages: loading screen, toasts, navbar breakpoint,
// footer, and the one service.json request per visit.

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });

/**
 * Leaves the stored session's ID token a minute to run, as a browser back after most of an hour
 * finds it: too little for a page to open on (src/lib/boot-session.ts), so it waits for the
 * identity SDK, which renews the token.
 */
async function storedTokenAlmostExpired(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('firebaseLocalStorageDb');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const store = opening.result
            .transaction('firebaseLocalStorage', 'readwrite')
            .objectStore('firebaseLocalStorage');
          const all = store.getAll();
          all.onsuccess = () => {
            const record = (all.result as { fbase_key: string; value: { uid?: string } }[]).find(
              (each) => each.fbase_key.startsWith('firebase:authUser:'),
            );
            if (!record) return reject(new Error('No stored session'));
            const value = record.value as { stsTokenManager: { expirationTime: number } };
            value.stsTokenManager.expirationTime = Date.now() + 60_000;
            store.put(record).onsuccess = () => resolve();
          };
        };
      }),
  );
}

test("/checkout shows 'Loading...' with four spinners until the sign-in state is known", async ({
  page,
}) => {
  const user = await createUser({ verified: true, label: 'loading' });
  await signIn(page, user, '/');
  await storedTokenAlmostExpired(page);
  const lookup = await holdIdentityLookup(page);
  await page.goto('/checkout');
  const loading = page.getByRole('status').filter({ hasText: 'Loading...' });
  await expect(loading).toBeVisible();
  await expect(loading.locator('.spinner-border')).toHaveCount(4);
  await expect.poll(lookup.count).toBe(1); // the page is waiting on the identity lookup
  await expect(page.getByRole('heading', { name: 'CheckOut Section' })).toHaveCount(0);
  lookup.release();
  await expect(page.getByRole('heading', { level: 1, name: 'CheckOut Section' })).toBeVisible();
  await expect(loading).toHaveCount(0);
});

test('a signed-in page opens on the stored session: its read and content come before the identity SDK, which then agrees', async ({
  page,
}) => {
  const user = await createUser({ verified: true, label: 'early-read' });
  await signIn(page, user, '/');
  const lookup = await holdIdentityLookup(page);
  const reads: string[] = [];
  const sdk: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/bookings') reads.push(request.url());
    if (/\/firebase-[^/]*\.js$/.test(pathname)) sdk.push(pathname);
  });
  await page.goto('/bookings');
  // The page and its first read on the stored session (src/lib/boot-session.ts), the SDK's
  // check of it still to come…
  await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
  await expect(page.getByText('You have no upcoming bookings.')).toBeVisible();
  expect(reads).toHaveLength(1);
  // …and the SDK only after the content: its check is what shows the navbar's account.
  await expect.poll(() => sdk.length).toBeGreaterThan(0);
  await expect.poll(lookup.count).toBe(1);
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('button', { name: 'Log Out', includeHidden: true })).toHaveCount(0);
  lookup.release();
  await expect(menu.getByRole('button', { name: 'Log Out', includeHidden: true })).toBeAttached();
  // The SDK's word on the same account keeps the page as it is: nothing asked again.
  await expect(page.getByText('You have no upcoming bookings.')).toBeVisible();
  expect(reads, 'the early answer is the one shown: not asked again').toHaveLength(1);
});

test('the account page shows its stored details at once, and its forms once the identity SDK agrees', async ({
  page,
}) => {
  const user = await createUser({ verified: true, label: 'account-early' });
  await signIn(page, user, '/');
  const lookup = await holdIdentityLookup(page);
  await page.goto('/account');
  // As this browser stored them (src/lib/boot-session.ts), the SDK's check still to come…
  const details = page.locator('.account-facts');
  await expect(details).toContainText('Test Visitor');
  await expect(details).toContainText(user.email);
  await expect(details.getByText('Verified')).toBeVisible();
  await expect(details).toContainText('Email and password');
  await expect(page.getByRole('form', { name: 'Change your name' })).toHaveCount(0);
  await expect.poll(lookup.count).toBe(1);
  // …and the forms, which act through the SDK, once it has restored the same account.
  lookup.release();
  await expect(page.getByRole('form', { name: 'Change your name' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Delete your account' })).toBeVisible();
  await expect(details).toContainText(user.email);
});

test('the account page’s text reminders and forms download only after its first content has arrived', async ({
  page,
}) => {
  const user = await createUser({ verified: true, label: 'account-after' });
  await signIn(page, user, '/');
  // The page's first read (its bookings) held: the first content has not all arrived.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let bookingsAsked = 0;
  await page.route(
    (url) => url.pathname === '/api/bookings',
    async (route) => {
      bookingsAsked += 1;
      await held;
      await route.continue();
    },
  );
  const after: string[] = [];
  page.on('request', (request) => {
    const name = /\/(text-reminders-form|account-forms)-[^/]*\.js$/.exec(request.url())?.[1];
    if (name) after.push(name);
  });
  await page.goto('/account');
  await expect(page.locator('.account-facts')).toContainText(user.email);
  await expect(
    page.getByRole('status').filter({ hasText: 'Loading your text reminders…' }),
  ).toBeVisible();
  await expect.poll(() => bookingsAsked).toBe(1);
  expect(after, 'nothing beside the content while it arrives').toEqual([]);

  release();
  await expect(page.getByRole('heading', { name: 'Reminders by text' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Change your name' })).toBeVisible();
  expect(after.sort()).toEqual(['account-forms', 'text-reminders-form']);
});

test.describe('toasts', () => {
  /** Shows the reset-password reminder, the one toast a signed-out visitor can raise. */
  async function raiseToast(page: Page) {
    await page.goto('/login');
    await ready(page);
    await page.getByRole('button', { name: 'Forget Password? Reset Password' }).click();
    const shown = toast(page, 'please enter your email address');
    await expect(shown).toBeVisible();
    const appeared = Date.now();
    // Let it slide in fully, so the pointer meets it where it rests.
    await shown.evaluate((element) => Promise.all(element.getAnimations().map((a) => a.finished)));
    return { shown, appeared };
  }

  test('appear at the top right', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const { shown } = await raiseToast(page);
    const box = (await shown.boundingBox())!;
    expect(box.y, 'near the top').toBeLessThan(80);
    expect(1280 - (box.x + box.width), 'near the right edge').toBeLessThan(40);
    expect(box.x, 'on the right half').toBeGreaterThan(640);
  });

  test('close by themselves about 5 s after appearing', async ({ page }) => {
    const { shown, appeared } = await raiseToast(page);
    await page.mouse.move(5, 5); // away from the toast, which would pause it
    await page.waitForTimeout(appeared + 4_000 - Date.now());
    await expect(shown, 'still shown after 4 s').toBeVisible();
    await expect(shown).toHaveCount(0, { timeout: 4_000 });
    // Measured from when the test saw it, a moment after it appeared.
    expect(Date.now() - appeared, 'closed after 5 s, not before').toBeGreaterThan(4_500);
  });

  test('stay while the pointer is over them, then close', async ({ page }) => {
    const { shown, appeared } = await raiseToast(page);
    await shown.hover();
    await page.waitForTimeout(7_000);
    await expect(shown, 'still shown after 7 s under the pointer').toBeVisible();
    await page.mouse.move(5, 5);
    await expect(shown).toHaveCount(0, { timeout: 8_000 });
    expect(Date.now() - appeared).toBeGreaterThan(7_000);
  });

  test('close when clicked', async ({ page }) => {
    const { shown } = await raiseToast(page);
    await shown.getByText('please enter your email address').click();
    await expect(shown).toHaveCount(0);
  });
});

test.describe('navbar breakpoint', () => {
  test('collapsed behind the Menu button at 991 px', async ({ page }) => {
    await page.setViewportSize({ width: 991, height: 800 });
    await page.goto('/about');
    await ready(page);
    await expect(menuButton(page)).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Blog' })).toBeHidden();
    await menuButton(page).click();
    await expect(mainNav(page).getByRole('link', { name: 'Blog' })).toBeVisible();
  });

  test('expanded, with no Menu button, at 992 px', async ({ page }) => {
    await page.setViewportSize({ width: 992, height: 800 });
    await page.goto('/about');
    await ready(page);
    await expect(menuButton(page)).toBeHidden();
    for (const name of ['Home', 'About', 'Blog', 'Log In'])
      await expect(mainNav(page).getByRole('link', { name, exact: true })).toBeVisible();
  });
});

test("the footer's About Me block: the practitioner's title and two degree lines", async ({
  page,
}) => {
  await page.goto('/blogs');
  const footer = page.getByRole('contentinfo');
  const heading = footer.getByRole('heading', { level: 2, name: 'About Me' });
  await expect(heading).toBeVisible();
  // The block is the heading's own column: the innermost element holding it and its lines.
  const block = footer
    .locator('div')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'About Me' }) })
    .last();
  await expect(block.getByText('Counselling Psychologist and Psychotherapist')).toBeVisible();
  const degrees = block.getByText(/^(B|M)\.Sc\. .*Psychology/);
  await expect(degrees).toHaveText([
    'B.Sc. (Hons) in Psychology, University of Bristol',
    'M.Sc. in Counselling Psychology, University of Bath',
  ]);
  await expect(block.getByRole('heading', { name: 'Contact' })).toHaveCount(0);
});

test('service.json is requested once per visit, however often the services are shown', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/service.json') requests.push(request.url());
  });
  const cards = page.locator('.services-grid > li');
  // Inside the app (a page of content's own links load their pages, each a new visit).
  await page.goto('/login');
  await ready(page);
  await mainNav(page).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL('/home');
  await expect(cards).toHaveCount(6);
  await mainNav(page).getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL('/about');
  await mainNav(page).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL('/home');
  await expect(cards).toHaveCount(6);
  await mainNav(page).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL('/blogs');
  await page.getByRole('link', { name: 'Mindful Path' }).first().click();
  await expect(page).toHaveURL('/home');
  await expect(cards).toHaveCount(6);
  expect(requests).toHaveLength(1);

  // A new visit (a reload) asks again.
  await page.reload();
  await expect(cards).toHaveCount(6);
  expect(requests).toHaveLength(2);
});

test('service.json stays one request when a signed-in visitor books from home', async ({
  page,
}) => {
  const user = await createUser({ verified: true, label: 'once' });
  const requests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/service.json') requests.push(request.url());
  });
  await signIn(page, user, '/bookings');
  await mainNav(page).getByRole('link', { name: 'Home' }).click();
  await expect(page.locator('.services-grid > li')).toHaveCount(6);
  await page.getByRole('link', { name: 'Book Now: Couples Counselling' }).click();
  await expect(page.getByText('You are booking: Couples Counselling')).toBeVisible();
  await expect(logOutButton(page)).toBeVisible();
  expect(requests).toHaveLength(1);
});
