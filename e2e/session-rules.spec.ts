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

/** The account page's own reads from the API, as it opens signed in. */
const ACCOUNT_READS = /\/api\/(bookings|series|waitlist|account\/sms)$/;
const ACCOUNT_READ_PATHS = ['/api/bookings', '/api/series', '/api/waitlist', '/api/account/sms'];

/** Resolves once the server has answered each of the account page's first reads. */
function accountReadsAnswered(page: Page): Promise<unknown> {
  return Promise.all(
    ACCOUNT_READ_PATHS.map((path) =>
      page.waitForResponse((response) => new URL(response.url()).pathname === path),
    ),
  );
}

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
      expectProblems(ending.refused, new RegExp(`response 401: .*${ACCOUNT_READS.source}`));
      await page.clock.install();
      const user = await createUser({ verified: true, label: 'ended-running' });
      const answered = accountReadsAnswered(page);
      await signIn(page, user, '/account');
      await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
      // The page at rest before the session ends: its heading shows before its reads are
      // answered, and a read the server refuses ends the session there and then (the test
      // below), its message long gone when the hour has passed.
      await answered;
      await expect(page.getByText('You have no upcoming bookings.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Reminders by text' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await ending.end(user);
      await page.clock.fastForward(PAST_NEXT_CHECK);
      await expectSignedOutWithMessage(page);
      await expect(page).toHaveURL('/login'); // the account page is for signed-in visitors
    });

    test(`${ending.label} while the page's first reads are on their way: signed out with the message at once`, async ({
      page,
      expectProblems,
    }) => {
      expectProblems(ending.refused, new RegExp(`response 401: .*${ACCOUNT_READS.source}`));
      const user = await createUser({ verified: true, label: 'ended-reading' });
      // The bookings' read is held until the session has ended, so the server refuses it.
      let bookingsAsked = 0;
      let sessionEnded = (): void => undefined;
      const ended = new Promise<void>((resolve) => {
        sessionEnded = resolve;
      });
      await page.route(/\/api\/bookings$/, async (route) => {
        bookingsAsked += 1;
        await ended;
        await route.continue();
      });
      await signIn(page, user, '/account');
      await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
      await expect.poll(() => bookingsAsked).toBe(1);
      await ending.end(user);
      sessionEnded();
      await expectSignedOutWithMessage(page);
      await expect(page).toHaveURL('/login');
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
