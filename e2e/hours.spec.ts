/**
 * Her hours: the practitioner sets her working hours and a weekly block from the diary, by
 * keyboard, and the checkout offers only times inside them.
 *
 * Her hours are the practice's, not a test's: this file runs as its own project after every other
 * spec (playwright.config.ts), so no test elsewhere meets hours it did not expect, and it puts the
 * defaults back after each test. Alone: `npx playwright test e2e/hours.spec.ts --no-deps` (without
 * --no-deps the project's dependency, every other spec, runs first).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { DAYS_OF_WEEK } from '../shared/time-words';
import { DEFAULT_WORKING_HOURS } from '../shared/working-hours';
import { addDays, dateIn } from '../src/lib/practice-time';
import { apiAs, checkoutDay, formatDay, makePractitioner } from './support/bookings';
import { createUser, type TestUser } from './support/emulator';
import { expect, test } from './support/fixtures';
import { toast } from './support/session';
import { signIn } from './support/signed-in';
import { expectNoAxeViolations } from './support/axe';
import { expectPicture } from './support/screenshots';

const BEREAVEMENT = 5; // 50 minutes, one session at a time
const WIDTHS = [375, 1280] as const;
/** The day her hours change: a fixed weekday, so the screenshots hold whatever day the tests run. */
const DAY = 'Wednesday';

// Both tests change the one practice's hours: one at a time.
test.describe.configure({ mode: 'serial' });
// Each test signs in, runs axe four times and draws two pictures: about 30 s on a quiet machine,
// and past the suite's 45 s under load (a repeat run timed out in axe, not on a wrong page).
test.describe.configure({ timeout: 90_000 });
// London's clock; the time fields follow the browser's own locale (12-hour on this machine).
test.use({ locale: 'en-GB', timezoneId: 'Europe/London' });

let practitioner: TestUser | undefined;
test.afterEach(async () => {
  if (practitioner) {
    await apiAs(practitioner, '/api/practice/hours', {
      method: 'PUT',
      body: DEFAULT_WORKING_HOURS,
    });
    await apiAs(practitioner, '/api/practice/busy-calendar', { method: 'DELETE' });
  }
  practitioner = undefined;
});

/** The diary with "Your hours" open, as the practitioner. */
async function openHours(page: Page, label: string) {
  practitioner = await createUser({ verified: true, label });
  await makePractitioner(practitioner);
  await signIn(page, practitioner, '/practice');
  const button = page.getByRole('button', { name: 'Your hours', exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const form = page.getByRole('form', { name: 'Your hours' });
  await expect(form.getByRole('checkbox', { name: 'Monday: open' })).toBeChecked();
  return form;
}

/** Types a time into a focused time field, as a person does: hours, then minutes. */
async function typeTime(page: Page, field: Locator, time: string) {
  await field.focus();
  await page.keyboard.type(time.replace(':', ''));
  await expect(field).toHaveValue(time);
}

for (const width of WIDTHS) {
  test(`at ${width} px: she sets a day's hours and a weekly block by keyboard; the checkout keeps inside them`, async ({
    page,
    expectProblems,
  }) => {
    // The first save is refused on purpose (a start before the practice opens).
    expectProblems(/response 422: .*\/api\/practice\/hours$/);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    // Next week's Wednesday, 7 to 13 days ahead: past the notice and inside the horizon at any hour.
    const today = dateIn(Date.now());
    const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7; // Monday is 0
    const date = addDays(today, ((DAYS_OF_WEEK.indexOf(DAY) - weekday + 7) % 7) + 7);
    const day = DAY;
    const form = await openHours(page, `hours-${width}`);
    await expectNoAxeViolations(page, `your hours at ${width} px`);

    // First a start before the practice opens: refused by the field, nothing typed lost.
    const start = form.getByLabel(`${day} start`, { exact: true });
    const end = form.getByLabel(`${day} end`, { exact: true });
    await typeTime(page, start, '07:00');
    await typeTime(page, end, '16:00');
    await form.getByRole('button', { name: 'Add a weekly block' }).focus();
    await page.keyboard.press('Enter');
    const block = form.getByRole('group', { name: 'Weekly block 1' });
    await block.getByLabel('Day').focus();
    await page.keyboard.type(day); // a closed select's type-ahead
    await expect(block.getByLabel('Day')).toHaveValue(day);
    // 13:00 to 14:00: Chromium's time field here takes "1200" as an unfinished 12-hour time.
    await typeTime(page, block.getByLabel('From'), '13:00');
    await typeTime(page, block.getByLabel('To'), '14:00');
    await block.getByLabel('Label (optional)').focus();
    await page.keyboard.type('Supervision');
    await form.getByRole('button', { name: 'Save your hours' }).focus();
    await page.keyboard.press('Enter');

    const summary = form.getByRole('alert');
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('There is a problem');
    const sentence = new RegExp(`${day}'s hours must be within the practice's opening hours`);
    await expect(summary.getByRole('link', { name: sentence })).toBeVisible();
    await expect(start).toHaveAccessibleDescription(sentence);
    await expect(start).toHaveValue('07:00');
    await expect(block.getByLabel('Label (optional)')).toHaveValue('Supervision');
    // The bank holidays listed are the coming year's: they move with the day the test runs.
    const holidays = form.locator('#hours-bank-holidays ul');
    await expectPicture(form, `hours-error-${width}.png`, { mask: [holidays] });
    await expectNoAxeViolations(page, `your hours with an error at ${width} px`);

    // The summary's link takes her to the field; she corrects it there.
    await summary.getByRole('link', { name: sentence }).focus();
    await page.keyboard.press('Enter');
    await expect(start).toBeFocused();
    await typeTime(page, start, '10:00');
    await form.getByRole('button', { name: 'Save your hours' }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Your hours are saved.')).toBeVisible();
    await expect(form.getByRole('alert')).toHaveCount(0);
    // The toast ("Your hours are saved.") is fixed on screen: expectPicture leaves it out.
    await expectPicture(form, `hours-${width}.png`, { mask: [holidays] });

    // The checkout, on that day next week: 10:00 to 16:00 less the block (and the break before it).
    await page.goto(`/checkout?service=${BEREAVEMENT}&day=${date}`);
    await expect(checkoutDay(page, date)).toBeChecked();
    const dayName = formatDay(`${date}T12:00:00Z`);
    const timesThatDay = page.getByRole('radio', {
      name: new RegExp(`^\\d\\d:\\d\\d, ${dayName}`),
    });
    await expect(timesThatDay.first()).toBeVisible();
    // Every start offered that day, read at once (one read, not one per half hour).
    const startsOffered = (
      await timesThatDay.evaluateAll((radios) =>
        radios.map((radio) => radio.getAttribute('aria-label') ?? radio.id),
      )
    ).map((name) => name.slice(0, 5));
    const allowed = ['10:00', '10:30', '11:00', '11:30', '12:00', '14:00', '14:30', '15:00'];
    expect(startsOffered.length).toBeGreaterThan(0);
    expect(startsOffered.filter((time) => !allowed.includes(time))).toEqual([]);
  });
}

/** Her own calendar, served as Google serves a secret iCal address, on the loopback address. */
async function serveCalendar(ics: string) {
  const server = http.createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
    response.end(ics);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/calendar/ical/her%40example.com/private-0123/basic.ics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const icsTime = (date: string, time: string) =>
  `${date.replaceAll('-', '')}T${time.replace(':', '')}00`;

for (const width of WIDTHS) {
  test(`at ${width} px: she connects her own calendar by keyboard; the checkout no longer offers its busy time`, async ({
    page,
  }) => {
    test.slow(); // axe and the checkout: long on a loaded machine
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    const today = dateIn(Date.now());
    const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
    const date = addDays(today, ((DAYS_OF_WEEK.indexOf(DAY) - weekday + 7) % 7) + 7);
    const calendar = await serveCalendar(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
        'BEGIN:VEVENT',
        'UID:dentist@google.com',
        'DTSTAMP:20260101T000000Z',
        `DTSTART;TZID=Europe/London:${icsTime(date, '10:00')}`,
        `DTEND;TZID=Europe/London:${icsTime(date, '11:30')}`,
        'SUMMARY:<b>Dentist</b>',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    try {
      await openHours(page, `calendar-${width}`);
      const section = page.getByRole('region', { name: 'Your own calendar', exact: true });
      await expect(section).toContainText('Not connected');
      const field = section.getByLabel('Your calendar’s private iCal address');
      await field.focus();
      await page.keyboard.type(calendar.url);
      await page.keyboard.press('Tab');
      await expect(section.getByRole('button', { name: 'Connect calendar' })).toBeFocused();
      await page.keyboard.press('Enter');
      const dayName = formatDay(`${date}T12:00:00Z`);
      await expect(section.getByTestId('busy-calendar-read')).toHaveText(
        `Connected to 127.0.0.1. Read 1 event, next busy: ${dayName} 10:00–11:30.`,
      );
      await expect(section).not.toContainText('Dentist');
      await expectNoAxeViolations(page, `her own calendar at ${width} px`);
      await expectPicture(section, `busy-calendar-${width}.png`, {
        mask: [section.getByTestId('busy-calendar-read')],
      });

      // The checkout on that day: nothing whose session and break touch 10:00 to 11:30.
      await page.goto(`/checkout?service=${BEREAVEMENT}&day=${date}`);
      await expect(checkoutDay(page, date)).toBeChecked();
      const timeOn = (time: string) =>
        page.getByRole('radio', { name: new RegExp(`^${time}, ${dayName}`) });
      await expect(timeOn('09:00')).toBeVisible();
      await expect(timeOn('11:30')).toBeVisible();
      for (const time of ['09:30', '10:00', '10:30', '11:00'])
        await expect(timeOn(time)).toHaveCount(0);
    } finally {
      await calendar.close();
    }
  });
}
