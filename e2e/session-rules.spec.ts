import type { Page } from '@playwright/test';
import { createUser, disableUser, revokeSessions, type TestUser } from './support/emulator';
import { expect, test } from './support/fixtures';
import { signIn } from './support/signed-in';
import { logInLink, toast } from './support/session';

// Spec section 4: a session the server ends (revoked, disabled, expired) ends in the page too,
// with one clear message: at the next reload, and in a running page at its next token refresh.

const SESSION_ENDED = 'Your session has ended. Please log in again.';
/** The page checks the session a little before its one-hour ID token expires. */
const PAST_NEXT_CHECK = '56:00';

const ENDINGS: {
  label: string;
  end: (user: TestUser) => Promise<void>;
  refused: RegExp;
}[] = [
  {
    label: 'revoked sessions',
    end: (user) => revokeSessions(user.uid),
    refused: /response 400: .*accounts:lookup/,
  },
  {
    label: 'a disabled account',
    end: (user) => disableUser(user.uid),
    // Whichever the SDK sends first is refused: the account lookup or the token refresh.
    refused: /response 400: .*(accounts:lookup|securetoken\.googleapis\.com\/v1\/token)/,
  },
];

async function expectSignedOutWithMessage(page: Page) {
  await expect(toast(page, SESSION_ENDED)).toHaveCount(1);
  await expect(page.getByRole('alert').filter({ hasText: SESSION_ENDED })).toBeVisible();
  await expect(logInLink(page)).toBeVisible();
}

test.describe('a session the server ended', () => {
  for (const ending of ENDINGS) {
    test(`${ending.label}: signed out with the message at the next reload`, async ({
      page,
      expectProblems,
    }) => {
      expectProblems(ending.refused);
      const user = await createUser({ verified: true, label: 'ended-reload' });
      await signIn(page, user, '/');
      await ending.end(user);
      await page.reload();
      await expectSignedOutWithMessage(page);
      await page.goto('/account');
      await expect(page).toHaveURL('/login');
    });

    test(`${ending.label}: signed out with the message at the running page's next refresh`, async ({
      page,
      expectProblems,
    }) => {
      // The page's bookings, waiting lists and text-reminder setting may refresh in that hour too,
      // and be refused likewise (whichever the page asks for first after the session ended).
      expectProblems(
        ending.refused,
        /response 401: .*\/api\/(bookings|series|waitlist|account\/sms)$/,
      );
      await page.clock.install();
      const user = await createUser({ verified: true, label: 'ended-running' });
      await signIn(page, user, '/account');
      await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
      await ending.end(user);
      await page.waitForLoadState('networkidle'); // the page at rest, then the hour passes
      await page.clock.fastForward(PAST_NEXT_CHECK);
      await expectSignedOutWithMessage(page);
      await expect(page).toHaveURL('/login'); // the account page is for signed-in visitors
    });
  }

  test('an expired refresh token: signed out with the message when the page renews its token', async ({
    page,
    expectProblems,
  }) => {
    expectProblems(/response 400: .*token/);
    await page.clock.install();
    const user = await createUser({ verified: true, label: 'ended-expired' });
    await signIn(page, user, '/');
    // The emulator's token endpoint never refuses a refresh token; Firebase does once it has
    // expired or been revoked. Answer that one call as Firebase would.
    await page.route(/securetoken\.googleapis\.com\/v1\/token/, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 400, message: 'TOKEN_EXPIRED', status: 'INVALID_ARGUMENT' },
        }),
      }),
    );
    await page.waitForLoadState('networkidle'); // the page at rest, then the hour passes
    await page.clock.fastForward(PAST_NEXT_CHECK);
    await expectSignedOutWithMessage(page);
  });

  test('a token that expired while the tab was closed ends in the same message on opening', async ({
    page,
    expectProblems,
  }) => {
    expectProblems(/response 400: .*token/);
    const user = await createUser({ verified: true, label: 'ended-expired-reload' });
    await signIn(page, user, '/');
    await page.route(/securetoken\.googleapis\.com\/v1\/token/, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 400, message: 'TOKEN_EXPIRED', status: 'INVALID_ARGUMENT' },
        }),
      }),
    );
    // Two hours later: the stored ID token has expired, so the SDK must renew it first.
    await page.clock.install({ time: Date.now() + 2 * 60 * 60_000 });
    await page.reload();
    await expectSignedOutWithMessage(page);
  });

  test('logging out in another tab is not reported as an ended session', async ({
    page,
    context,
  }) => {
    const user = await createUser({ verified: true, label: 'ended-other-tab' });
    await signIn(page, user, '/');
    const second = await context.newPage();
    await second.goto('/about');
    await second
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Log Out' })
      .click();
    await expect(logInLink(page)).toBeVisible({ timeout: 15_000 });
    // A message would have loaded the toast host by now; nothing was asked to show.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.Toastify')).toHaveCount(0);
    await expect(toast(second, SESSION_ENDED)).toHaveCount(0);
  });
});
