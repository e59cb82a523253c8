import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { createUser, type TestUser } from './support/emulator';
import {
  apiAs,
  checkoutTime,
  deleteBookingsOf,
  formatDay,
  formatTime,
  freeStarts,
  londonDate,
  waitForApi,
} from './support/bookings';
import { expect, test } from './support/fixtures';
import { signIn } from './support/signed-in';
import { addDays } from '../src/lib/practice-time';
import { expectNoAxeViolations } from './support/axe';

// Online Coaching is fortnightly. Each test takes the LAST free time of its own day, 15 and 16
// days ahead: its sessions (days 15/29/43, 16/30/44) meet neither series.spec.ts's weekly series
// (from week 5's last day: days 41/48/55) nor the other files' first times of a day.
const COACHING = 6;

interface SeriesAnswer {
  id: string;
  serviceId: number;
  everyWeeks: number;
  status: string;
  firstStart: string;
  sessions: { start: string }[];
  skipped: string[];
}

async function lastFreeStartOn(daysAhead: number) {
  const day = addDays(londonDate(Date.now()), daysAhead);
  const start = (await freeStarts(COACHING, day, 1)).at(-1);
  if (!start) throw new Error(`no free Online Coaching time on ${day}`);
  return start;
}

/** Every element wider than the viewport, or reaching past its right edge (none should). */
function tooWide(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > width + 0.5 || box.right > width + 0.5;
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
  });
}

async function tabTo(page: Page, target: Locator, max = 60) {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${max} presses of Tab did not reach ${target.toString()}`);
}

/** A full-page picture to look at, kept outside test-results (which every run empties). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(os.tmpdir(), 'series-checkout', name), fullPage: true });

const followingWeeks = (page: Page) =>
  page.getByRole('list', { name: /^Fortnightly: the following sessions at / });
const seriesButton = (page: Page, start: string) =>
  page.getByRole('button', {
    name: `Request every other ${formatDay(start).split(' ')[0]} at ${formatTime(start)}`,
  });
const created = (page: Page) =>
  page.waitForResponse(
    (response) => response.url().endsWith('/api/series') && response.request().method() === 'POST',
  );

/** The answer, as the page shows it and as GET /api/series holds it. */
async function expectSeriesShownAndHeld(page: Page, client: TestUser, answer: SeriesAnswer) {
  await expect(page.getByRole('heading', { name: 'Your request has been sent' })).toBeFocused();
  await expect(
    page.getByRole('list', { name: 'Sessions requested' }).getByRole('listitem'),
  ).toHaveText(answer.sessions.map((session) => new RegExp(`${formatDay(session.start)}`)));
  await expect(page.getByRole('list', { name: 'Weeks skipped' }).getByRole('listitem')).toHaveCount(
    answer.skipped.length,
  );
  const held = await apiAs<{ series: SeriesAnswer[] }>(client, '/api/series');
  expect(held.status).toBe(200);
  expect(held.body.series).toHaveLength(1);
  const [series] = held.body.series;
  expect(series).toMatchObject({
    id: answer.id,
    serviceId: COACHING,
    everyWeeks: 2,
    status: 'requested',
  });
  expect(series!.sessions.map((session) => session.start)).toEqual(
    answer.sessions.map((session) => session.start),
  );
}

test.beforeAll(() => waitForApi());

const clients: TestUser[] = [];
test.afterEach(async ({ closeEveryPage }) => {
  // A page still open could ask for an account about to be deleted: every page goes first.
  await closeEveryPage();
  await Promise.all(clients.splice(0).map((client) => deleteBookingsOf(client)));
});

test('keyboard alone: Book Now, the first session, the following weeks, one series request', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const client = await createUser({ verified: true, label: 'series-kbd' });
  clients.push(client);
  const start = await lastFreeStartOn(15);
  const day = londonDate(start);
  await signIn(page, client, '/');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/');
  await tabTo(page, page.getByRole('link', { name: 'Book Now: Online Coaching' }), 120);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/checkout?service=${COACHING}`);
  await expect(page.getByText('You are booking: Online Coaching')).toBeVisible();

  // The day from the address; then the keyboard: Tab to its times, arrows to the last.
  await page.goto(`/checkout?service=${COACHING}&day=${day}`);
  await tabTo(page, page.getByRole('radio', { checked: true }));
  const times = page.getByRole('group', { name: /^Free times on / }).getByRole('radio');
  await tabTo(page, times.first(), 10);
  await page.keyboard.press('Space');
  const count = await times.count();
  for (let step = 1; step < count; step += 1) await page.keyboard.press('ArrowRight');
  await expect(checkoutTime(page, start)).toBeChecked();

  // The following sessions: every other week at the same London time, each free or not.
  const weeks = followingWeeks(page).getByRole('listitem');
  await expect(followingWeeks(page)).toHaveAccessibleName(
    `Fortnightly: the following sessions at ${formatTime(start)} (UK time)`,
  );
  await expect(weeks).toHaveCount(2);
  await expect(weeks.first()).toHaveText(
    new RegExp(
      `^${formatDay(addDays(day, 14) + 'T12:00:00Z')}: (free|not free — this week is skipped)$`,
    ),
  );
  await expectNoAxeViolations(page, 'series checkout, following weeks');
  await shot(page, 'series-1280.png');

  await tabTo(page, page.getByLabel('Note for the practitioner (optional)'), 10);
  await page.keyboard.type('Video from home');
  await tabTo(page, seriesButton(page, start), 10);
  const answered = created(page);
  await page.keyboard.press('Enter');
  const response = await answered;
  expect(response.status()).toBe(201);
  const answer = (await response.json()) as SeriesAnswer;
  expect(answer.firstStart).toBe(start);
  expect(answer.sessions[0]!.start).toBe(start);
  await expectSeriesShownAndHeld(page, client, answer);
  await expectNoAxeViolations(page, 'series request sent');
  await shot(page, 'series-sent-1280.png');

  await tabTo(page, page.getByRole('link', { name: 'See My bookings' }), 10);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/bookings');
});

test('at 375 px: the following weeks and the answer fit the screen, axe-clean', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const client = await createUser({ verified: true, label: 'series-375' });
  clients.push(client);
  const start = await lastFreeStartOn(16);
  await signIn(page, client, '/');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(
    `/checkout?service=${COACHING}&day=${londonDate(start)}&time=${encodeURIComponent(start)}`,
  );
  await expect(checkoutTime(page, start)).toBeChecked();
  await expect(followingWeeks(page).getByRole('listitem')).toHaveCount(2);
  expect(await tooWide(page)).toEqual([]);
  await expectNoAxeViolations(page, 'series checkout at 375 px');
  await shot(page, 'series-375.png');

  const answered = created(page);
  await seriesButton(page, start).click();
  const answer = (await (await answered).json()) as SeriesAnswer;
  await expectSeriesShownAndHeld(page, client, answer);
  expect(await tooWide(page)).toEqual([]);
  await expectNoAxeViolations(page, 'series request sent at 375 px');
  await shot(page, 'series-sent-375.png');
});
