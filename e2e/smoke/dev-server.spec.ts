import type { Page } from '@playwright/test';
import { createUser } from '../support/emulator';
import { expect, ready, test } from '../support/fixtures';
import { SMOKE } from '../support/ports';
import { ROUTES, UNKNOWN_PATH } from '../support/routes';
import { logIn, logInLink, logOutButton } from '../support/session';

// Every route of the dev server (`npm start`) renders, signed out and signed in, without a console
// error or page error (the fixture) and without a console warning (below).

function failOnWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  return warnings;
}

async function expectRendered(page: Page, path: string) {
  await page.goto(path);
  await ready(page);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  if (path === UNKNOWN_PATH) await expect(heading).toHaveText('404 Page Not Found');
}

for (const path of [...ROUTES, UNKNOWN_PATH]) {
  test(`${path} renders signed out`, async ({ page }) => {
    const warnings = failOnWarnings(page);
    await expectRendered(page, path);
    await expect(logInLink(page)).toBeVisible();
    expect(warnings, 'console warnings').toEqual([]);
  });

  test(`${path} renders signed in`, async ({ page, expectProblems }) => {
    // A new account has no intake yet: GET /api/intake answers 404, which the page reads as "none
    // yet". Whether the answer lands before the test ends is a race, so it is named, not hoped away.
    if (path === '/account/intake') expectProblems(/response 404: .*\/api\/intake$/);
    const warnings = failOnWarnings(page);
    const user = await createUser({ verified: true, label: 'smoke', stack: SMOKE });
    await logIn(page, user);
    await expectRendered(page, path);
    await expect(logOutButton(page)).toBeVisible();
    expect(warnings, 'console warnings').toEqual([]);
  });
}
