import type { Page } from '@playwright/test';
import {
  changeEmailAsAdmin,
  createUser,
  latestOobCode,
  lookupUser,
  sendOobCode,
  siteActionPath,
  uniqueEmail,
  type TestUser,
} from './support/emulator';
import { expect, test } from './support/fixtures';
import { signIn } from './support/signed-in';
import { E2E } from './support/ports';
import { errorText, logIn, logInLink, toast } from './support/session';

// Our /auth/action page, opened as a real email template pointing at it would open it: the code
// (and mode, continue URL) come from the emulator's oobCodes list, whose own links point at the
// emulator's handler.

const USED = 'Error: This link is not valid or has already been used. Please ask for a new one.';
const EXPIRED = 'Error: This link has expired. Please ask for a new one.';
const INCOMPLETE =
  'Error: This link is incomplete. Please open the whole link from the email, or ask for a new one.';

interface ModeCase {
  mode: 'verifyEmail' | 'resetPassword' | 'recoverEmail' | 'verifyAndChangeEmail';
  /** Has the emulator send the link; returns the site path of it. */
  send: (user: TestUser) => Promise<string>;
  /** Completes the page with a good code and checks the outcome. */
  complete: (page: Page, user: TestUser) => Promise<void>;
  /** The next step offered when the link fails: a link's accessible name. */
  nextStep: string;
}

async function actionPath(email: string, requestType: string) {
  const code = await latestOobCode(email, requestType);
  expect(code, `the emulator "sent" a ${requestType} email to ${email}`).toBeTruthy();
  return siteActionPath(code!.oobLink);
}

const outcome = (page: Page, heading: string) =>
  expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();

const MODES: ModeCase[] = [
  {
    mode: 'verifyEmail',
    send: async (user) => {
      await sendOobCode(user, { requestType: 'VERIFY_EMAIL' });
      return actionPath(user.email, 'VERIFY_EMAIL');
    },
    complete: async (page, user) => {
      await outcome(page, 'Your email address is verified');
      expect((await lookupUser(user.email))?.emailVerified).toBe(true);
    },
    nextStep: 'Go to your account',
  },
  {
    mode: 'resetPassword',
    send: async (user) => {
      await sendOobCode(user, { requestType: 'PASSWORD_RESET' });
      return actionPath(user.email, 'PASSWORD_RESET');
    },
    complete: async (page, user) => {
      await outcome(page, 'Choose a new password');
      await expect(page.getByText(`Choose a new password for ${user.email}.`)).toBeVisible();
      const field = page.getByLabel('New password', { exact: true });
      await expect(field).toHaveAttribute('autocomplete', 'new-password');
      await field.fill('123');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await expect(errorText(page)).toHaveText(
        'Error: Please choose a stronger password: at least 6 characters.',
      );
      await expect(field).toHaveValue('123');
      await field.fill('reset-to-this-9');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await outcome(page, 'Your password has been changed');
      await page.getByRole('link', { name: 'Log in with your new password' }).click();
      await logIn(page, { email: user.email, password: 'reset-to-this-9' }, '');
    },
    nextStep: 'the log-in page',
  },
  {
    mode: 'recoverEmail',
    send: async (user) => {
      await changeEmailAsAdmin(user.uid, uniqueEmail('taken-over'));
      return actionPath(user.email, 'RECOVER_EMAIL');
    },
    complete: async (page, user) => {
      await outcome(page, 'Your email address has been restored');
      await expect(page.getByText(`Your email address is ${user.email} again.`)).toBeVisible();
      expect((await lookupUser(user.email))?.localId).toBe(user.uid);
      await page.getByRole('button', { name: 'Send a password reset email' }).click();
      await expect(toast(page, 'Sent email')).toBeVisible();
      expect(await latestOobCode(user.email, 'PASSWORD_RESET')).toBeTruthy();
    },
    nextStep: 'Log in',
  },
  {
    mode: 'verifyAndChangeEmail',
    send: async (user) => {
      await sendOobCode(user, {
        requestType: 'VERIFY_AND_CHANGE_EMAIL',
        newEmail: uniqueEmail('changed'),
      });
      return actionPath(user.email, 'VERIFY_AND_CHANGE_EMAIL');
    },
    complete: async (page, user) => {
      await outcome(page, 'Your email address has been changed');
      expect(await lookupUser(user.email)).toBeUndefined();
    },
    nextStep: 'Go to your account',
  },
];

/** Answers the code check with EXPIRED_OOB_CODE: the emulator's codes never expire. */
async function expireCodes(page: Page) {
  await page.route(/\/accounts:(update|resetPassword)\?/, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 400, message: 'EXPIRED_OOB_CODE', errors: [] } }),
        })
      : route.continue(),
  );
}

async function expectFailure(page: Page, sentence: string, nextStep: string) {
  await outcome(page, 'This link did not work');
  await expect(errorText(page)).toHaveText(sentence);
  await expect(page.getByRole('link', { name: nextStep, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/^Email link \| /);
}

test.describe('/auth/action', () => {
  for (const mode of MODES) {
    test(`${mode.mode}: a good code works once; used, malformed and expired codes say what next`, async ({
      page,
      expectProblems,
    }) => {
      expectProblems(/response 400: .*accounts:(update|resetPassword)/);
      const user = await createUser({
        verified: mode.mode !== 'verifyEmail',
        label: mode.mode.toLowerCase(), // the emulator keeps addresses in lower case
      });
      const path = await mode.send(user);

      await expireCodes(page);
      await page.goto(path);
      await expectFailure(page, EXPIRED, mode.nextStep);
      await page.unroute(/\/accounts:(update|resetPassword)\?/);

      await page.goto(path);
      await mode.complete(page, user);

      await page.goto(path);
      await expectFailure(page, USED, mode.nextStep);

      await page.goto(path.replace(/oobCode=[^&]+/, 'oobCode=not-a-code-anyone-sent-1234'));
      await expectFailure(page, USED, mode.nextStep);

      await page.goto(path.replace(/oobCode=[^&]+/, 'oobCode=%3Cscript%3E'));
      await expectFailure(page, INCOMPLETE, mode.nextStep);
    });
  }

  test('a visitor never signed in here uses a link without downloading the identity SDK', async ({
    page,
  }) => {
    // The code is checked and used through the identity provider's REST API (auth-rest.ts). (The
    // other links end in a log-in or a reset email, which load the SDK for what they do.)
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
    for (const mode of MODES.filter(
      (each) => each.mode === 'verifyEmail' || each.mode === 'verifyAndChangeEmail',
    )) {
      const user = await createUser({
        verified: mode.mode !== 'verifyEmail',
        label: `${mode.mode.toLowerCase()}-no-sdk`,
      });
      await page.goto(await mode.send(user));
      await mode.complete(page, user);
    }
    expect(scripts.filter((path) => /\/firebase-[\w-]+\.js$/.test(path))).toEqual([]);
  });

  test('a link without a mode or code is incomplete, and a disabled account is told whom to ask', async ({
    page,
    expectProblems,
  }) => {
    expectProblems(/response 400: .*accounts:update/);
    await page.goto('/auth/action');
    await outcome(page, 'This link did not work');
    await expect(errorText(page)).toHaveText(INCOMPLETE);

    const user = await createUser({ verified: false, label: 'action-disabled' });
    await sendOobCode(user, { requestType: 'VERIFY_EMAIL' });
    // The emulator does not check for disabled accounts when applying a code; Firebase does.
    await page.route(/\/accounts:update\?/, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 400, message: 'USER_DISABLED', errors: [] } }),
      }),
    );
    await page.goto(await actionPath(user.email, 'VERIFY_EMAIL'));
    await expect(errorText(page)).toHaveText(
      'Error: This account has been disabled. Please contact the practice.',
    );
    await expect(page.getByRole('main').getByRole('link', { name: /@/ })).toHaveAttribute(
      'href',
      /^mailto:/,
    );
  });

  test('verification sent from the checkout returns to the checkout for that service', async ({
    page,
  }) => {
    const user = await createUser({ verified: false, label: 'verify-checkout' });
    await signIn(page, user, '/checkout?service=2');
    await expect(page.getByRole('heading', { name: 'Your Email is not verified!!' })).toBeVisible();
    await page.getByRole('button', { name: 'Send Verification Email Again' }).click();
    await expect(toast(page, 'Sent email')).toBeVisible();

    const code = await latestOobCode(user.email, 'VERIFY_EMAIL');
    expect(new URL(code!.oobLink).searchParams.get('continueUrl')).toBe(
      `${E2E.siteOrigin}/checkout?service=2`,
    );
    await page.goto(siteActionPath(code!.oobLink));
    await expect(page).toHaveURL('/checkout?service=2');
    await expect(toast(page, 'Your email address is verified.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'CheckOut Section' })).toBeVisible();
  });

  test('a continue URL to another site is ignored', async ({ page }) => {
    const user = await createUser({ verified: false, label: 'verify-offsite' });
    await sendOobCode(user, {
      requestType: 'VERIFY_EMAIL',
      continueUrl: 'https://evil.example/checkout?service=2',
    });
    await page.goto(await actionPath(user.email, 'VERIFY_EMAIL'));
    await outcome(page, 'Your email address is verified');
    await expect(page).toHaveURL(
      (url) => url.origin === E2E.siteOrigin && url.pathname === '/auth/action',
    );
    await expect(logInLink(page)).toBeVisible();
  });
});
