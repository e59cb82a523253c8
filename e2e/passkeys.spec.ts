import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { apiAs } from './support/bookings';
import { createUser, grantPractitioner } from './support/emulator';
import { expect, test } from './support/fixtures';
import {
  enrolmentLink,
  forgetPasskeySignIn,
  passkeyIdToken,
  virtualAuthenticator,
} from './support/passkeys';
import { holdIdentityLookup } from './support/hold';
import { expectPicture } from './support/screenshots';
import { logIn } from './support/session';
import { signIn, test as signedIn } from './support/signed-in';

const STEP = 'Confirm it is you with your passkey';

/** Her page at a width, then axe and the picture. */
async function looks(page: Page, name: string, width: 375 | 1280) {
  await page.setViewportSize({ width, height: 900 });
  await expectNoAxeViolations(page, `${name} at ${width} px`);
  await expectPicture(page, `${name}-${width}.png`, {
    fullPage: true,
    // The codes are new each time, the passkeys' days and times are today's: their place and
    // number are what the picture shows (the passkeys' names are in it).
    mask: [page.locator('.recovery-codes li'), page.locator('.passkey-when')],
  });
}

test('she enrols from the printed link, sees her ten recovery codes once, then password and passkey open the diary', async ({
  page,
}) => {
  // Enrolment, two sign-ins and five pictures: longer than one page's test.
  test.slow();
  const user = await createUser({ verified: true, label: 'enrol' });
  const { token } = await enrolmentLink(user.uid);
  await virtualAuthenticator(page);
  await signIn(page, user, '/practice');
  // Her password alone does not open the diary: it asks for the passkey she does not have yet.
  await expect(page.getByRole('heading', { name: STEP })).toBeVisible();
  await looks(page, 'passkey-step', 375);
  await looks(page, 'passkey-step', 1280);

  await page.goto(`/account/passkeys?token=${token}`);
  const add = page.getByRole('button', { name: 'Add a passkey on this device' });
  await expect(add).toBeVisible();
  // By keyboard: Tab to the button, Enter.
  await add.focus();
  await expect(add).toBeFocused();
  await page.keyboard.press('Enter');
  const codes = page.getByRole('region', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[a-z0-9x]{4}-[a-z0-9x]{4}-[a-z0-9x]{4}$/);
  await looks(page, 'recovery-codes', 375);
  await looks(page, 'recovery-codes', 1280);

  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  // The passkey she just made signed this browser in with it: the diary opens.
  await expect(page).toHaveURL(/\/practice$/);
  await expect(page.getByRole('heading', { name: STEP })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: /Diary/ })).toBeVisible();

  // Shown once: the page now lists the passkey and counts the codes, never shows them.
  await page.goto('/account/passkeys');
  await expect(page.getByText('Recovery codes left: 10.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your recovery codes' })).toHaveCount(0);
  await looks(page, 'passkeys-page', 375);

  // The link works once.
  await page.goto(`/account/passkeys?token=${token}`);
  await expect(page.getByRole('button', { name: 'Add another passkey' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add a passkey on this device' })).toHaveCount(0);
});

test('the page opens on the stored session; a passkey added before the identity SDK has restored it waits for the SDK, then is added', async ({
  page,
}) => {
  const user = await createUser({ verified: true, label: 'passkey-early' });
  await virtualAuthenticator(page);
  await signIn(page, user, '/');
  const lookup = await holdIdentityLookup(page);
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/account/passkeys');
  // The list, as the stored session reads it: the SDK's check of the session still to come.
  const add = page.getByRole('button', { name: 'Add a passkey on this device' });
  await expect(add).toBeVisible();
  await expect.poll(lookup.count).toBe(1);
  await add.click();
  // The act works through the SDK (its sign-in with the new passkey): it waits for the SDK's
  // word on the session, nothing asked of the API meanwhile.
  await expect(add).toBeDisabled();
  await page.waitForTimeout(300);
  expect(asked.filter((path) => path.startsWith('/api/passkeys/registration'))).toEqual([]);
  lookup.release();
  await expect(page.getByRole('status')).toHaveText('Your passkey is added.');
  await expect(page.locator('.passkey-list li')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Add another passkey' })).toBeEnabled();
});

/** Presses Enter on a control reached by focus, as a keyboard user would. */
async function pressWithKeyboard(page: Page, name: string) {
  const control = page.getByRole('button', { name, exact: true });
  await control.focus();
  await expect(control).toBeFocused();
  await page.keyboard.press('Enter');
}

test('after "Sign out everywhere" she reviews her passkeys; one she removes no longer signs in, and her sessions end', async ({
  page,
  expectProblems,
}) => {
  // Two sign-ins, a sign-out everywhere, a log-in and a removal: longer than one page's test.
  test.slow();
  const user = await createUser({ verified: true, label: 'review' });
  await grantPractitioner(user.uid);
  // This browser holds a passkey of hers ("Test browser"); her first, made from the link, is
  // kept elsewhere ("A browser": the one she will not recognise).
  await signIn(page, user, '/account/passkeys');
  const passkeys = page.locator('.passkey-list li');
  await expect(passkeys).toHaveCount(2);
  const elsewhere = await passkeyIdToken(user.uid);

  await pressWithKeyboard(page, 'Sign out everywhere');
  await pressWithKeyboard(page, 'Yes, sign out everywhere');
  await expect(page).toHaveURL(/\/login$/);
  forgetPasskeySignIn(user.uid);
  // Every session ended: the one elsewhere too.
  const after = await fetch(`${new URL(page.url()).origin}/api/passkeys`, {
    headers: { Authorization: `Bearer ${elsewhere}` },
  });
  expect(after.status).toBe(401);

  // Back with her password, she lands on the review: each passkey, when added and last used.
  await logIn(page, user, '');
  await expect(page).toHaveURL(/\/account\/passkeys$/);
  const review = page.getByRole('region', { name: 'Check your passkeys' });
  await expect(review).toContainText('remove any you do not recognise');
  await expect(passkeys).toHaveCount(2);
  await expect(passkeys.first().locator('strong')).toHaveText('A browser');
  await expect(passkeys.first().locator('.passkey-when')).toHaveText(
    /^Added \d{1,2} \w+ \d{4}, last used \d{1,2} \w+ \d{4}(,| at) \d{2}:\d{2}$/,
  );
  await looks(page, 'passkey-review', 375);
  await looks(page, 'passkey-review', 1280);

  // She removes the one she does not recognise: her password alone is not enough, so this
  // browser's passkey confirms it (asked once), and the page says what happened.
  expectProblems(/response 403: .*\/api\/passkeys\/[^/]+$/);
  await pressWithKeyboard(page, 'Remove A browser');
  await pressWithKeyboard(page, 'Yes, remove it');
  await expect(page.getByRole('status')).toContainText(
    'A browser is removed: it no longer signs in, and every other session of your account has ended.',
  );
  await expect(passkeys).toHaveCount(1);
  await expect(passkeys.first()).toContainText('Test browser');
  // The passkey she removed signs in no more.
  await expect(passkeyIdToken(user.uid)).rejects.toThrow(/not registered here/);

  await pressWithKeyboard(page, 'These passkeys are all mine');
  await expect(review).toHaveCount(0);
  await expect(page.getByRole('status')).toContainText('your passkeys are as you left them');
  // This browser is still signed in, with its passkey: the diary opens.
  await page.goto('/practice');
  await expect(page.getByRole('heading', { level: 1, name: /Diary/ })).toBeVisible();
});

signedIn(
  'she renews her recovery codes: ten new ones, shown once, after she confirms',
  async ({ page, signedInPractitioner }) => {
    signedIn.slow();
    expect(signedInPractitioner.uid).toBeTruthy();
    await page.goto('/account/passkeys');
    await expect(page.getByText('Recovery codes left: 10.')).toBeVisible();
    await pressWithKeyboard(page, 'Renew recovery codes');
    await expect(page.getByText('Your codes now stop working at once')).toBeVisible();
    await looks(page, 'renew-codes-asked', 375);
    await pressWithKeyboard(page, 'Yes, renew my codes');
    const codes = page.getByRole('region', { name: 'Your recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(codes.first()).toHaveText(/^[a-z0-9x]{4}-[a-z0-9x]{4}-[a-z0-9x]{4}$/);
    await looks(page, 'renewed-codes', 1280);
    await pressWithKeyboard(page, 'I have saved my codes');
    // She stays on her passkeys page; the codes are not shown again.
    await expect(page).toHaveURL(/\/account\/passkeys$/);
    await expect(page.getByText('Recovery codes left: 10.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your recovery codes' })).toHaveCount(0);
  },
);

signedIn(
  'after half an hour without a practice request the server asks for her passkey, and the page shows the passkey step',
  async ({ page, signedInPractitioner, expectProblems }) => {
    signedIn.slow();
    await page.goto('/practice');
    await expect(page.getByRole('heading', { level: 1, name: /Diary/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Her sign-in's last practice request, moved back past the server's limit (the e2e stack's
    // seeding route: the server runs on the wall clock).
    const moved = await apiAs<{ moved: number }>(
      signedInPractitioner,
      '/api/seeding/practice-idle',
      {
        method: 'POST',
      },
    );
    expect(moved.status).toBe(200);
    expect(moved.body?.moved).toBeGreaterThan(0);

    // The page's first reads are refused; the passkey step then takes the page's place, and a
    // read of the page still in flight is dropped with it (asked again once she has confirmed).
    expectProblems(
      /response 403: .*\/api\/practice\//,
      /request failed: .*\/api\/practice\/payments net::ERR_ABORTED$/,
    );
    const refused = page.waitForResponse(
      (response) => response.status() === 403 && /\/api\/practice\//.test(response.url()),
    );
    await page.goto('/practice/payments');
    expect((await refused).headers()['content-type']).toMatch(/problem\+json/);
    await expect(page.getByRole('heading', { name: STEP })).toBeVisible();
    await expectNoAxeViolations(page, 'the passkey step after the server’s idle refusal');
    await pressWithKeyboard(page, 'Use my passkey');
    await expect(page.getByRole('heading', { name: STEP })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: /Payments/ })).toBeVisible();
  },
);
