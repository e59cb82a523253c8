/**
 * What a client may ask of their record, and what a deleted account leaves (issue 37), on the
 * production build.
 *
 * A notes request goes through the real API end to end, and so does an account deleted after the
 * identity provider asked to sign in again: the record is kept because a session was held, which
 * the stack's server (on the wall clock, booking only ahead of it) gives a test only through its
 * seeding route (functions/src/seeding/, on this stack alone). The retained record's page, with
 * notes and answers the stack cannot write into a kept record, is drawn from answers that keep to
 * shared/records-api.ts (each parsed with its schema), as e2e/session-notes.spec.ts does for notes.
 * The server's side of both is tested in functions/src/account/deletion.test.ts on PGlite and
 * PostgreSQL.
 */
import type { Locator, Page } from '@playwright/test';
import * as v from 'valibot';
import {
  MyNotesSchema,
  PracticeNotesRequestsSchema,
  RetainedRecordSchema,
  RetainedRecordsSchema,
} from '../shared/records-api';
import { AccountExportSchema } from '../shared/intake';
import { idTokenFor, makePractitioner, renameUser } from './support/bookings';
import { createUser } from './support/emulator';
import { expect, test } from './support/fixtures';
import { signIn } from './support/signed-in';
import { expectNoAxeViolations } from './support/axe';
import { E2E } from './support/ports';
import { toast } from './support/session';
import { expectPicture } from './support/screenshots';
import { expectNoSidewaysScroll } from './support/layout';

/** Presses Tab until `target` has the focus (keyboard alone), or fails. */
async function tabTo(page: Page, target: Locator) {
  for (let press = 0; press < 80; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
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
  // Her passkey within 5 minutes (she signed in with it just now): no second ask.
  await expect(request).toContainText('Your passkey is asked for if you last used it over 5');
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

/** "Wednesday 22 February 2034", as the site writes a day (src/lib/practice-time.ts). */
const dayWithYear = (instant: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  })
    .format(instant)
    .replace(',', '');

test('an account whose address is not verified yet is told to verify it before asking for its notes, and the page asks the API nothing it would refuse', async ({
  page,
}) => {
  const client = await createUser({ verified: false, label: 'notes-unverified' });
  const notesAsked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/account/notes'))
      notesAsked.push(request.url());
  });
  await signIn(page, client, '/account/data');
  await page.setViewportSize({ width: 375, height: 812 });
  const notes = page.getByRole('region', { name: 'Your session notes' });
  await expect(notes).toContainText(
    'Verify your email address first: open the link in the email we sent you',
  );
  await expect(notes.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
  await expect(notes.getByRole('button', { name: 'Ask for my session notes' })).toHaveCount(0);
  // The rest of the page is there: the copy of the account's data.
  await expect(page.getByRole('button', { name: 'Download my data (JSON)' })).toBeVisible();
  expect(notesAsked, 'asked the API for notes it refuses an unverified address').toEqual([]);
  await expectNoAxeViolations(page, 'my data, address not verified, 375 px');
});

test('a client who had a session deletes their account after confirming it is them: the record is kept, and the practitioner finds it under retained records', async ({
  page,
  newContext,
  expectProblems,
}) => {
  expectProblems(/response 403: .*\/api\/account\/deletion/);
  const client = await createUser({ verified: true, label: 'kept-record' });
  const name = `Kept Client ${client.uid.slice(0, 6)}`;
  await renameUser(client, name);
  const practitioner = await createUser({ verified: true, label: 'kept-practitioner' });
  await makePractitioner(practitioner);
  // A session already held (the stack's seeding route: its clock gives no past session).
  const seeded = await fetch(`${E2E.siteOrigin}/api/seeding/held-session`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await idTokenFor(client)}` },
  });
  expect(seeded.status).toBe(201);
  const held = new Date(((await seeded.json()) as { start: string }).start);
  const keptUntil = new Date(held);
  keptUntil.setUTCFullYear(keptUntil.getUTCFullYear() + 7);

  await signIn(page, client, '/account');
  // The server refuses a sign-in older than 5 minutes (403 sign-in-again, on the wall clock) and the
  // emulator signs in afresh, so no real answer can ask for the confirmation within a test. Its
  // exact answer is given instead to the first call and to the page's one retry with a renewed
  // token (which carries the same sign-in time, so the server would refuse it too); every call
  // after the confirmation reaches the real server, which decides what is kept.
  let refused = 0;
  await page.route('**/api/account/deletion', async (route) => {
    if (refused === 2) return route.continue();
    refused += 1;
    await route.fulfill({
      status: 403,
      contentType: 'application/problem+json; charset=utf-8',
      body: JSON.stringify({
        type: '/api/problems/sign-in-again',
        title: 'Confirm it is you',
        status: 403,
        detail:
          'To delete your account, confirm it is you: enter your password again (or sign in with Google again).',
      }),
    });
  });
  const form = page.getByRole('form', { name: 'Delete your account' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  await form.getByLabel('Type DELETE to confirm').fill('DELETE');
  await form.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('region', { name: 'Confirm it is you' });
  await expect(confirm.getByRole('heading', { name: 'Confirm it is you' })).toBeFocused();
  await confirm.getByLabel('Your password', { exact: true }).fill(client.password);
  await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();

  await expect(page).toHaveURL('/');
  await expect(
    toast(
      page,
      `Your account and your bookings have been deleted. Your clinical record is kept, read-only, until ${dayWithYear(keptUntil)}, then deleted.`,
    ),
  ).toBeVisible();
  expect(refused).toBe(2);

  const practice = await (await newContext()).newPage();
  await signIn(practice, practitioner, '/practice/retained-records');
  const record = practice.getByRole('link', { name });
  await expect(record).toBeVisible({ timeout: 30_000 });
  await expect(practice.getByRole('listitem').filter({ has: record })).toContainText(
    `last session ${dayWithYear(held)}; kept until ${dayWithYear(keptUntil)}.`,
  );
  await record.click();
  await expect(practice.getByRole('heading', { level: 1 })).toHaveText(`${name}’s retained record`);
  await expect(
    practice.getByText(`The record is kept until ${dayWithYear(keptUntil)}`),
  ).toBeVisible();
  await practice.close();
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
    await expectPicture(page, `retained-record-${width}.png`, { fullPage: true });
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
    // Reviewed before the addendum was added: it waits for another review.
    version: '2027-02-22T11:00:00.000Z/1',
    review: 'changed-since',
    sharedSession: false,
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
    version: '2027-02-15T11:00:00.000Z/0',
    review: 'reviewed',
    sharedSession: true,
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
    {
      // Answered, with an address longer than a phone is wide: it wraps, the page does not scroll.
      id: '0b7c2d9e-1f3a-4b5c-9d8e-7f6a5b4c3d2e',
      receivedAt: '2027-01-04T09:00:00.000Z',
      dueOn: '2027-02-04',
      releasedAt: '2027-01-11T09:00:00.000Z',
      client: {
        uid: 'client-long',
        name: '',
        email: 'bartholomew.hetheringtonfotheringay@counsellingclients.example.test',
      },
      notes: [],
      draftsLeftOut: 0,
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
    // Her review of the changed note is recorded, then the list says so.
    let reviewed: unknown;
    await page.route('**/api/practice/notes-requests', (route) =>
      route.fulfill({
        json: reviewed
          ? {
              requests: REQUESTS.requests.map((each) => ({
                ...each,
                notes: each.notes.map((note) => ({ ...note, review: 'reviewed' })),
              })),
            }
          : REQUESTS,
      }),
    );
    await page.route('**/api/practice/notes-requests/*/review', async (route) => {
      reviewed = route.request().postDataJSON();
      await route.fulfill({ json: { reviewed: 1 } });
    });
    await page.setViewportSize({ width, height: 812 });
    await signIn(page, practitioner, '/practice/notes-requests');
    const request = page.getByRole('region', { name: 'Nia Asks' });
    await expect(request).toContainText('Answer by Friday 26 March 2027.', { timeout: 30_000 });
    await expect(request).toContainText('1 unsigned draft is never released.');
    await expect(page.getByRole('listitem')).toContainText(
      'bartholomew.hetheringtonfotheringay@counsellingclients.example.test',
    );
    await expect(request).toContainText('Reviewed — changed since: review again.');
    await expect(request).toContainText('A shared session. Someone else was in the room');
    const withhold = request.getByRole('checkbox').nth(1);
    await tabTo(page, withhold);
    await page.keyboard.press('Space');
    const release = request.getByRole('button', { name: 'Release notes' });
    await expect(release).toBeDisabled();
    await request
      .getByLabel('Why it is withheld (kept on the record)')
      .fill('Another person’s health.');
    // Still waiting: the note changed since her review.
    await expect(release).toBeDisabled();
    await expect(request).toContainText('Review each note before releasing: 1 to review.');
    await expectNoAxeViolations(page, `a notes request under review at ${width} px`);
    await expectNoSidewaysScroll(page);
    await expectPicture(page, `notes-request-${width}.png`, { fullPage: true });

    const markReviewed = request.getByRole('button', {
      name: 'Mark reviewed: Individual Therapy, Monday 22 February 2027',
    });
    await tabTo(page, markReviewed);
    await page.keyboard.press('Enter');
    await expect(request).not.toContainText('changed since');
    expect(reviewed).toEqual({
      notes: [{ noteId: NOTES[0]?.noteId, version: '2027-02-22T11:00:00.000Z/1' }],
    });
    // What she ticked and typed stays while the list reloads.
    await expect(request.getByLabel('Why it is withheld (kept on the record)')).toHaveValue(
      'Another person’s health.',
    );
    await expect(release).toBeEnabled();
    await release.click();
    await expect(request).toContainText('Your passkey is asked for if you last used it over 5');
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
    // The whole page in view, so that the sticky header does not cover the section once it has
    // been scrolled to (My data's sections above it make the page longer than a phone's height).
    await page.setViewportSize({ width, height: 3200 });
    await expectPicture(notes, `released-notes-${width}.png`);
  });
}

/** A client's copy with one of each kind beyond bookings (the stack's server cannot hold these). */
const MY_DATA = v.parse(AccountExportSchema, {
  exportedAt: '2027-03-01T09:00:00.000Z',
  account: { uid: 'client-ada', email: 'ada@example.test', name: 'Ada Client' },
  bookings: [
    {
      id: 'booking-1',
      serviceId: 4,
      serviceName: 'Anxiety and Stress (CBT)',
      start: '2027-03-02T18:00:00.000Z',
      end: '2027-03-02T18:50:00.000Z',
      status: 'confirmed',
      note: '',
    },
  ],
  series: [
    {
      id: 'series-1',
      serviceId: 4,
      serviceName: 'Anxiety and Stress (CBT)',
      everyWeeks: 2,
      firstStart: '2027-03-02T18:00:00.000Z',
      time: '18:00',
      status: 'confirmed',
      note: 'After work, <b>please</b>',
      endedAt: null,
    },
  ],
  waitlist: [
    {
      id: 'wait-1',
      serviceId: 1,
      serviceName: 'Individual Therapy',
      days: 0b101,
      parts: 0b001,
      standing: true,
      joinedAt: '2027-02-20T10:00:00.000Z',
      expiresAt: '2027-03-22T10:00:00.000Z',
    },
  ],
  intake: null,
  agreementText: null,
  questionnaires: [],
  payments: [
    {
      id: 'pay-1',
      serviceId: 1,
      serviceName: 'Individual Therapy',
      amountPence: 6000,
      currency: 'GBP',
      status: 'refunded',
      createdAt: '2027-02-01T10:00:00.000Z',
      paidAt: '2027-02-01T10:05:00.000Z',
      receiptNumber: 'MP-2027-0007',
      card: 'visa ending 4242',
      refunds: [
        {
          amountPence: 6000,
          creditNoteNumber: 'CN-2027-0001',
          reason: 'Paid twice',
          at: '2027-02-03T12:00:00.000Z',
        },
      ],
    },
  ],
  messages: [
    {
      kind: 'confirmed',
      to: 'ada@example.test',
      status: 'sent',
      writtenAt: '2027-02-01T09:00:00.000Z',
      sentAt: '2027-02-01T09:00:05.000Z',
    },
  ],
  riskFollowUps: [],
  audit: [
    {
      at: '2027-02-02T09:00:00.000Z',
      actor: 'Dr Practitioner',
      action: 'read',
      what: 'Read the record',
    },
  ],
  sessionNotes:
    'Your session notes are not in this copy: ask for them with “Ask for my session notes”.',
  notesRequests: [],
});

for (const width of [375, 1280] as const) {
  test(`my data says in words what the copy holds, and still downloads it, at ${width} px`, async ({
    page,
  }) => {
    const client = await createUser({ verified: true, label: `my-data-${width}` });
    await page.route('**/api/account/export', (route) => route.fulfill({ json: MY_DATA }));
    await page.setViewportSize({ width, height: 812 });
    await signIn(page, client, '/account/data');
    const region = (name: string) => page.getByRole('region', { name });
    await expect(region('Your standing sessions')).toContainText(
      'Anxiety and Stress (CBT): fortnightly at 18:00, from Tuesday 2 March 2027; confirmed. Your note: After work, <b>please</b>',
      { timeout: 30_000 },
    );
    await expect(region('Your waiting list')).toContainText(
      'Individual Therapy: Mondays and Wednesdays, mornings, as a standing time',
    );
    await expect(region('Your payments and receipts')).toContainText(
      '£60.00 for Individual Therapy: paid Monday 1 February 2027, 10:05 by visa ending 4242; receipt MP-2027-0007.',
    );
    await expect(region('Your payments and receipts')).toContainText(
      'Refunded £60.00 on Wednesday 3 February 2027; credit note CN-2027-0001.',
    );
    await expect(region('Emails we sent you')).toContainText(
      'Your session is confirmed, to ada@example.test: sent Monday 1 February 2027, 09:00.',
    );
    await expect(region('Who has read your record')).toContainText('Dr Practitioner');
    // The download stays, by keyboard alone.
    const download = page.getByRole('button', { name: 'Download my data (JSON)' });
    await tabTo(page, download);
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await downloading).suggestedFilename()).toBe('my-data-2027-03-01.json');
    await expectNoAxeViolations(page, `my data at ${width} px`);
    await expectNoSidewaysScroll(page);
    await expectPicture(page, `my-data-${width}.png`, { fullPage: true });
  });
}
