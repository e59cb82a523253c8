import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, ready, test } from '../support/fixtures';

// The dev server runs React itself, so an edit to a component is swapped in by Fast Refresh: the
// page shows it without reloading, and what the visitor typed stays.
const loginRoute = fileURLToPath(new URL('../../src/app/routes/login.tsx', import.meta.url));

test('an edited component shows on the open page, which keeps its state', async ({ page }) => {
  await page.goto('/login');
  await ready(page);
  const email = page.getByLabel('Email address', { exact: true });
  await email.fill('kept@example.com');
  // A reload would forget this.
  await page.evaluate(() => Object.assign(window, { __notReloaded: true }));

  const original = fs.readFileSync(loginRoute, 'utf8');
  expect(original).toContain('>Please Log In<');
  try {
    fs.writeFileSync(loginRoute, original.replace('>Please Log In<', '>Please Log In Here<'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Please Log In Here');
    await expect(email).toHaveValue('kept@example.com');
    expect(await page.evaluate(() => '__notReloaded' in window)).toBe(true);
  } finally {
    fs.writeFileSync(loginRoute, original);
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Please Log In');
  await expect(email).toHaveValue('kept@example.com');
});
