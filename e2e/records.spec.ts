/**
 * What a client may ask of their record, and what a deleted account leaves (issue 37), on the
 * production build.
 *
 * A notes request goes through the real API end to end. A retained record needs a session that has
 * been held, which the e2e stack's server (on the wall clock, booking only ahead of it) cannot
 * have: the retained-records screens are drawn from answers that keep to shared/records-api.ts
 * (each parsed with its schema), as e2e/session-notes.spec.ts does for notes. The server's side of
 * both is tested in functions/src/account/deletion.test.ts on PGlite and PostgreSQL.
 */
import type { Locator, Page } from '@playwright/test';
import * as v from 'valibot';
import { RetainedRecordSchema, RetainedRecordsSchema } from '../shared/records-api';
import { makePractitioner } from './support/bookings';
import { createUser } from './support/emulator';
import { expect, test } from './support/fixtures';
import { signIn } from './support/signed-in';
import { expectNoAxeViolations } from './support/axe';
import { steadyNativeControls } from './support/screenshots';

/** Presses Tab until `target` has the focus (keyboard alone), or fails. */
async function tabTo(page: Page, target: Locator) {
  for (let press = 0; press < 80; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'no sideways scrolling').toBe(0);
}

test('a client asks for their session notes, the practitioner releases them, the client downloads them', async ({
  page,
  newContext,
}) => {
  const client = await createUser({ verified: true, label: 'notes-ask' });
  const practitioner = await createUser({ verified: true, label: 'notes-practitioner' });
  await makePractitioner(practitioner);

  await signIn(page, client, '/account/data');
  await page.setViewportSize({ width: 375, height: 812 });
  const notes = page.getByRole('region', { name: 'Your session notes' });
  const ask = notes.getByRole('button', { name: 'Ask for my session notes' });
  // The first call to the API may meet its cold start (the embedded database opening).
  await expect(ask).toBeVisible({ timeout: 30_000 });
  await expect(notes).toContainText('releases them within one month');
  await expectNoAxeViolations(page, 'my data, notes not yet asked for, 375 px');
  await expectNoSidewaysScroll(page);
  // Keyboard alone.
  await tabTo(page, ask);
  await page.keyboard.press('Enter');
  await expect(notes).toContainText(/The practitioner will answer by \w+ \d+ \w+ \d{4}/);
  await expect(ask).toHaveCount(0);

  const practice = await (await newContext()).newPage();
  await signIn(practice, practitioner, '/practice/notes-requests');
  // Every open request is listed (other tests' too): this client's by their email address.
  const request = practice.getByRole('region').filter({ hasText: client.email });
  await expect(request).toBeVisible({ timeout: 30_000 });
  await expect(request).toContainText(/Answer by \w+ \d+ \w+ \d{4}\./);
  await expectNoAxeViolations(practice, 'notes requests, one open');
  await request.getByRole('button', { name: 'Release notes' }).click();
  // Asked first: releasing cannot be undone.
  await expect(request).toContainText('This cannot be undone.');
  await request.getByRole('button', { name: 'Yes, release them' }).click();
  await expect(practice.getByRole('status')).toHaveText('Released 0 notes to Test Visitor.');
  await expect(practice.getByRole('listitem').filter({ hasText: client.email })).toContainText(
    'released',
  );
  await practice.close();

  await page.reload();
  await expect(notes).toContainText(/Released \w+ \d+ \w+ \d{4}/, { timeout: 30_000 });
  const downloading = page.waitForEvent('download');
  await notes.getByRole('button', { name: 'Download my session notes (JSON)' }).click();
  const download = await downloading;
  const saved = JSON.parse(
    await (
      await download.createReadStream()
    )
      .toArray()
      .then((parts) => Buffer.concat(parts).toString()),
  ) as { releasedAt: string; notes: unknown[] };
  expect(saved.releasedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  expect(saved.notes).toEqual([]);
});

const RETAINED = v.parse(RetainedRecordsSchema, {
  records: [
    {
      client: { uid: 'client-rowan', name: 'Rowan Left', email: 'rowan@example.test' },
      lastSessionAt: '2027-02-22T10:00:00.000Z',
      keptUntil: '2034-02-22T10:00:00.000Z',
      accountDeletedAt: '2027-03-01T09:00:00.000Z',
    },
  ],
});
const RECORD = v.parse(RetainedRecordSchema, {
  ...RETAINED.records[0],
  intake: null,
  questionnaires: [],
  outcomes: [],
  notes: [
    {
      bookingId: '',
      start: '2027-02-22T10:00:00.000Z',
      serviceName: 'Individual Therapy',
      text: 'Low mood; <b>sleep</b> better.',
      status: 'signed',
      signedAt: '2027-02-22T11:00:00.000Z',
      addenda: [],
    },
  ],
  riskFollowUps: [],
});

for (const width of [375, 1280] as const) {
  test(`the practitioner finds a deleted account's record under retained records, read-only, at ${width} px`, async ({
    page,
  }) => {
    const practitioner = await createUser({ verified: true, label: `retained-${width}` });
    await makePractitioner(practitioner);
    await page.route('**/api/practice/retained-records', (route) =>
      route.fulfill({ json: RETAINED }),
    );
    await page.route('**/api/practice/retained-records/client-rowan', (route) =>
      route.fulfill({ json: RECORD }),
    );
    await page.setViewportSize({ width, height: 812 });
    await signIn(page, practitioner, '/practice');
    const link = page.getByRole('link', { name: 'Retained records' });
    await expect(link).toBeVisible({ timeout: 30_000 });
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/practice/retained-records');
    const rowan = page.getByRole('link', { name: 'Rowan Left' });
    await expect(rowan).toBeVisible();
    await expect(page.getByRole('listitem').filter({ has: rowan })).toContainText(
      'Account deleted Monday 1 March 2027; last session Monday 22 February 2027; kept until Wednesday 22 February 2034.',
    );
    await expectNoAxeViolations(page, `retained records at ${width} px`);
    await expectNoSidewaysScroll(page);
    await tabTo(page, rowan);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/practice/retained-records/client-rowan');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Rowan Left’s retained record',
    );
    await expect(page.getByText('Low mood; <b>sleep</b> better.')).toBeVisible();
    // Read-only: nothing on the page changes the record.
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.locator('main').getByRole('button')).toHaveCount(0);
    await expectNoAxeViolations(page, `a retained record at ${width} px`);
    await expectNoSidewaysScroll(page);
    await steadyNativeControls(page);
    await expect(page).toHaveScreenshot(`retained-record-${width}.png`, { fullPage: true });
  });
}
