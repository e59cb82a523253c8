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
import {
  MyNotesSchema,
  PracticeNotesRequestsSchema,
  RetainedRecordSchema,
  RetainedRecordsSchema,
} from '../shared/records-api';
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

const NOTES = [
  {
    noteId: '0b7c4c4e-8c1e-4d7a-9a39-3f4f1c2b9d10',
    bookingId: '',
    start: '2027-02-22T10:00:00.000Z',
    serviceName: 'Individual Therapy',
    text: 'Sleep better; walking daily.',
    status: 'signed',
    signedAt: '2027-02-22T11:00:00.000Z',
    addenda: [{ text: 'Phoned to rearrange.', at: '2027-02-24T09:00:00.000Z' }],
  },
  {
    noteId: '1c8d5d5f-9d2f-4e8b-8b4a-4a5f2d3c0e21',
    bookingId: '',
    start: '2027-02-15T10:00:00.000Z',
    serviceName: 'Individual Therapy',
    text: 'Spoke of her sister’s illness.',
    status: 'signed',
    signedAt: '2027-02-15T11:00:00.000Z',
    addenda: [],
  },
];
const REQUESTS = v.parse(PracticeNotesRequestsSchema, {
  requests: [
    {
      id: '5e2f1a3b-7c4d-4e5f-8a9b-0c1d2e3f4a5b',
      receivedAt: '2027-02-26T09:00:00.000Z',
      dueOn: '2027-03-26',
      releasedAt: null,
      client: { uid: 'client-nia', name: 'Nia Asks', email: 'nia@example.test' },
      notes: NOTES,
      draftsLeftOut: 1,
      withheld: [],
    },
  ],
});
const RELEASED = v.parse(MyNotesSchema, {
  requests: [
    {
      id: '5e2f1a3b-7c4d-4e5f-8a9b-0c1d2e3f4a5b',
      receivedAt: '2027-02-26T09:00:00.000Z',
      dueOn: '2027-03-26',
      releasedAt: '2027-03-01T09:00:00.000Z',
    },
  ],
  releasedAt: '2027-03-01T09:00:00.000Z',
  notes: [
    { ...NOTES[0], withheld: false },
    { ...NOTES[1], withheld: true, text: '', addenda: [] },
  ].map(({ start, serviceName, signedAt, withheld, text, addenda }) => ({
    start,
    serviceName,
    signedAt,
    withheld,
    text,
    addenda,
  })),
});

for (const width of [375, 1280] as const) {
  test(`the practitioner reviews a notes request and withholds a note with its reason, at ${width} px`, async ({
    page,
  }) => {
    const practitioner = await createUser({ verified: true, label: `review-${width}` });
    await makePractitioner(practitioner);
    await page.route('**/api/practice/notes-requests', (route) =>
      route.fulfill({ json: REQUESTS }),
    );
    await page.setViewportSize({ width, height: 812 });
    await signIn(page, practitioner, '/practice/notes-requests');
    const request = page.getByRole('region', { name: 'Nia Asks' });
    await expect(request).toContainText('Answer by Friday 26 March 2027.', { timeout: 30_000 });
    await expect(request).toContainText('1 unsigned draft is never released.');
    const withhold = request.getByRole('checkbox').nth(1);
    await tabTo(page, withhold);
    await page.keyboard.press('Space');
    const release = request.getByRole('button', { name: 'Release notes' });
    await expect(release).toBeDisabled();
    await request
      .getByLabel('Why it is withheld (kept on the record)')
      .fill('Another person’s health.');
    await expect(release).toBeEnabled();
    await expectNoAxeViolations(page, `a notes request under review at ${width} px`);
    await expectNoSidewaysScroll(page);
    await steadyNativeControls(page);
    await expect(page).toHaveScreenshot(`notes-request-${width}.png`, { fullPage: true });
  });

  test(`a client reads their released notes, one withheld, at ${width} px`, async ({ page }) => {
    const client = await createUser({ verified: true, label: `released-${width}` });
    await page.route('**/api/account/notes', (route) => route.fulfill({ json: RELEASED }));
    await page.setViewportSize({ width, height: 812 });
    await signIn(page, client, '/account/data');
    const notes = page.getByRole('region', { name: 'Your session notes' });
    await expect(notes).toContainText('Sleep better; walking daily.', { timeout: 30_000 });
    await expect(notes).toContainText('This note is withheld under an exemption');
    await expect(notes).not.toContainText('sister');
    await expectNoAxeViolations(page, `released notes at ${width} px`);
    await expectNoSidewaysScroll(page);
    await steadyNativeControls(page);
    await expect(notes).toHaveScreenshot(`released-notes-${width}.png`);
  });
}
