import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { createUser } from './support/emulator';
import { expect, test } from './support/fixtures';
import { enrolmentLink, virtualAuthenticator } from './support/passkeys';
import { expectPicture } from './support/screenshots';
import { signIn } from './support/signed-in';

const STEP = 'Confirm it is you with your passkey';

/** Her page at a width, then axe and the picture. */
async function looks(page: Page, name: string, width: 375 | 1280) {
  await page.setViewportSize({ width, height: 900 });
  await expectNoAxeViolations(page, `${name} at ${width} px`);
  await expectPicture(page, `${name}-${width}.png`, {
    fullPage: true,
    // The codes are new each time; their place and number are what the picture shows.
    mask: [page.locator('.recovery-codes li'), page.locator('.passkey-list li')],
  });
}

test('she enrols from the printed link, sees her ten recovery codes once, then password and passkey open the diary', async ({
  page,
}) => {
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
