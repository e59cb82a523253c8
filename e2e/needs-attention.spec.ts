import type { Page } from '@playwright/test';
import type { GivenUpItem } from '../shared/given-up-api';
import { makePractitioner } from './support/bookings';
import { createUser } from './support/emulator';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { expectPicture } from './support/screenshots';
import { toast } from './support/session';
import { signIn } from './support/signed-in';

/**
 * Needs your attention: what the system gave up on (a refund Stripe never answered, an email that
 * could not be delivered), at the top of her diary, by keyboard at both widths. A refund is given
 * up only after days of retries, an email after a day: the list and its actions are stood in for
 * here (the API's own tests, functions/src/diary/given-up-*.test.ts, run the real thing).
 */
const WIDTHS = [375, 1280] as const;
const HOSTILE = '<img src=x onerror=alert(1)>';

const refund: GivenUpItem = {
  kind: 'reaction',
  id: '00000000-0000-4000-8000-0000000000a1',
  givenUpAt: '2027-03-08T10:15:00Z',
  what: `Refund of £60.00 for the session on Thu 4 Mar at 10:00 for ${HOSTILE}`,
  why: 'the card payment service did not answer; given up after 8 tries.',
  tries: 8,
};
const email: GivenUpItem = {
  kind: 'email',
  id: '00000000-0000-4000-8000-0000000000b2',
  givenUpAt: '2027-03-02T09:00:00Z',
  what: 'The confirmation email to jo@example.com',
  why: 'it could not be delivered; given up after 30 tries.',
  tries: 30,
};

/** The given-up list as the server would keep it: Try again empties it, dealt-with hides one. */
async function standIn(page: Page) {
  let listed = [refund, email];
  const asked: string[] = [];
  await page.route(
    (url) => url.pathname.startsWith('/api/practice/given-up'),
    (route) => {
      const request = route.request();
      const path = new URL(request.url()).pathname;
      if (request.method() === 'GET') return route.fulfill({ json: { items: listed } });
      asked.push(`${request.method()} ${path}`);
      const id = path.split('/')[5];
      const item = [refund, email].find((each) => each.id === id);
      if (!item) return route.fulfill({ status: 404, json: {} });
      if (path.endsWith('/try-again')) {
        listed = listed.filter((each) => each.id !== id);
        return route.fulfill({ json: { outcome: item.kind === 'email' ? 'sending' : 'done' } });
      }
      if (request.method() === 'POST') listed = listed.filter((each) => each.id !== id);
      else listed = [refund, email].filter((each) => each.id === id || listed.includes(each));
      return route.fulfill({ json: { dealtWith: request.method() === 'POST' } });
    },
  );
  return asked;
}

for (const width of WIDTHS) {
  test(`at ${width} px: she sees what was given up, tries a refund again and marks an email dealt with, by keyboard`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    const asked = await standIn(page);
    const practitioner = await createUser({ verified: true, label: `attention-${width}` });
    await makePractitioner(practitioner);
    await signIn(page, practitioner, '/practice');

    const section = page.getByRole('region', { name: 'Needs your attention' });
    const items = section.getByRole('listitem');
    await expect(items).toHaveCount(2);
    // A client's name is text, never markup.
    await expect(items.first()).toContainText(`${refund.what}: ${refund.why}`);
    await expect(section.locator('img')).toHaveCount(0);
    await expect(items.nth(1)).toContainText('Given up on Tuesday 2 March 2027 at 09:00.');
    await expectNoAxeViolations(page, `needs your attention at ${width} px`);
    await expectNoSidewaysScroll(page, `the diary with needs your attention at ${width} px`);
    await expectPicture(section, `needs-attention-${width}.png`);

    // Mark as dealt with asks first; Keep leaves it, Yes takes it off; Undo puts it back.
    const mark = items.nth(1).getByRole('button', { name: /^Mark as dealt with/ });
    await mark.focus();
    await page.keyboard.press('Enter');
    const yes = items.nth(1).getByRole('button', { name: 'Yes, it is dealt with' });
    await expect(yes).toBeFocused();
    await expect(items.nth(1)).toContainText('Mark this as dealt with?');
    await expectNoAxeViolations(page, `asking before dealt with at ${width} px`);
    await page.keyboard.press('Enter');
    await expect(toast(page, `Marked as dealt with: ${email.what}.`)).toBeVisible();
    await expect(items).toHaveCount(1);
    const undo = section.getByRole('button', { name: /^Undo/ });
    await expect(undo).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, `Back on your list: ${email.what}.`)).toBeVisible();
    await expect(items).toHaveCount(2);

    // Try again: done, said in a toast and read out.
    const again = items.first().getByRole('button', { name: /^Try again/ });
    await again.focus();
    await expect(again).toHaveAccessibleName(`Try again: ${refund.what.replace('R', 'r')}`);
    await page.keyboard.press('Enter');
    await expect(toast(page, `Done: ${refund.what}.`)).toBeVisible();
    await expect(page.locator('[aria-live="polite"].needs-attention-said')).toHaveText(
      `Done: ${refund.what}.`,
    );
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(email.what);
    expect(asked).toEqual([
      `POST /api/practice/given-up/email/${email.id}/dealt-with`,
      `DELETE /api/practice/given-up/email/${email.id}/dealt-with`,
      `POST /api/practice/given-up/reaction/${refund.id}/try-again`,
    ]);
  });
}

test('shows nothing when nothing was given up', async ({ page }) => {
  await page.route(
    (url) => url.pathname === '/api/practice/given-up',
    (route) => route.fulfill({ json: { items: [] } }),
  );
  const practitioner = await createUser({ verified: true, label: 'attention-none' });
  await makePractitioner(practitioner);
  await signIn(page, practitioner, '/practice');
  await expect(page.getByRole('heading', { level: 1, name: 'Diary' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Waiting list' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Needs your attention' })).toHaveCount(0);
});
