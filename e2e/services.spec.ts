import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const valid = {
  id: 1,
  name: 'Individual Therapy',
  price: 240,
  session: 4,
  minutes: 50,
  description: 'Weekly sessions.',
  img: '/images/services/individual.webp',
};

async function serveServices(page: Page, body: string, status = 200) {
  await page.route('**/service.json', (route) =>
    route.fulfill({ status, contentType: 'application/json', body }),
  );
}

const services = (page: Page) => page.locator('.services-grid > li');
const failure = (page: Page) => page.getByRole('alert');

test.describe('service.json faults', () => {
  test('missing (404): a clear message and a Retry that recovers', async ({
    page,
    expectProblems,
  }) => {
    expectProblems(/404/);
    let calls = 0;
    await page.route('**/service.json', async (route) => {
      calls += 1;
      if (calls === 1) await route.fulfill({ status: 404, body: 'not found' });
      else await route.continue();
    });
    await page.goto('/');
    await expect(failure(page)).toContainText('The services list is unavailable (HTTP 404).');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(services(page)).toHaveCount(6);
    await expect(failure(page)).toHaveCount(0);
  });

  test('unreachable: a clear message', async ({ page, expectProblems }) => {
    expectProblems(/service\.json/);
    await page.route('**/service.json', (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await expect(failure(page)).toContainText('could not be reached');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  test('slow: a loading state, then the list', async ({ page }) => {
    await page.route('**/service.json', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: 'Loading services' })).toBeVisible();
    await expect(services(page)).toHaveCount(6, { timeout: 15_000 });
  });

  test('too slow: gives up after 10 s with a message', async ({ page, expectProblems }) => {
    expectProblems(/service\.json/);
    await page.route('**/service.json', () => undefined); // never answers
    await page.goto('/');
    await expect(failure(page)).toContainText('took too long', { timeout: 15_000 });
  });

  test('not JSON', async ({ page }) => {
    await serveServices(page, '<html>oops</html>');
    await page.goto('/');
    await expect(failure(page)).toContainText('could not be read');
  });

  test('not a list', async ({ page }) => {
    await serveServices(page, JSON.stringify({ services: [valid] }));
    await page.goto('/');
    await expect(failure(page)).toContainText('could not be read');
  });

  test('an empty list', async ({ page }) => {
    await serveServices(page, '[]');
    await page.goto('/');
    await expect(failure(page)).toContainText('No services are available');
  });

  test('invalid entries are skipped with one warning; valid ones render', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await serveServices(
      page,
      JSON.stringify([
        valid,
        { ...valid, id: 2, price: 'free' },
        { id: 3, name: 'No price' },
        null,
        { ...valid, id: 4, name: 'Second valid', session: 2 },
        { ...valid, id: 1, name: 'Duplicate id' },
      ]),
    );
    await page.goto('/');
    await expect(services(page)).toHaveCount(2);
    await expect(services(page).nth(1)).toContainText('Second valid');
    await expect(services(page).nth(1)).toContainText('Appointment: 2 per month.');
    await expect.poll(() => warnings.filter((w) => w.includes('invalid service')).length).toBe(1);
    expect(warnings.find((w) => w.includes('invalid service'))).toContain('4 invalid');
  });

  test('hostile text renders as text and unsafe images become a placeholder', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await serveServices(
      page,
      JSON.stringify([
        {
          ...valid,
          name: '<img src=x onerror=alert(1)>',
          description: '<script>alert(2)</script>',
        },
        { ...valid, id: 2, name: 'Script image', img: 'javascript:alert(3)' },
        { ...valid, id: 3, name: 'Protocol-relative', img: '//evil.example/x.png' },
        { ...valid, id: 4, name: 'Data image', img: 'data:image/svg+xml,<svg onload=alert(4)>' },
      ]),
    );
    await page.goto('/');
    await expect(services(page)).toHaveCount(4);
    await expect(services(page).first().getByRole('heading')).toHaveText(
      '<img src=x onerror=alert(1)>',
    );
    await expect(services(page).first()).toContainText('<script>alert(2)</script>');
    for (const index of [1, 2, 3]) {
      await expect(services(page).nth(index).locator('img')).toHaveAttribute(
        'src',
        '/images/service-placeholder.svg',
      );
    }
    await expect(page.locator('.services-grid script, .services-grid img[src="x"]')).toHaveCount(0);
    expect(dialogs).toBe(0);
  });
});
