import type { Locator, Page } from '@playwright/test';
import { addDays } from '../src/lib/practice-time';
import {
  apiAs,
  calendarOf,
  checkoutDay,
  checkoutTime,
  checkoutWeekStart,
  deleteBookingsOf,
  formatDay,
  formatTime,
  freeStarts,
  londonDate,
  makePractitioner,
  waitForApi,
} from './support/bookings';
import { createUser, type TestUser } from './support/emulator';
import { expect, test } from './support/fixtures';
import { signIn } from './support/signed-in';
import { toast } from './support/session';
import { expectNoAxeViolations } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';

// Weekly CBT from the last free time of checkout week 5: sessions in weeks 5, 6 and 7, late in the
// day, where the other files (which take each week's first free times) do not book.
const CBT = 4;
const SERVICE_NAME = 'Anxiety and Stress (CBT)';

/** "Tuesday 14 April, 18:00": how the page names a session's start. */
const startText = (start: string) => `${formatDay(start)}, ${formatTime(start)}`;

const sessionItem = (page: Page, start: string): Locator =>
  page
    .locator('.series-session')
    .filter({ hasText: new RegExp(`^${formatDay(start)} \\d{4}, ${formatTime(start)} to`) });

const clients: TestUser[] = [];
test.afterEach(async ({ closeEveryPage }) => {
  // A page still open could ask for an account about to be deleted: every page goes first.
  await closeEveryPage();
  await Promise.all(clients.splice(0).map((client) => deleteBookingsOf(client)));
});

test('a weekly series: confirmed with RRULE; move one session by keyboard, skip another, end it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await waitForApi();
  const client = await createUser({ verified: true, label: 'series-client' });
  clients.push(client);
  const practitioner = await createUser({ verified: true, label: 'series-practitioner' });
  await makePractitioner(practitioner);

  const first = (await freeStarts(CBT, checkoutWeekStart(5))).at(-1);
  expect(first, 'a free CBT time in checkout week 5').toBeTruthy();
  const requested = await apiAs<{ id: string; sessions: { id: string; start: string }[] }>(
    client,
    '/api/series',
    { method: 'POST', body: { serviceId: CBT, start: first, note: '' } },
  );
  expect(requested.status).toBe(201);
  const sessions = requested.body.sessions.map((session) => session.start).sort();
  expect(sessions.length, 'three weekly sessions to the end of the horizon').toBeGreaterThanOrEqual(
    3,
  );
  const confirmed = await apiAs(practitioner, `/api/series/${requested.body.id}/confirm`, {
    method: 'POST',
    body: {},
  });
  expect(confirmed.status).toBe(200);

  // The confirmation's calendar file: one event for the whole series.
  await expect
    .poll(() => calendarOf(client.email, 'Your sessions are confirmed'), { timeout: 20_000 })
    .toMatch(/RRULE:FREQ=WEEKLY/);
  const series = await calendarOf(client.email, 'Your sessions are confirmed');
  expect(series).toMatch(/DTSTART;TZID=Europe\/London:/);
  expect(series).not.toMatch(/RECURRENCE-ID/);

  await signIn(page, client, '/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const regular = page.getByRole('region', { name: 'Regular sessions' });
  const group = regular.getByRole('listitem', { name: SERVICE_NAME });
  await expect(
    group.getByText(
      new RegExp(`^Weekly, ${formatDay(first!).split(' ')[0]}s ${formatTime(first!)}, from `),
    ),
  ).toBeVisible();
  await expect(group.getByText('Series: Confirmed')).toBeVisible();
  await expectNoAxeViolations(page, 'My bookings with a series');

  // Move the second session, by keyboard alone, to the first free time of the horizon's last
  // free day.
  const [skipStart, moveStart] = [sessions[0]!, sessions[1]!];
  const lastWeek = await freeStarts(CBT, addDays(londonDate(Date.now()), 49), 7);
  const lastDay = londonDate(lastWeek.at(-1)!);
  const target = lastWeek.find((start) => londonDate(start) === lastDay)!;
  const moveButton = page.getByRole('button', {
    name: `Move the session on ${startText(moveStart)}`,
  });

  // Escape closes the dialog and gives focus back to the button that opened it.
  await moveButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', {
    name: `Move ${SERVICE_NAME} on ${startText(moveStart)}`,
  });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(moveButton).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Now: /)).toContainText(formatTime(moveStart));
  await expect(dialog.getByRole('button', { name: /^First free time/ })).toBeVisible();
  await expectNoAxeViolations(page, 'the move dialog');
  await page.keyboard.press('Tab'); // Close
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab'); // First free time
  await page.keyboard.press('Tab'); // the calendar's chosen day
  const day = checkoutDay(page, lastDay);
  for (let step = 0; step < 60 && !(await day.isChecked()); step += 1) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(day).toBeChecked();
  await expect(day).toBeFocused();
  await page.keyboard.press('Tab'); // the day's first time
  const time = checkoutTime(page, target);
  await expect(time).toBeFocused();
  await page.keyboard.press('Space');
  await expect(time).toBeChecked();
  const moveTo = dialog.getByRole('button', { name: `Move to ${startText(target)}` });
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Keep this time' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(moveTo).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(toast(page, `Moved: ${SERVICE_NAME} to ${startText(target)}.`)).toBeVisible();
  await expect(sessionItem(page, target)).toBeVisible();
  await expect(sessionItem(page, moveStart)).toHaveCount(0);
  await expect
    .poll(() => calendarOf(client.email, 'Your session has moved'), { timeout: 20_000 })
    .toMatch(/RECURRENCE-ID/);

  // Skip the first session: asked first.
  await page.getByRole('button', { name: `Skip ${startText(skipStart)}` }).click();
  const skip = page.getByRole('dialog', { name: 'Skip this week?' });
  await expect(skip.getByText(`Skip ${startText(skipStart)}?`, { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, 'the skip question');
  await skip.getByRole('button', { name: 'Yes, skip it' }).click();
  await expect(skip).toBeHidden();
  await expect(sessionItem(page, skipStart).getByText('Status: Cancelled')).toBeVisible();
  await expect(page.getByRole('button', { name: `Skip ${startText(skipStart)}` })).toHaveCount(0);

  // End the series: asked first, saying what happens.
  await group.getByRole('button', { name: 'End these sessions' }).click();
  const end = page.getByRole('dialog', { name: 'End these sessions?' });
  await expect(end).toContainText('Every session more than 24 hours ahead will be cancelled.');
  await expectNoAxeViolations(page, 'the end question');
  await end.getByRole('button', { name: 'Yes, end them' }).click();
  await expect(end).toBeHidden();
  await expect(group.getByText('Series: Ended')).toBeVisible();
  await expect(group.getByText('These sessions have ended.')).toBeVisible();
  await expect(group.getByRole('heading', { name: SERVICE_NAME })).toBeFocused();
  await expect(group.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page, 'an ended series');

  const after = await apiAs<{
    series: { id: string; status: string; sessions: { status: string }[] }[];
  }>(client, '/api/series');
  const ended = after.body.series.find((each) => each.id === requested.body.id);
  expect(ended?.status).toBe('ended');
  expect(ended?.sessions.every((session) => session.status === 'cancelled')).toBe(true);
});

test('My bookings with a series and its move dialog, at 375 px', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await waitForApi();
  const client = await createUser({ verified: true, label: 'series-phone' });
  clients.push(client);
  const practitioner = await createUser({ verified: true, label: 'series-phone-practitioner' });
  await makePractitioner(practitioner);
  // The last free time of week 6's first day with free times: away from the first test's times.
  const starts = await freeStarts(CBT, checkoutWeekStart(6));
  const firstDay = londonDate(starts[0]!);
  const start = starts.filter((each) => londonDate(each) === firstDay).at(-1);
  const requested = await apiAs<{ id: string }>(client, '/api/series', {
    method: 'POST',
    body: { serviceId: CBT, start, note: 'Evenings suit me' },
  });
  expect(requested.status).toBe(201);
  expect(
    (
      await apiAs(practitioner, `/api/series/${requested.body.id}/confirm`, {
        method: 'POST',
        body: {},
      })
    ).status,
  ).toBe(200);

  await signIn(page, client, '/');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/bookings');
  const group = page.getByRole('listitem', { name: SERVICE_NAME });
  await expect(group.getByText('Series: Confirmed')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'My bookings with a series at 375 px');
  await page.screenshot({ path: testInfo.outputPath('series-375.png'), fullPage: true });

  await group
    .getByRole('button', { name: /^Move the session on / })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: /^First free time/ })).toBeVisible();
  await expectNoAxeViolations(page, 'the move dialog at 375 px');
  await page.screenshot({ path: testInfo.outputPath('move-375.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('move-1280.png') });
  await page.keyboard.press('Escape');
  await page.screenshot({ path: testInfo.outputPath('series-1280.png'), fullPage: true });
});
