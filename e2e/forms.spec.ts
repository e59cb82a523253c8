/**
 * Forms a person can finish (issue 26): the intake's error summary and per-field errors, and the
 * privacy notice reached from the footer.
 */
import type { Locator, Page } from '@playwright/test';
import { apiAs } from './support/bookings';
import { createUser, type TestUser } from './support/emulator';
import { expect, test } from './support/fixtures';
import { signIn } from './support/signed-in';
import { expectNoAxeViolations } from './support/axe';

/** Presses Tab until `target` has the focus (keyboard alone), or fails. */
async function tabTo(page: Page, target: Locator) {
  for (let press = 0; press < 120; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

const cleanUp: TestUser[] = [];
// Deleting the account signs its open page out: the page goes first.
test.afterEach(async ({ closeEveryPage }) => {
  // A page still open could ask for an account about to be deleted: every page goes first.
  await closeEveryPage();
  for (const user of cleanUp.splice(0)) {
    await apiAs(user, '/api/account/deletion', { method: 'POST' });
  }
});

test('an empty intake lists its problems at the top, each under its field, and loses nothing typed', async ({
  page,
  expectProblems,
}) => {
  expectProblems(/response 404: .*\/api\/intake$/);
  const client = await createUser({ verified: true, label: 'forms-intake' });
  cleanUp.push(client);
  await signIn(page, client, '/account/intake');
  await expect(page.getByLabel('Date of birth')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'privacy notice', exact: true })).toHaveAttribute(
    'href',
    '/privacy',
  );

  // Two fields typed, the rest left empty.
  await page.getByLabel('Home address').fill('3 Elm Row\nBristol BS2 8AA');
  await page.getByLabel('GP surgery').fill('Elm Row Surgery');
  await page.getByRole('button', { name: 'Save' }).click();

  const summary = page.getByRole('region', { name: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Fill in your date of birth.',
    'Fill in your phone number.',
    'Fill in your GP’s name.',
    'Fill in your emergency contact’s name.',
    'Fill in how you know your emergency contact.',
    'Fill in your emergency contact’s phone number.',
    'Tick to agree to counselling.',
    'Tick to agree to the confidentiality terms.',
    'Tick to agree to the cancellation terms.',
  ]);

  // Each error is under its own field and is read with it; the fields filled in have none.
  await expect(page.getByLabel('Date of birth')).toHaveAccessibleDescription(
    'Error: Fill in your date of birth.',
  );
  await expect(page.getByLabel('GP’s name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('GP’s name')).toHaveAccessibleDescription(
    'Error: Fill in your GP’s name.',
  );
  await expect(
    page.getByLabel('I consent to counselling on these terms.'),
  ).toHaveAccessibleDescription('Error: Tick to agree to counselling.');
  await expect(page.getByLabel('GP surgery')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#intake-address-error')).toHaveCount(0);
  // Nothing by the Save button any more.
  await expect(page.getByRole('status')).toHaveText('');

  // Nothing typed is lost.
  await expect(page.getByLabel('Home address')).toHaveValue('3 Elm Row\nBristol BS2 8AA');
  await expect(page.getByLabel('GP surgery')).toHaveValue('Elm Row Surgery');

  // A link in the summary moves the focus to its field, by mouse and by keyboard.
  await summary.getByRole('link', { name: 'Fill in your GP’s name.' }).click();
  await expect(page.getByLabel('GP’s name')).toBeFocused();
  await summary.focus();
  await page.keyboard.press('Tab');
  await expect(summary.getByRole('link', { name: 'Fill in your date of birth.' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Date of birth')).toBeFocused();
  await summary.getByRole('link', { name: 'Tick to agree to the cancellation terms.' }).click();
  await expect(page.getByLabel(/cancellation terms/)).toBeFocused();
  await expectNoAxeViolations(page, 'intake with errors');

  // Fixing some fields and saving again: the summary keeps only what is left, and takes focus again.
  await page.getByLabel('GP’s name').fill('Dr Hollis');
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link').first()).toHaveText('Fill in your phone number.');
  await expect(summary.getByRole('link', { name: 'Fill in your GP’s name.' })).toHaveCount(0);
  await expect(page.getByLabel('GP’s name')).toHaveValue('Dr Hollis');
});

for (const width of [375, 1280] as const) {
  test(`the privacy notice at ${width} px: reached from the footer by keyboard, axe-clean`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Me' })).toBeVisible();
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' });
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
    for (const text of [
      'Article 6(1)(b)',
      'Article 9(2)(h)',
      'Schedule 1, Part 1, paragraph 2',
      'ico.org.uk',
      'kept for 7 years from your last session',
      'Stripe',
    ]) {
      await expect(page.getByRole('main')).toContainText(text);
    }
    await expect(page.getByRole('heading', { level: 2, name: 'Your rights' })).toBeVisible();
    await expectNoAxeViolations(page, `privacy notice at ${width} px`);
  });
}

test('registration links to the privacy notice', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('main').getByRole('link', { name: 'privacy notice' }).click();
  await expect(page).toHaveURL('/privacy');
});
