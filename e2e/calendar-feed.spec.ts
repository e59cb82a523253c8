/**
 * Her diary in her own calendar: the practitioner makes a private link from the diary by keyboard,
 * the feed behind it holds a confirmed session with initials only (parsed with ical.js,
 * as a calendar app would), and replacing the link stops the old one at once. Then the daily limit
 * on questionnaires, as the client meets it.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import ICAL from 'ical.js';
import {
  apiAs,
  checkoutWeekStart,
  deleteBookingsOf,
  freeStarts,
  makePractitioner,
} from './support/bookings';
import { createUser, type TestUser } from './support/emulator';
import { expect, test } from './support/fixtures';
import { signIn } from './support/signed-in';
import { expectNoAxeViolations } from './support/axe';
import { expectPicture } from './support/screenshots';

const COUPLES = 2;
// Checkout week 4, tried from its end: a11y.spec takes that week's first times, and the horizon
// (56 days) leaves week 8 nearly empty.
const WEEK = 4;

const cleanUp: TestUser[] = [];
test.afterEach(async ({ closeEveryPage }) => {
  // A page still open could ask for an account about to be deleted: every page goes first.
  await closeEveryPage();
  await Promise.all(cleanUp.splice(0).map((user) => deleteBookingsOf(user)));
});

/** Presses Tab until `target` has the focus (keyboard alone), or fails. */
async function tabTo(page: Page, target: Locator) {
  for (let press = 0; press < 80; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

/** A confirmed session for a new client, at the first free time from the end of the week. */
async function confirmedSession(practitioner: TestUser) {
  const client = await createUser({ verified: true, label: 'feed-client' });
  cleanUp.push(client);
  const starts = (await freeStarts(COUPLES, checkoutWeekStart(WEEK))).reverse();
  for (const start of starts) {
    const asked = await apiAs<{ id: string }>(client, '/api/bookings', {
      method: 'POST',
      body: {
        serviceId: COUPLES,
        start,
        participants: [{ name: 'Pat Partner', email: `partner-${client.email}` }],
      },
    });
    // Another test may have taken it meanwhile: try the next.
    if (asked.status !== 201) continue;
    const confirmed = await apiAs(practitioner, `/api/bookings/${asked.body.id}/confirm`, {
      method: 'POST',
    });
    expect(confirmed.status).toBe(200);
    return { client, id: asked.body.id, start };
  }
  throw new Error(`no free time in checkout week ${WEEK}`);
}

/** The feed as a calendar app reads it: its events by UID. */
async function fetchFeed(request: APIRequestContext, url: string) {
  const answer = await request.get(url);
  return { answer, text: answer.ok() ? await answer.text() : '' };
}

function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
    };
  });
}

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Subscribe in your calendar' });

test('the practitioner subscribes by keyboard; the feed holds the session with initials only; a replaced link is 404', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const practitioner = await createUser({ verified: true, label: 'feed-practitioner' });
  await makePractitioner(practitioner);
  const session = await confirmedSession(practitioner);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, practitioner, '/practice');
  const open = page.getByRole('button', { name: 'Subscribe in your calendar' });
  await expect(open).toBeVisible({ timeout: 30_000 });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  const create = dialog.getByRole('button', { name: 'Create link' });
  await tabTo(page, create);
  await page.keyboard.press('Enter');

  const webcal = dialog.getByRole('textbox', { name: 'Calendar app link (webcal)' });
  const https = dialog.getByRole('textbox', { name: 'Web link (https)' });
  await expect(webcal).toBeFocused();
  await expect(https).toHaveValue(/^http:\/\/[^/]+\/api\/calendar\/[\w-]{43}\.ics$/);
  const url = await https.inputValue();
  await expect(webcal).toHaveValue(url.replace(/^https?:/, 'webcal:'));
  await expect(dialog.getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute(
    'href',
    url.replace(/^https?:/, 'webcal:'),
  );
  await tabTo(page, dialog.getByRole('button', { name: 'Copy Web link (https)' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText('Copied the web link (https).');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // What a calendar app gets: her session, the service and the initials of everyone coming.
  const { answer, text } = await fetchFeed(request, url);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(answer.headers()['cache-control']).toBe('private, max-age=300');
  expect(answer.headers()['x-robots-tag']).toBe('noindex');
  const event = eventsOf(text).find((each) => each.uid.startsWith(`session-${session.id}.`));
  expect(event).toMatchObject({
    summary: 'Couples Counselling: TV, PP', // "Test Visitor" and the partner "Pat Partner"
    start: new Date(session.start).toISOString(),
  });
  expect(text).not.toContain(session.client.email);
  expect(text).not.toContain('Test Visitor');
  expect(text).not.toContain('Pat Partner');

  await expectNoAxeViolations(page, 'calendar link dialog at 1280 px');
  const links = [webcal, https];
  // The dialog's own box: the diary behind it changes with every feature added to the page.
  await expectPicture(dialog.locator('.modal-content'), 'calendar-feed-dialog-1280.png', {
    mask: links,
  });

  // Replacing asks first, and the old link stops at once.
  await tabTo(page, dialog.getByRole('button', { name: 'Replace link' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Replace the link?')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep the old link' })).toBeFocused();
  await tabTo(page, dialog.getByRole('button', { name: 'Replace link' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText(
    'A new link is ready; the old one has stopped.',
  );
  await expect(https).not.toHaveValue(url);
  const replaced = await https.inputValue();
  expect((await fetchFeed(request, url)).answer.status()).toBe(404);
  expect((await fetchFeed(request, replaced)).answer.status()).toBe(200);

  // Closing returns the keyboard to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();

  // At a phone's width: the link made before is not shown again; replacing gives a new one.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/^You made a link on /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Replace link' }).click();
  await dialog.getByRole('button', { name: 'Replace link' }).click();
  await expect(https).toHaveValue(/\.ics$/);
  await expect(https).not.toHaveValue(replaced);
  await expectNoAxeViolations(page, 'calendar link dialog at 375 px');
  await expectPicture(dialog.locator('.modal-content'), 'calendar-feed-dialog-375.png', {
    mask: links,
  });
  await page.getByRole('button', { name: 'Close' }).last().click();
  await expect(open).toBeFocused();
});

test('a questionnaire sent today shows when the next can be sent; the practitioner can ask for another', async ({
  page,
}) => {
  // Three sign-ins, her passkey step and two axe runs: on a busy machine, more than 45 s.
  test.slow();
  const client = await createUser({ verified: true, label: 'questionnaire-limit' });
  const practitioner = await createUser({ verified: true, label: 'limit-practitioner' });
  await makePractitioner(practitioner);
  const sent = await apiAs(client, '/api/questionnaires', {
    method: 'POST',
    body: { instrument: 'GAD-7', answers: [0, 1, 0, 1, 0, 1, 0] },
  });
  expect(sent.status).toBe(201);
  // Signed in at the default width, where the navbar shows Log Out; then read at 375 px.
  await signIn(page, client, '/account/questionnaires');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(
    page.getByText('You have already sent a GAD-7 today. You can send the next one tomorrow.'),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Anxiety (GAD-7)' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mood (PHQ-9)' })).toBeVisible();
  await expectNoAxeViolations(page, 'questionnaires with one sent today');

  // The practitioner asks for another from the client's record (the navbar's Log Out shows at 1280 px).
  const logOut = async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Log Out' })
      .click();
  };
  await logOut();
  await signIn(page, practitioner, `/practice/clients/${client.uid}`);
  const ask = page.getByRole('button', { name: 'Ask for another GAD-7 today' });
  await expect(ask).toBeVisible({ timeout: 30_000 });
  await tabTo(page, ask);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'GAD-7' })).toHaveText(
    'They can send one more GAD-7 today.',
  );
  await expectNoAxeViolations(page, 'client record, another asked for');
  await logOut();
  await signIn(page, client, '/account/questionnaires');
  await expect(page.getByRole('button', { name: 'Anxiety (GAD-7)' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(/already sent a GAD-7 today/)).toHaveCount(0);
});
