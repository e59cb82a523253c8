import type { Page } from '@playwright/test';
import {
  createUser,
  grantPractitioner,
  latestOobCode,
  lookupUser,
  siteActionPath,
  uniqueEmail,
  type TestUser,
} from './support/emulator';
import { expect, test } from './support/fixtures';
import { calendarOf, idTokenFor } from './support/bookings';
import { signIn } from './support/signed-in';
import { E2E } from './support/ports';
import { errorText, logIn, logInLink, logOutButton, toast } from './support/session';

const SESSION_ENDED = 'Your session has ended. Please log in again.';
const SIGN_IN_400 = /response 400: .*accounts:signInWithPassword/;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const section = (page: Page, name: string) => page.getByRole('region', { name });

/** Answers the next POST to an identity endpoint with an error code, then lets calls through. */
async function refuseOnce(page: Page, endpoint: string, code: string) {
  let refused = false;
  await page.route(new RegExp(`/${endpoint}\\?`), async (route) => {
    if (refused || route.request().method() !== 'POST') return route.continue();
    refused = true;
    await route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 400, message: code, errors: [] } }),
    });
  });
}

async function openAccount(page: Page) {
  await nav(page).getByRole('link', { name: 'My account' }).click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
}

async function logOut(page: Page) {
  await logOutButton(page).click();
  await expect(page).toHaveURL('/login');
  await expect(logInLink(page)).toBeVisible();
}

/** Logs in through the form and expects the identity provider to refuse. */
async function expectLogInRefused(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(errorText(page)).toHaveText(
    'Error: The email address or password is incorrect. Please try again.',
  );
}

test.describe('My account', () => {
  test('shows who the visitor is, and a new name reaches the navbar and the account', async ({
    page,
  }) => {
    const user = await createUser({ verified: true, label: 'account-name' });
    await signIn(page, user, '/account');
    await expect(nav(page).getByText(user.displayName)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await expect(page).toHaveTitle(/^My account \| /);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    const details = section(page, 'Your details');
    const fact = (term: string) => details.locator(`dt:text-is("${term}") + dd`);
    await expect(fact('Name')).toHaveText(user.displayName);
    await expect(fact('Email address')).toContainText(user.email);
    await expect(fact('Email address')).toContainText('Verified');
    await expect(fact('Sign-in methods')).toHaveText('Email and password');
    const year = String(new Date().getFullYear());
    await expect(fact('Account created')).toContainText(year);
    await expect(fact('Last signed in')).toContainText(year);

    const name = section(page, 'Your name').getByLabel('Name', { exact: true });
    await expect(name).toHaveValue(user.displayName);
    await name.fill('Robin Ash');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(toast(page, 'Your name has been saved.')).toBeVisible();
    await expect(nav(page).getByText('Robin Ash')).toBeVisible();
    await expect(fact('Name')).toHaveText('Robin Ash');
    await expect.poll(async () => (await lookupUser(user.email))?.displayName).toBe('Robin Ash');

    await page.reload();
    await expect(nav(page).getByText('Robin Ash')).toBeVisible();
  });

  test('an unverified visitor sees so, and a signed-out one is sent to log in first', async ({
    page,
  }) => {
    const user = await createUser({ verified: false, label: 'account-unverified' });
    await page.goto('/account');
    await expect(page).toHaveURL('/login');
    await logIn(page, user, '');
    await expect(page).toHaveURL('/account');
    await expect(section(page, 'Your details')).toContainText('Not verified');
  });

  test('change the password: the current one is asked, then only the new one logs in', async ({
    page,
    expectProblems,
  }) => {
    expectProblems(SIGN_IN_400);
    const user = await createUser({ verified: true, label: 'account-password' });
    await signIn(page, user, '/');
    await openAccount(page);
    const form = page.getByRole('form', { name: 'Change your password' });
    const newPassword = form.getByLabel('New password', { exact: true });
    await expect(newPassword).toHaveAttribute('autocomplete', 'new-password');
    await expect(form.getByLabel('Current password', { exact: true })).toHaveAttribute(
      'autocomplete',
      'current-password',
    );

    await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await newPassword.fill('brand-new-pass-5');
    await form.getByRole('button', { name: 'Show new password' }).click();
    await expect(newPassword).toHaveAttribute('type', 'text');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.locator('.auth-error')).toHaveText(
      'Error: That password is not correct. Please try again.',
    );
    await expect(newPassword).toHaveValue('brand-new-pass-5');

    await form.getByLabel('Current password', { exact: true }).fill(user.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(page, 'Your password has been changed.')).toBeVisible();
    await expect(newPassword).toHaveValue('');

    await logOut(page);
    // A sign-out the visitor asked for is not reported as an ended session.
    await expect(toast(page, SESSION_ENDED)).toHaveCount(0);
    await expectLogInRefused(page, user.email, user.password);
    await logIn(page, { email: user.email, password: 'brand-new-pass-5' });
  });

  test('change the password when a recent log-in is required: confirm in place, then it is done', async ({
    page,
    expectProblems,
  }) => {
    expectProblems(/response 400: .*accounts:update/, SIGN_IN_400);
    const user = await createUser({ verified: true, label: 'account-recent' });
    await signIn(page, user, '/');
    await openAccount(page);
    // The emulator never ages a sign-in: answer the password change as Firebase does when it is old.
    await refuseOnce(page, 'accounts:update', 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN');

    const form = page.getByRole('form', { name: 'Change your password' });
    await form.getByLabel('Current password', { exact: true }).fill(user.password);
    await form.getByLabel('New password', { exact: true }).fill('after-confirm-8');
    await form.getByRole('button', { name: 'Change password' }).click();

    const confirm = section(page, 'Password').getByRole('region', { name: 'Confirm it is you' });
    await expect(confirm.getByRole('heading', { name: 'Confirm it is you' })).toBeFocused();
    await expect(confirm).toContainText('please confirm it is you by entering your password again');
    await expect(form.getByLabel('New password', { exact: true })).toHaveValue('after-confirm-8');

    await confirm.getByLabel('Your password', { exact: true }).fill('wrong-password-1');
    await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(confirm.locator('.auth-error')).toHaveText(
      'Error: That password is not correct. Please try again.',
    );
    await confirm.getByLabel('Your password', { exact: true }).fill(user.password);
    await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();

    await expect(toast(page, 'Your password has been changed.')).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await logOut(page);
    await expectLogInRefused(page, user.email, user.password);
    await logIn(page, { email: user.email, password: 'after-confirm-8' });
  });

  test('change the email: the old address stays until the link is followed, then the new one logs in', async ({
    page,
    expectProblems,
  }) => {
    expectProblems(SIGN_IN_400);
    const user = await createUser({ verified: true, label: 'account-email-old' });
    const newEmail = uniqueEmail('account-email-new');
    await signIn(page, user, '/');
    await openAccount(page);

    const form = page.getByRole('form', { name: 'Change your email address' });
    await form.getByLabel('New email address').fill(user.email);
    await form.getByRole('button', { name: 'Send verification link' }).click();
    await expect(form.locator('.auth-error')).toHaveText(
      'Error: That is already your email address.',
    );

    await form.getByLabel('New email address').fill(newEmail);
    await form.getByRole('button', { name: 'Send verification link' }).click();
    await expect(section(page, 'Email address').getByRole('status')).toHaveText(
      `We sent a link to ${newEmail}. Open it to finish; until then you still log in with ${user.email}.`,
    );
    expect((await lookupUser(user.email))?.email).toBe(user.email);

    const link = await latestOobCode(user.email, 'VERIFY_AND_CHANGE_EMAIL');
    expect(link?.newEmail).toBe(newEmail);
    await page.goto(siteActionPath(link!.oobLink));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your email address has been changed' }),
    ).toBeVisible();
    await expect(page.getByText(`Your email address is now ${newEmail}.`)).toBeVisible();
    await expect(logInLink(page)).toBeVisible(); // this browser's session was for the old address
    await expect(toast(page, SESSION_ENDED)).toHaveCount(0);

    await page.getByRole('link', { name: 'log in with your new email address' }).click();
    await logIn(page, { email: newEmail, password: user.password }, '');
    await expect(page).toHaveURL('/account');
    const emailFact = section(page, 'Your details').locator('dt:text-is("Email address") + dd');
    await expect(emailFact).toContainText(newEmail);
    await expect(emailFact).toContainText('Verified');

    await logOut(page);
    await expectLogInRefused(page, user.email, user.password);
  });
});

test.describe('deleting the account', () => {
  test('is kept, with a clear sentence, when the server could not delete it', async ({
    page,
    expectProblems,
  }) => {
    expectProblems(/response 503: .*\/api\/account\/deletion/);
    const user = await createUser({ verified: true, label: 'delete-kept' });
    await signIn(page, user, '/');
    await openAccount(page);
    await page.route('**/api/account/deletion', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ title: 'Unavailable', status: 503, detail: 'Try later.' }),
      }),
    );
    const form = page.getByRole('form', { name: 'Delete your account' });
    const remove = form.getByRole('button', { name: 'Delete my account' });
    await expect(remove).toBeDisabled();
    await form.getByLabel('Type DELETE to confirm').fill('DELETE');
    await remove.click();
    await expect(form.locator('.auth-error')).toHaveText(
      'Error: We could not delete your account; nothing has been deleted. Please try again, or contact the practice.',
    );
    await expect(logOutButton(page)).toBeVisible();
    expect(await lookupUser(user.email)).toBeTruthy();
  });
});

// The bookings API, called as the client and the practitioner would (through Hosting's /api).
async function api<T>(
  user: TestUser,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  const idToken = await idTokenFor(user);
  const response = await fetch(`${E2E.siteOrigin}${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(response.status, `${init.method ?? 'GET'} ${path}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A client with one booked session, and the practitioner whose diary shows it. */
async function clientWithBooking(label: string) {
  const client = await createUser({ verified: true, label });
  const practitioner = await createUser({ verified: true, label: `${label}-practitioner` });
  await grantPractitioner(practitioner.uid);
  const { slots } = await api<{ slots: { start: string }[] }>(
    client,
    '/api/availability?service=1&days=28',
  );
  expect(slots.length).toBeGreaterThan(0);
  // Parallel tests book too: pick a time at random among the free ones.
  const slot = slots[Math.floor(Math.random() * slots.length)]!;
  const booking = await api<{ id: string }>(client, '/api/bookings', {
    method: 'POST',
    body: { serviceId: 1, start: slot.start, note: '' },
  });
  return { client, practitioner, bookingId: booking.id };
}

async function diaryIds(practitioner: TestUser): Promise<string[]> {
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'Europe/London',
    });
  const { bookings } = await api<{ bookings: { id: string }[] }>(
    practitioner,
    `/api/practice/bookings?from=${day(-1)}&to=${day(40)}`,
  );
  return bookings.map((booking) => booking.id);
}

async function deleteAccount(page: Page) {
  const form = page.getByRole('form', { name: 'Delete your account' });
  await form.getByLabel('Type DELETE to confirm').fill('delete');
  await form.getByRole('button', { name: 'Delete my account' }).click();
}

async function expectDeleted(page: Page, client: TestUser) {
  await expect(page).toHaveURL('/');
  await expect(toast(page, 'Your account and your bookings have been deleted.')).toBeVisible();
  await expect(logInLink(page)).toBeVisible();
  await expect(toast(page, SESSION_ENDED)).toHaveCount(0);
  expect(await lookupUser(client.email)).toBeUndefined();
  await expectLogInRefused(page, client.email, client.password);
}

test.describe('deleting the account, with the bookings server', () => {
  test('deletes the bookings (gone from the diary), then the account; log in is refused', async ({
    page,
    expectProblems,
  }) => {
    expectProblems(SIGN_IN_400);
    const { client, practitioner, bookingId } = await clientWithBooking('delete-all');
    expect(await diaryIds(practitioner)).toContain(bookingId);
    await signIn(page, client, '/');
    await openAccount(page);
    await expect(section(page, 'My bookings').getByRole('listitem')).toHaveCount(1);

    await deleteAccount(page);
    await expectDeleted(page, client);
    expect(await diaryIds(practitioner)).not.toContain(bookingId);
    // The client's calendar is told too: a cancellation of the session that was ahead.
    await expect
      .poll(() => calendarOf(client.email, 'Your account is deleted'), { timeout: 20_000 })
      .toContain('METHOD:CANCEL');
    const calendar = await calendarOf(client.email, 'Your account is deleted');
    expect(calendar).toMatch(new RegExp(`UID:[^\\r\\n]*${bookingId}`));
    expect(calendar).toContain('STATUS:CANCELLED');
  });

  test('when a recent log-in is required: confirm in place, then one deletion on the server finishes', async ({
    page,
    expectProblems,
  }) => {
    expectProblems(/response 403: .*\/api\/account\/deletion/, SIGN_IN_400);
    const { client, practitioner, bookingId } = await clientWithBooking('delete-recent');
    await signIn(page, client, '/');
    await openAccount(page);
    // The emulator never ages a sign-in: answer the deletion as the API does when it is old (the
    // call, and its retry with a renewed token that carries the same sign-in).
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/account/'))
        asked.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    let refused = 0;
    await page.route('**/api/account/deletion', async (route) => {
      if (refused === 2) return route.continue();
      refused += 1;
      await route.fulfill({
        status: 403,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: '/api/problems/sign-in-again',
          title: 'Confirm it is you',
          status: 403,
          detail: 'To delete your account, confirm it is you.',
        }),
      });
    });
    await deleteAccount(page);

    const confirm = section(page, 'Delete your account').getByRole('region', {
      name: 'Confirm it is you',
    });
    await expect(confirm.getByRole('heading', { name: 'Confirm it is you' })).toBeFocused();
    await expect(page.getByLabel('Type DELETE to confirm')).toHaveValue('delete');
    expect(await lookupUser(client.email)).toBeTruthy();
    await confirm.getByLabel('Your password', { exact: true }).fill(client.password);
    await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();

    await expectDeleted(page, client);
    expect(await diaryIds(practitioner)).not.toContain(bookingId);
    // Only the one operation (refused twice, then asked again after the confirmation): no
    // endpoint deletes part of it, so nothing was erased before the confirmation.
    expect(asked.filter((each) => !each.startsWith('GET'))).toEqual([
      'POST /api/account/deletion',
      'POST /api/account/deletion',
      'POST /api/account/deletion',
    ]);
  });
});
