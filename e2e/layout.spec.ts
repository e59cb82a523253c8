/**
 * Layouts a person found broken (issue 38), each at 375 and 1280 px: the client's record and the
 * session dialog with the longest payment badge, a partner's record (a score beside "None yet.",
 * a shared session's note), the diary's Sunday column, and "Your hours".
 *
 * The record and the diary are drawn from the visual fixtures (a fixed clock and fixed answers,
 * e2e/support/visual-data.ts); "Your hours" is the real API's default week.
 */
import type { Locator, Page } from '@playwright/test';
import { DAYS_OF_WEEK } from '../shared/time-words';
import { makePractitioner } from './support/bookings';
import { createUser } from './support/emulator';
import { expect, ready, test } from './support/fixtures';
import { signIn, signInForPictures } from './support/signed-in';
import { expectPicture, steadyNativeControls } from './support/screenshots';
import { answerApiFromFixtures } from './support/visual-api';
import { PARTNER_RECORD_UID, RECORD_CLIENT_UID, VISUAL_NOW } from './support/visual-data';
import { expectNoSidewaysScroll } from './support/layout';

const WIDTHS = [375, 1280] as const;
type Width = (typeof WIDTHS)[number];
const VIEWPORTS = {
  375: { width: 375, height: 812 },
  1280: { width: 1280, height: 800 },
} as const;

test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

/** The fixed clock and the fixture API, then a practitioner signed in at `width`. */
async function practitionerOnFixtures(page: Page, width: Width, key: string) {
  await page.clock.setFixedTime(new Date(VISUAL_NOW));
  await answerApiFromFixtures(page);
  await signInForPictures(page, `layout-${key}-${width}-${test.info().repeatEachIndex}`, {
    practitioner: true,
  });
  await page.setViewportSize(VIEWPORTS[width]);
}

async function settle(page: Page) {
  await ready(page);
  await expect(page.locator('.spinner-border').filter({ visible: true })).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await steadyNativeControls(page);
}

/** How far `inner` reaches past the right edge of `outer`, in px (0 or less: inside). */
async function pastRightEdge(inner: Locator, outer: Locator) {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  if (!a || !b) throw new Error('not on screen');
  return a.x + a.width - (b.x + b.width);
}

async function openDiary(page: Page) {
  await page.goto('/practice');
  await expect(page.getByRole('heading', { name: /^Week of Monday 1 March 2027/ })).toBeVisible();
}

for (const width of WIDTHS) {
  test(`the client's record with a "Paid to …" badge does not scroll sideways at ${width} px`, async ({
    page,
  }) => {
    await practitionerOnFixtures(page, width, 'record');
    await page.goto(`/practice/clients/${RECORD_CLIENT_UID}`);
    const payments = page.getByRole('region', { name: 'Payments' });
    await expect(payments).toContainText('Payment: Paid to Sunday 28 March 2027');
    await settle(page);
    await expectNoSidewaysScroll(page);
    // Whole once scrolled down to: nothing of it is cut off at the side.
    await payments.locator('.payment-badge').scrollIntoViewIfNeeded();
    await expect(payments.locator('.payment-badge')).toBeInViewport({ ratio: 1 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectPicture(page, `record-payments-${width}.png`, { fullPage: true });
  });

  test(`a partner's record: another PHQ-9 beside a score, never beside "None yet.", and the shared note at ${width} px`, async ({
    page,
  }) => {
    await practitionerOnFixtures(page, width, 'partner');
    await page.goto(`/practice/clients/${PARTNER_RECORD_UID}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pat Lee’s record');
    const phq = page.getByRole('region', { name: 'PHQ-9: depression' });
    await expect(phq.getByRole('button', { name: 'Ask for another PHQ-9 today' })).toBeVisible();
    const gad = page.getByRole('region', { name: 'GAD-7: anxiety' });
    await expect(gad.getByText('None yet.')).toBeVisible();
    await expect(gad.getByRole('button')).toHaveCount(0);
    // The couple's session Jordan booked: its note is on Pat's record too.
    const sessions = page.getByRole('region', { name: 'Bookings' }).getByRole('listitem');
    await expect(sessions.first()).toContainText('(booked by Jordan Lee), with Pat Lee (joined)');
    await expect(sessions.first()).toContainText(
      'Session note: signed Tuesday 23 February 2027 (the session’s note, on the record of everyone in the room)',
    );
    await expect(sessions.nth(1)).not.toContainText('Session note');
    // She opens the note from here (the session's tools load on their own).
    await expect(
      sessions.first().getByRole('button', { name: /^Note and attendance/ }),
    ).toBeVisible();
    // A date in the score table wraps between words, never inside one ("Monda / y").
    const split = await phq
      .getByRole('cell', { name: 'Monday 22 February 2027' })
      .evaluate((cell) => {
        const text = cell.firstChild as Text;
        const words = [...(text.textContent ?? '').matchAll(/\S+/g)];
        return words
          .filter((word) => {
            const range = document.createRange();
            range.setStart(text, word.index);
            range.setEnd(text, word.index + word[0].length);
            return range.getClientRects().length > 1;
          })
          .map((word) => word[0]);
      });
    expect(split, 'words broken across lines').toEqual([]);
    await settle(page);
    await expectNoSidewaysScroll(page);
    await expectPicture(page, `record-partner-${width}.png`, { fullPage: true });
  });

  test(`the session dialog shows its whole date line and payment badge at ${width} px`, async ({
    page,
  }) => {
    await practitionerOnFixtures(page, width, 'dialog');
    await openDiary(page);
    await page
      .getByRole('button', { name: /Jordan Lee/ })
      .filter({ visible: true })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /with Jordan Lee/ });
    await expect(dialog).toContainText('Payment: Paid to Sunday 28 March 2027');
    await settle(page);
    const body = dialog.locator('.modal-body');
    const when = dialog.locator('dd').filter({ hasText: 'UK time' });
    const badge = dialog.locator('.payment-badge');
    expect(
      await pastRightEdge(when, body),
      'the date line ends inside the dialog',
    ).toBeLessThanOrEqual(0);
    expect(
      await pastRightEdge(badge, body),
      'the badge ends inside the dialog',
    ).toBeLessThanOrEqual(0);
    await expectPicture(page, `session-dialog-paid-${width}.png`);
  });

  test(`the diary's Sunday card stays inside the week at ${width} px`, async ({ page }) => {
    await practitionerOnFixtures(page, width, 'sunday');
    await openDiary(page);
    const sunday = page
      .getByRole('button', { name: /Chris Evans/ })
      .filter({ visible: true })
      .filter({ hasText: 'Unpaid' });
    await expect(sunday).toBeVisible();
    await settle(page);
    const week = width === 1280 ? page.locator('.week-grid') : page.locator('.day-list');
    expect(await pastRightEdge(sunday, week), 'the card ends inside the week').toBeLessThanOrEqual(
      0,
    );
    // The whole word shows, not "Unpai…": the badge ends inside its line, which clips.
    const badge = sunday.locator('.payment-badge');
    await expect(badge).toHaveText(/Unpaid$/);
    const line = sunday.locator('.event-status');
    expect(await pastRightEdge(badge, line), 'the payment badge is whole').toBeLessThanOrEqual(0);
    await expectPicture(page, `diary-sunday-${width}.png`, { fullPage: true });
  });

  test(`"Your hours" lines up every open day's times at ${width} px`, async ({ page }) => {
    const practitioner = await createUser({ verified: true, label: `layout-hours-${width}` });
    await makePractitioner(practitioner);
    await page.setViewportSize(VIEWPORTS[width]);
    await signIn(page, practitioner, '/practice');
    await page.getByRole('button', { name: 'Your hours', exact: true }).click();
    const form = page.getByRole('form', { name: 'Your hours' });
    const days = form.getByRole('group', { name: 'Working days' });
    // Every day open, so every row has its two times.
    for (const day of DAYS_OF_WEEK)
      await days.getByRole('checkbox', { name: `${day}: open` }).check();
    await settle(page);
    const lefts = async (label: 'start' | 'end') =>
      Promise.all(
        DAYS_OF_WEEK.map(async (day) =>
          Math.round((await form.getByLabel(`${day} ${label}`).boundingBox())!.x),
        ),
      );
    const starts = await lefts('start');
    const ends = await lefts('end');
    expect(new Set(starts).size, `start times in one column: ${starts.join(', ')}`).toBe(1);
    expect(new Set(ends).size, `end times in one column: ${ends.join(', ')}`).toBe(1);
    await expectPicture(days, `hours-days-${width}.png`);
  });
}
