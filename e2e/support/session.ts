import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import type { TestUser } from './emulator';

/** Signs in through the real login form and waits until the navbar knows it. */
export async function logIn(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
  from = '/login',
) {
  if (from) await page.goto(from);
  await page.getByLabel('Email address', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(logOutButton(page)).toBeVisible();
  // Signed in, the visitor is taken on. The router keeps the log-in page on screen while the next
  // page's code loads, so wait until that page itself is shown.
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Please Log In' })).toHaveCount(0);
}

export const logOutButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log Out' });

export const logInLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log In' });

export const errorText = (page: Page) => page.locator('.auth-error');

/** Spec section 8: the error line is red, bold and centred, as the visitor sees it. */
export async function expectSpecErrorLine(line: Locator) {
  const style = await line.evaluate((element) => {
    const computed = getComputedStyle(element);
    return {
      colour: computed.color,
      weight: Number(computed.fontWeight),
      align: computed.textAlign,
      // How far the text's middle sits from the middle of the line's box.
      offCentre: (() => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const text = range.getBoundingClientRect();
        const box = element.getBoundingClientRect();
        return Math.abs(text.left + text.right - (box.left + box.right)) / 2;
      })(),
    };
  });
  const [red = 0, green = 0, blue = 0] = (style.colour.match(/[\d.]+/g) ?? []).map(Number);
  expect(red, `${style.colour} is red`).toBeGreaterThan(Math.max(green, blue) * 2);
  expect(red, `${style.colour} is red`).toBeGreaterThan(120);
  expect(style.weight, 'bold').toBeGreaterThanOrEqual(700);
  expect(style.align, 'centred').toBe('center');
  expect(style.offCentre, 'text centred in its line').toBeLessThan(2);
}

export const toast = (page: Page, text: string) =>
  page.locator('.Toastify__toast').filter({ hasText: text });
