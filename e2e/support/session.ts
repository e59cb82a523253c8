import type { Page } from '@playwright/test';
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
}

export const logOutButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log Out' });

export const logInLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log In' });

export const errorText = (page: Page) => page.locator('.auth-error');

export const toast = (page: Page, text: string) =>
  page.locator('.Toastify__toast').filter({ hasText: text });
