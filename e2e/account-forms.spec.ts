import type { Locator, Page } from '@playwright/test';
import { createUser, lookupUser, uniqueEmail } from './support/emulator';
import { expect, ready, test } from './support/fixtures';
import { E2E } from './support/ports';
import { errorText, expectSpecErrorLine, logOutButton, toast } from './support/session';

// Spec section 2 (Login, Register), 5 (validation) and 8 (errors), as a visitor meets them.

const emailField = (page: Page) => page.getByLabel('Email address', { exact: true });
const passwordField = (page: Page) => page.getByLabel('Password', { exact: true });
const google = (page: Page) => page.getByRole('button', { name: 'Continue With Google' });

/** Every identity request the page sends to the Auth emulator (sign in, sign up, emails, …). */
function identityRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (
      request.method() === 'POST' &&
      request.url().startsWith(`${E2E.authEmulator}/identitytoolkit`)
    )
      seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

/** What the browser's own validation says about a field: which rule it breaks, if any. */
const validity = (field: Locator) =>
  field.evaluate((input: HTMLInputElement) => ({
    valueMissing: input.validity.valueMissing,
    typeMismatch: input.validity.typeMismatch,
  }));

const FORMS = [
  {
    path: '/login',
    submit: 'Log In',
    extraFields: [] as string[],
    sends: /accounts:signInWithPassword$/,
  },
  {
    path: '/register',
    submit: 'Register',
    extraFields: ['Username'],
    sends: /accounts:signUp$/,
  },
];

for (const { path, submit, extraFields, sends } of FORMS) {
  test.describe(path, () => {
    test('every field is required, the address is typed as email, and the browser blocks a bad submit', async ({
      page,
    }) => {
      const sent = identityRequests(page);
      await page.goto(path);
      await ready(page);
      await expect(emailField(page)).toHaveAttribute('type', 'email');
      for (const field of [
        ...extraFields.map((label) => page.getByLabel(label)),
        emailField(page),
        passwordField(page),
      ])
        await expect(field).toHaveAttribute('required', '');

      const button = page.getByRole('button', { name: submit, exact: true });
      // Empty: the browser stops at the first field and sends nothing.
      await button.click();
      const first = extraFields[0] ? page.getByLabel(extraFields[0]) : emailField(page);
      await expect(first).toBeFocused();
      expect(await validity(first)).toEqual({ valueMissing: true, typeMismatch: false });

      // A malformed address: the browser stops at the email field.
      for (const label of extraFields) await page.getByLabel(label).fill('Robin');
      await emailField(page).fill('robin.example.com');
      await passwordField(page).fill('calm-waters-7');
      await button.click();
      await expect(emailField(page)).toBeFocused();
      expect(await validity(emailField(page))).toEqual({ valueMissing: false, typeMismatch: true });

      // A good address but no password: the browser stops at the password.
      await emailField(page).fill(uniqueEmail('blocked'));
      await passwordField(page).fill('');
      await button.click();
      await expect(passwordField(page)).toBeFocused();
      expect(await validity(passwordField(page))).toEqual({
        valueMissing: true,
        typeMismatch: false,
      });

      await expect(page).toHaveURL(path);
      await expect(page.getByRole('alert').filter({ hasText: 'Error:' })).toHaveCount(0);
      expect(sent, 'identity requests sent by blocked submits').toEqual([]);

      // The same form, filled in properly, does send (so the watch above can see requests).
      const user = path === '/login' ? await createUser({ verified: true, label: 'valid' }) : null;
      await emailField(page).fill(user?.email ?? uniqueEmail('valid'));
      await passwordField(page).fill(user?.password ?? 'calm-waters-7');
      await button.click();
      await expect(logOutButton(page)).toBeVisible();
      expect(sent.some((request) => sends.test(request))).toBe(true);
    });

    test("shows the 'OR' divider between Google and the email form", async ({ page }) => {
      await page.goto(path);
      const divider = page.getByText('OR', { exact: true });
      await expect(divider).toBeVisible();
      const googleBox = (await google(page).boundingBox())!;
      const dividerBox = (await divider.boundingBox())!;
      const formBox = (await page.getByRole('form', { name: /with email/ }).boundingBox())!;
      expect(dividerBox.y).toBeGreaterThanOrEqual(googleBox.y + googleBox.height);
      expect(formBox.y).toBeGreaterThanOrEqual(dividerBox.y + dividerBox.height);
    });
  });
}

test("'Please register!' leads to /register and 'Please Log In!' back to /login", async ({
  page,
}) => {
  await page.goto('/login');
  await ready(page);
  await page.getByRole('link', { name: 'Please register!' }).click();
  await expect(page).toHaveURL('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Please Register' })).toBeVisible();
  await page.getByRole('link', { name: 'Please Log In!' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Please Log In' })).toBeVisible();
});

test('Continue With Google on /register signs in through the popup and lands on /home', async ({
  page,
}) => {
  await page.goto('/register');
  await ready(page);
  const popupPromise = page.waitForEvent('popup');
  await google(page).click();
  const popup = await popupPromise;
  await popup.getByText('Add new account').click();
  await popup.getByText('Auto-generate user information').click();
  await popup.locator('#sign-in').click();
  await expect(logOutButton(page)).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL('/home');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Mindful Path Counselling' }),
  ).toBeAttached();
});

for (const path of ['/login', '/register']) {
  test(`${path}: closing the Google window shows 'Error: …' and keeps the form`, async ({
    page,
  }) => {
    await page.goto(path);
    await ready(page);
    const popupPromise = page.waitForEvent('popup');
    await google(page).click();
    const popup = await popupPromise;
    await expect(popup.getByText('Add new account')).toBeVisible();
    await popup.close();
    // The SDK notices a closed window on its next poll, plus a grace period (about 10 s).
    await expect(errorText(page)).toHaveText(
      'Error: The Google sign-in window was closed before sign-in finished.',
      { timeout: 20_000 },
    );
    await expectSpecErrorLine(errorText(page));
    await expect(google(page)).toBeEnabled();
    await expect(page).toHaveURL(path);
  });
}

test('a failed profile update on /register shows its error and does not move on', async ({
  page,
  expectProblems,
}) => {
  expectProblems(/response 400: .*accounts:update/);
  const updates: string[] = [];
  await page.route('**/accounts:update*', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    updates.push(route.request().postDataJSON()?.displayName as string);
    await route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 400, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } }),
    });
  });
  const email = uniqueEmail('profile');
  await page.goto('/register');
  await ready(page);
  await page.getByLabel('Username').fill('Robin Park');
  await emailField(page).fill(email);
  await passwordField(page).fill('calm-waters-7');
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await expect(errorText(page)).toHaveText(
    'Error: Too many attempts in a short time. Please wait a few minutes, then try again.',
  );
  await expectSpecErrorLine(errorText(page));
  expect(updates).toEqual(['Robin Park']);
  await expect(page).toHaveURL('/register');
  await expect(toast(page, 'generating account')).toHaveCount(0);
  await expect(page.getByLabel('Username')).toHaveValue('Robin Park');
  // The account itself was made; only its name is missing.
  const stored = await lookupUser(email);
  expect(stored).toBeTruthy();
  expect(stored?.displayName).toBeUndefined();
});
