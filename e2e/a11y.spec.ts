import type { Locator, Page } from '@playwright/test';
import {
  apiAs,
  checkoutWeekStart,
  deleteBookingsOf,
  diaryWeeksUntil,
  freeDayOfWeek,
  freeStarts,
} from './support/bookings';
import { createUser, latestOobCode, uniqueEmail, type TestUser } from './support/emulator';
import { expect, signIn, test } from './support/signed-in';
import { errorText, logInLink, logOutButton, toast } from './support/session';
import { expectNoAxeViolations as expectAxeClean } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';

const CREDENTIAL_400 = /response 400: .*accounts:signInWithPassword/;
const NOT_FOUND_404 = /response 404: .*\/no\/such\/page$/;

const expectNoAxeViolations = (page: Page, state: string) =>
  expectAxeClean(page, state, { impact: true });

/** The focused element and whether it shows a focus indicator (an outline or a box shadow). */
function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { element: 'body', visible: false };
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== 'none' &&
      parseFloat(style.outlineWidth) > 0 &&
      !/rgba\(\d+, \d+, \d+, 0\)|transparent/.test(style.outlineColor);
    const shadow =
      style.boxShadow !== 'none' &&
      (style.boxShadow.match(/-?\d+(\.\d+)?px/g) ?? []).some((length) => parseFloat(length) !== 0);
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
    return {
      element: `<${element.tagName.toLowerCase()}> "${name.slice(0, 40)}"`,
      visible: outline || shadow,
    };
  });
}

async function expectVisibleFocus(page: Page) {
  // Focus styles may fade in (Bootstrap's box-shadow transition): give them a moment to settle.
  await expect
    .poll(
      async () => {
        const focus = await focusIndicator(page);
        return focus.visible ? 'visible' : `no visible focus indicator on ${focus.element}`;
      },
      { timeout: 2_000 },
    )
    .toBe('visible');
}

/** Presses Tab until `target` has focus, checking that every stop on the way shows its focus. */
async function tabTo(page: Page, target: Locator, { max = 40, backwards = false } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${max} presses of Tab did not reach ${target.toString()}`);
}

const main = (page: Page) => page.getByRole('main');
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const emailField = (page: Page) => page.getByLabel('Email address', { exact: true });
const passwordField = (page: Page) => page.getByLabel('Password', { exact: true });
const navLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

/** A public page after hydration: the navbar knows the visitor is signed out. */
async function openSignedOut(page: Page, path: string) {
  await page.goto(path);
  await expect(logInLink(page)).toBeVisible();
}

test.describe('axe finds no WCAG 2.2 AA violations', () => {
  for (const path of ['/', '/about', '/blogs', '/privacy', '/login', '/register']) {
    test(`${path}, signed out`, async ({ page }) => {
      await openSignedOut(page, path);
      if (path === '/') await expect(page.locator('.services-grid > li')).toHaveCount(6);
      await expectNoAxeViolations(page, `${path} signed out`);
    });
  }

  test('the 404 page', async ({ page, expectProblems }) => {
    expectProblems(NOT_FOUND_404);
    await openSignedOut(page, '/no/such/page');
    await expect(h1(page)).toHaveText('404 Page Not Found');
    await expectNoAxeViolations(page, '404 page');
  });

  test('signed in, and the verified checkout page', async ({ page }) => {
    // Two signed-in pages, axe on each: 40 and 45 s at load 28, out of 45 s once.
    test.setTimeout(90_000);
    const user = await createUser({ verified: true, label: 'axe-verified' });
    await signIn(page, user, '/');
    await expect(page.locator('.services-grid > li')).toHaveCount(6);
    await expectNoAxeViolations(page, 'home signed in');
    await page.goto('/checkout?service=2');
    await expect(page.getByRole('heading', { name: 'CheckOut Section' })).toBeVisible();
    await expect(page.getByText('You are booking: Couples Counselling')).toBeVisible();
    await expectNoAxeViolations(page, 'verified checkout');
  });

  test('the unverified checkout notice', async ({ page }) => {
    const user = await createUser({ verified: false, label: 'axe-unverified' });
    await signIn(page, user, '/checkout');
    await expect(page.getByRole('heading', { name: 'Your Email is not verified!!' })).toBeVisible();
    await expectNoAxeViolations(page, 'unverified checkout notice');
  });

  test('a log-in error shown', async ({ page, expectProblems }) => {
    expectProblems(CREDENTIAL_400);
    const user = await createUser({ verified: true, label: 'axe-error' });
    await openSignedOut(page, '/login');
    await emailField(page).fill(user.email);
    await passwordField(page).fill('not-the-password');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(errorText(page)).toContainText('Error:');
    await expectNoAxeViolations(page, 'login error');
  });

  test('a toast shown', async ({ page }) => {
    await openSignedOut(page, '/login');
    await page.getByRole('button', { name: 'Forget Password? Reset Password' }).click();
    const shown = toast(page, 'please enter your email address');
    await expect(shown).toBeVisible();
    // Judge the toast as it rests, not halfway through its entrance (it fades in).
    await shown.evaluate((element) => Promise.all(element.getAnimations().map((a) => a.finished)));
    await expectNoAxeViolations(page, 'toast shown');
  });

  test('the account page, its re-authentication prompt and its mobile menu at 375 px', async ({
    page,
    expectProblems,
  }) => {
    expectProblems(/response 400: .*accounts:sendOobCode/);
    const user = await createUser({ verified: false, label: 'axe-account' });
    await signIn(page, user, '/account');
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await expectNoAxeViolations(page, 'account page');

    // The emulator never ages a sign-in: answer as Firebase does when the sign-in is old.
    const email = page.getByRole('form', { name: 'Change your email address' });
    await email.getByLabel('New email address').fill(uniqueEmail('axe-new'));
    await page.route(/\/accounts:sendOobCode\?/, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 400, message: 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN' } }),
      }),
    );
    await email.getByRole('button', { name: 'Send verification link' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeFocused();
    await expectNoAxeViolations(page, 'account re-authentication prompt');

    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    const myAccount = navLink(page, 'My account');
    await expect(myAccount).toBeVisible();
    await expect(myAccount).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('#site-nav')).not.toHaveClass(/collapsing/);
    await expectNoAxeViolations(page, 'account page, menu open at 375 px');
  });

  test('the email-link page: a failed link, and the new-password form', async ({
    page,
    expectProblems,
  }) => {
    expectProblems(/response 400: .*accounts:resetPassword/);
    await openSignedOut(page, '/auth/action?mode=resetPassword&oobCode=not-a-code-anyone-sent');
    await expect(h1(page)).toHaveText('This link did not work');
    await expectNoAxeViolations(page, 'email link failed');

    const user = await createUser({ verified: true, label: 'axe-reset' });
    await page.goto('/login');
    await emailField(page).fill(user.email);
    await page.getByRole('button', { name: 'Forget Password? Reset Password' }).click();
    await expect(toast(page, 'Sent email')).toBeVisible();
    const code = await latestOobCode(user.email, 'PASSWORD_RESET');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/auth/action?mode=resetPassword&oobCode=${code!.oobCode}`);
    await expect(h1(page)).toHaveText('Choose a new password');
    await expectNoAxeViolations(page, 'new-password form at 375 px');
  });

  test('the mobile menu open at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/about');
    // Hydrated once the collapsed navbar holds the account link.
    await expect(
      page
        .getByRole('navigation', { name: 'Main', includeHidden: true })
        .getByRole('link', { name: 'Log In', includeHidden: true }),
    ).toBeAttached();
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(navLink(page, 'Blog')).toBeVisible();
    await expect(logInLink(page)).toBeVisible();
    await expect(page.locator('#site-nav')).not.toHaveClass(/collapsing/); // opening animation done
    await expectNoAxeViolations(page, 'mobile menu open');
  });
});

test.describe('keyboard only, with visible focus', () => {
  test('"Skip to main content" is the first Tab stop and moves focus to main', async ({ page }) => {
    await openSignedOut(page, '/login');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(main(page)).toBeFocused();
    // The next Tab stop is the page's first control, past the navbar.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Continue With Google' })).toBeFocused();
  });

  test('a client-side route change moves focus to the new h1 and changes the title', async ({
    page,
  }) => {
    // From a page of the app (a page of content's links load their pages, as any site's do).
    await openSignedOut(page, '/login');
    const homeTitle = await page.title();
    await tabTo(page, navLink(page, 'About'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/about');
    await expect(h1(page)).toHaveText('About Me');
    await expect(h1(page)).toBeFocused();
    await expect(page).not.toHaveTitle(homeTitle);
    await expect(page).toHaveTitle(/^About /);

    await tabTo(page, navLink(page, 'Blog'), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Read My Blogs' })).toBeFocused();
    await expect(page).toHaveTitle(/^Blog /);
  });

  test('log in', async ({ page }) => {
    const user = await createUser({ verified: true, label: 'kbd-login' });
    await openSignedOut(page, '/login');
    await tabTo(page, emailField(page));
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await expect(passwordField(page)).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await expect(logOutButton(page)).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  test('register', async ({ page }) => {
    await openSignedOut(page, '/register');
    await tabTo(page, page.getByLabel('Username'));
    await page.keyboard.type('Kim Keys');
    await page.keyboard.press('Tab');
    await expect(emailField(page)).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.type(uniqueEmail('kbd-register'));
    await page.keyboard.press('Tab');
    await expect(passwordField(page)).toBeFocused();
    await page.keyboard.type('calm-waters-7');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'generating account')).toBeVisible();
    await expect(page).toHaveURL('/home');
    await expect(logOutButton(page)).toBeVisible();
  });

  test('reset password', async ({ page }) => {
    const user = await createUser({ verified: true, label: 'kbd-reset' });
    await openSignedOut(page, '/login');
    const reset = page.getByRole('button', { name: 'Forget Password? Reset Password' });
    await tabTo(page, reset);
    await page.keyboard.press('Enter');
    await expect(toast(page, 'please enter your email address')).toBeVisible();
    await expect(emailField(page)).toBeFocused(); // straight back to the missing address
    await page.keyboard.type(user.email);
    await tabTo(page, reset);
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Sent email')).toBeVisible();
    await expect.poll(() => latestOobCode(user.email, 'PASSWORD_RESET')).toBeTruthy();
  });

  test('resend the verification email from the unverified checkout', async ({ page }) => {
    const user = await createUser({ verified: false, label: 'kbd-resend' });
    await signIn(page, user, '/checkout');
    await expect(page.getByRole('heading', { name: 'Your Email is not verified!!' })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Send Verification Email Again' }));
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Sent email')).toBeVisible();
    await expect.poll(() => latestOobCode(user.email, 'VERIFY_EMAIL')).toBeTruthy();
  });

  test('book: Book Now on home, log in, back to the checkout for that service', async ({
    page,
  }) => {
    const user = await createUser({ verified: true, label: 'kbd-book' });
    await openSignedOut(page, '/');
    await tabTo(page, page.getByRole('link', { name: 'Book Now: Couples Counselling' }), {
      max: 60,
    });
    // Book Now on a page of content loads the checkout, which sends a visitor to log in.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Please Log In' })).toBeVisible();
    await tabTo(page, emailField(page));
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/checkout?service=2');
    await expect(page.getByRole('heading', { level: 1, name: 'CheckOut Section' })).toBeFocused();
    await expect(page.getByText('You are booking: Couples Counselling')).toBeVisible();
  });

  test('my account: change the name, then confirm a deletion, with the keyboard alone', async ({
    page,
  }) => {
    const user = await createUser({ verified: true, label: 'kbd-account' });
    await signIn(page, user, '/bookings');
    await tabTo(page, navLink(page, 'My account'), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeFocused();
    await expect(page).toHaveTitle(/^My account /);
    const name = page
      .getByRole('form', { name: 'Change your name' })
      .getByLabel('Name', { exact: true });
    await tabTo(page, name, { max: 60 });
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Kai Keys');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Your name has been saved.')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByText('Kai Keys'),
    ).toBeVisible();

    const confirmation = page.getByLabel('Type DELETE to confirm');
    await tabTo(page, confirmation, { max: 60 });
    await page.keyboard.type('delete');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Delete my account' })).toBeFocused();
    await expectVisibleFocus(page);
  });

  test('log out', async ({ page }) => {
    const user = await createUser({ verified: true, label: 'kbd-logout' });
    await signIn(page, user, '/bookings');
    // Focus is on the page's heading now; the navbar is behind it.
    await tabTo(page, logOutButton(page), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/login');
    await expect(logInLink(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Please Log In' })).toBeFocused();
  });
});

test.describe('carousel', () => {
  test('has a visible pause/play control, labelled slides and named Book Now links', async ({
    page,
  }) => {
    await openSignedOut(page, '/');
    const highlights = page.getByRole('region', { name: 'Highlights' });
    const pause = highlights.getByRole('button', { name: 'Pause slideshow' });
    await expect(pause).toBeVisible();
    await pause.click();
    await expect(highlights.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await expect(highlights.getByRole('button', { name: 'Play slideshow' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Inactive slides are hidden from assistive technology, so include hidden ones here.
    const slides = highlights.getByRole('group', { includeHidden: true });
    await expect(slides).toHaveCount(3);
    for (const [index, slide] of (await slides.all()).entries()) {
      await expect(slide).toHaveAttribute('aria-roledescription', 'slide');
      const title = (await slide.getByRole('heading', { includeHidden: true }).textContent())!;
      await expect(slide).toHaveAttribute('aria-label', `${index + 1} of 3: ${title}`);
    }
    await expect(highlights.getByRole('group', { name: /^1 of 3: / })).toBeVisible();

    const cards = page.locator('.services-grid > li');
    await expect(cards).toHaveCount(6);
    for (const card of await cards.all()) {
      const service = (await card.getByRole('heading', { level: 3 }).textContent())!;
      await expect(card.getByRole('link')).toHaveAccessibleName(`Book Now: ${service}`);
      await expect(card.getByRole('link')).toHaveText('Book Now');
    }
  });
});

test.describe('forms', () => {
  for (const { path, fields } of [
    {
      path: '/login',
      fields: [
        ['Email address', 'email'],
        ['Password', 'current-password'],
      ],
    },
    {
      path: '/register',
      fields: [
        ['Username', 'username'],
        ['Email address', 'email'],
        ['Password', 'new-password'],
      ],
    },
  ]) {
    test(`${path}: every input has a label and an autocomplete purpose`, async ({ page }) => {
      await openSignedOut(page, path);
      const inputs = main(page).locator('input');
      await expect(inputs).toHaveCount(fields.length);
      for (const [label, autocomplete] of fields) {
        const field = page.getByLabel(label!, { exact: true });
        await expect(field).toHaveCount(1);
        await expect(field).toHaveAccessibleName(label!);
        await expect(field).toHaveAttribute('autocomplete', autocomplete!);
      }
    });
  }

  test('the log-in error is an alert and describes the fields', async ({
    page,
    expectProblems,
  }) => {
    expectProblems(CREDENTIAL_400);
    const user = await createUser({ verified: true, label: 'form-error' });
    await openSignedOut(page, '/login');
    await expect(emailField(page)).toHaveAccessibleDescription('');
    await emailField(page).fill(user.email);
    await passwordField(page).fill('not-the-password');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    const message = 'Error: The email address or password is incorrect. Please try again.';
    await expect(page.getByRole('alert').filter({ hasText: 'Error:' })).toHaveText(message);
    await expect(emailField(page)).toHaveAccessibleDescription(message);
    await expect(passwordField(page)).toHaveAccessibleDescription(message);
  });

  test('the show-password toggle changes the input type', async ({ page }) => {
    await openSignedOut(page, '/login');
    await passwordField(page).fill('secret-words');
    await expect(passwordField(page)).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(passwordField(page)).toHaveAttribute('type', 'text');
    const hide = page.getByRole('button', { name: 'Hide password' });
    await expect(hide).toHaveAttribute('aria-pressed', 'true');
    await hide.press('Enter');
    await expect(passwordField(page)).toHaveAttribute('type', 'password');
    await expect(passwordField(page)).toHaveValue('secret-words');
  });
});

test.describe('toasts', () => {
  test("'Sent email' is a polite status, 'please enter your email address' an alert", async ({
    page,
  }) => {
    const user = await createUser({ verified: true, label: 'toast-roles' });
    await openSignedOut(page, '/login');
    const reset = page.getByRole('button', { name: 'Forget Password? Reset Password' });
    await reset.click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'please enter your email address' }),
    ).toBeVisible();
    await emailField(page).fill(user.email);
    await reset.click();
    const sent = page.getByRole('status').filter({ hasText: 'Sent email' });
    await expect(sent).toBeVisible();
    // role=status is polite by default; it must not be made assertive.
    expect((await sent.getAttribute('aria-live')) ?? 'polite').toBe('polite');
  });

  test('a toast is reached with Alt+T, waits while the keyboard is in it, and closes with its button', async ({
    page,
  }) => {
    await openSignedOut(page, '/login');
    await page.getByRole('button', { name: 'Forget Password? Reset Password' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'please enter your email address' });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('region', { name: /Alt\+T/ })).toBeAttached();
    await page.keyboard.press('Alt+KeyT');
    await expect(notice).toBeFocused();
    await expectVisibleFocus(page);
    await page.waitForTimeout(6_000); // past the 5 s a toast stays when nobody is in it
    await expect(notice).toBeVisible();
    const close = notice.getByRole('button', { name: 'close' });
    await tabTo(page, close, { max: 3 });
    await page.keyboard.press('Enter');
    await expect(notice).toHaveCount(0);
  });

  test('a toast waits while focus is in it, and goes its way once focus leaves', async ({
    page,
  }) => {
    await openSignedOut(page, '/login');
    await page.getByRole('button', { name: 'Forget Password? Reset Password' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'please enter your email address' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'close' }).focus();
    await page.waitForTimeout(6_000);
    await expect(notice).toBeVisible();
    await page.getByRole('button', { name: 'Forget Password? Reset Password' }).focus();
    await expect(notice).toHaveCount(0, { timeout: 10_000 });
  });
});

/** "rgb(21, 115, 71)" or "rgba(0, 0, 0, 0.5)" → [r, g, b, alpha]. */
function parseColour(colour: string): [number, number, number, number] {
  const [r = 0, g = 0, b = 0, alpha = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b, alpha];
}

/** WCAG 2.x relative luminance of an sRGB colour. */
function luminance([r, g, b]: readonly number[]): number {
  const linear = (channel = 0) => {
    const s = channel / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

test.describe('contrast', () => {
  test("the active navbar link's green underline has at least 3:1 against the navbar", async ({
    page,
  }) => {
    await openSignedOut(page, '/about');
    const active = page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]');
    await expect(active).toHaveText('About');
    const colours = await active.evaluate((element) => {
      // The colour behind the link: the nearest ancestor that paints a background.
      let node = element.parentElement;
      while (node && /^(transparent|rgba\(.*, 0\))$/.test(getComputedStyle(node).backgroundColor))
        node = node.parentElement;
      return {
        underline: getComputedStyle(element).borderBottomColor,
        background: node ? getComputedStyle(node).backgroundColor : 'rgb(255, 255, 255)',
      };
    });
    const underline = parseColour(colours.underline);
    const background = parseColour(colours.background);
    expect(underline[3], `the underline ${colours.underline} is opaque`).toBe(1);
    expect(background[3], `the navbar background ${colours.background} is opaque`).toBe(1);
    const [lighter = 0, darker = 0] = [luminance(underline), luminance(background)].sort(
      (a, b) => b - a,
    );
    const ratio = (lighter + 0.05) / (darker + 0.05);
    expect(ratio, `${colours.underline} on ${colours.background}`).toBeGreaterThanOrEqual(3);
  });
});

test.describe('booking pages', () => {
  // Weeks 4 to 6 of the checkout are this file's (bookings.spec.ts books in weeks 1 to 3).
  const COUPLES = 2;
  const clients: TestUser[] = [];
  test.afterEach(async ({ closeEveryPage }) => {
    // A page still open could ask for an account about to be deleted: every page goes first.
    await closeEveryPage();
    await Promise.all(clients.splice(0).map((client) => deleteBookingsOf(client)));
  });

  async function bookedClient(label: string, week: number) {
    const client = await createUser({ verified: true, label });
    clients.push(client);
    const [start] = await freeStarts(COUPLES, checkoutWeekStart(week));
    const booked = await apiAs(client, '/api/bookings', {
      method: 'POST',
      body: {
        serviceId: COUPLES,
        start,
        note: 'Ground floor room, please',
        participants: [{ name: 'Pat Partner', email: `partner-${client.email}` }],
      },
    });
    expect(booked.status).toBe(201);
    return { client, start: start! };
  }

  for (const width of [375, 1280]) {
    test(`the checkout with free times and My bookings, at ${width} px`, async ({ page }) => {
      const { client } = await bookedClient(`axe-bookings-${width}`, width < 600 ? 4 : 5);
      await signIn(page, client, '/');
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/checkout?service=2');
      await expect(page.getByRole('radio').first()).toBeAttached();
      await expectNoAxeViolations(page, `checkout times at ${width} px`);
      await expectNoSidewaysScroll(page);

      await page.goto('/bookings');
      await expect(page.getByText('Status: Requested')).toBeVisible();
      await page.getByRole('button', { name: /^Cancel Couples Counselling on / }).click();
      await expect(page.getByRole('button', { name: 'Yes, cancel it' })).toBeFocused();
      await expectNoAxeViolations(page, `My bookings at ${width} px`);
      await expectNoSidewaysScroll(page);
    });
  }

  test('the diary with a request in it, and the not-allowed page', async ({
    page,
    signedInPractitioner,
  }) => {
    const { client: requester, start } = await bookedClient('axe-diary', 6);
    await page.goto('/practice');
    // Her name in the navbar: the diary may show clients of the same name (other tests').
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByText(signedInPractitioner.displayName),
    ).toBeVisible();
    for (let week = diaryWeeksUntil(start); week > 0; week -= 1) {
      await page.getByRole('button', { name: 'Next week' }).click();
    }
    // Other tests' clients ask for the same room: the row is the one holding this client.
    await expect(
      page
        .getByRole('region', { name: /^Waiting for you/ })
        .getByRole('listitem')
        .filter({ hasText: requester.email })
        .getByText('Ground floor room, please'),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'diary');

    const client = await createUser({ verified: true, label: 'axe-not-allowed' });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Log Out' })
      .click();
    await signIn(page, client, '/practice');
    await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
    await expectNoAxeViolations(page, 'not allowed');
  });

  test('request a time with the keyboard alone, with visible focus', async ({ page }) => {
    const client = await createUser({ verified: true, label: 'kbd-booking' });
    clients.push(client);
    await signIn(page, client, '/');
    // Week 6 (the diary test books that week's first time; this one takes the second), with a
    // plan without a cadence: one session (series-checkout.spec.ts has the series).
    const { day } = await freeDayOfWeek(5, 6);
    await page.goto(`/checkout?service=5&day=${day}`);
    // Days first: Tab reaches the chosen day, then that day's times.
    const days = page.getByRole('group', { name: /^Choose a day/ });
    await tabTo(page, days.getByRole('radio', { checked: true }), { max: 60 });
    const times = page.getByRole('group', { name: /^Free times on / }).getByRole('radio');
    const first = times.first();
    await tabTo(page, first, { max: 10 });
    await page.keyboard.press('Space');
    await expect(first).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(times.nth(1)).toBeChecked();
    const note = page.getByLabel('Note for the practitioner (optional)');
    await tabTo(page, note);
    await page.keyboard.type('Afternoons are best');
    await tabTo(page, page.getByRole('button', { name: 'Request this time' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Your request has been sent' })).toBeFocused();
    await tabTo(page, page.getByRole('link', { name: 'See My bookings' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeFocused();
  });
});
