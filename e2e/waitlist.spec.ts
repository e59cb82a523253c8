import { DAY_PART_LABELS, dayPartOf, weekdayOf } from '../shared/waitlist';
import {
  apiAs,
  checkoutTime,
  checkoutWeekStart,
  deleteBookingsOf,
  emailsTo,
  formatDay,
  formatTime,
  freeStarts,
  makePractitioner,
  waitForApi,
} from './support/bookings';
import { createUser, type TestUser } from './support/emulator';
import { expect, signIn, test } from './support/signed-in';
import { expectNoAxeViolations } from './support/axe';
import { expectPicture, steadyNativeControls } from './support/screenshots';
import { answerApiFromFixtures } from './support/visual-api';
import { VISUAL_NOW } from './support/visual-data';

// Bereavement and Grief: booked one session at a time, 50 minutes.
const SERVICE = 5;
const SERVICE_NAME = 'Bereavement and Grief';
const WIDTHS = [375, 1280] as const;

/** The text of the newest email to an address whose subject starts so, or ''. */
async function emailText(address: string, subject: string): Promise<string> {
  const found = (await emailsTo(address)).filter((email) => email.subject.startsWith(subject));
  return found.at(-1)?.text ?? '';
}

const users: TestUser[] = [];
test.afterEach(async ({ closeEveryPage }) => {
  // A page still open could ask for an account about to be deleted: every page goes first.
  await closeEveryPage();
  // Deleting an account's bookings takes its waiting-list entries with them.
  await Promise.all(users.splice(0).map((user) => deleteBookingsOf(user)));
});

test('a client joins the waiting list by keyboard, is offered a cancelled time by email, and books it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await waitForApi();
  const [waiter, booker, practitioner] = await Promise.all([
    createUser({ verified: true, label: 'waitlist-client' }),
    createUser({ verified: true, label: 'waitlist-booker' }),
    createUser({ verified: true, label: 'waitlist-practitioner' }),
  ]);
  users.push(waiter, booker);
  await makePractitioner(practitioner);

  // Another client's confirmed session, late in checkout week 6 (the other files book earlier).
  const start = (await freeStarts(SERVICE, checkoutWeekStart(6))).at(-1);
  expect(start, 'a free time in checkout week 6').toBeTruthy();
  const freed = start!;
  const booked = await apiAs<{ id: string }>(booker, '/api/bookings', {
    method: 'POST',
    body: { serviceId: SERVICE, start: freed, note: '' },
  });
  expect(booked.status).toBe(201);
  expect(
    (await apiAs(practitioner, `/api/bookings/${booked.body.id}/confirm`, { method: 'POST' }))
      .status,
  ).toBe(200);

  // The waiting client asks, by keyboard alone, for that weekday and part of the day.
  await signIn(page, waiter, `/checkout?service=${SERVICE}`);
  const opener = page.getByRole('button', { name: 'Tell me when a time frees up' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Tell me when a time frees up' });
  await expect(form.getByRole('heading', { name: 'Tell me when a time frees up' })).toBeFocused();
  await expect(
    form.getByRole('checkbox', { name: 'I am looking for a standing weekly time' }),
  ).toHaveCount(0);
  const join = form.getByRole('button', { name: 'Join the waiting list' });
  await join.focus();
  await page.keyboard.press('Enter');
  const summary = form.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Tick at least one day of the week.',
    'Tick at least one part of the day.',
  ]);
  await expect(form.getByRole('group', { name: 'Days of the week that suit you' })).toContainText(
    'Tick at least one day of the week.',
  );
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // From the top, where nothing is under the sticky navbar: scrolled to the errors, what is above
    // them (the meeting's radios, with the hour's list of times above the form) can sit beneath
    // the navbar's Menu button, which axe then counts as the radios' too-near neighbour.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expectNoAxeViolations(page, `the waiting-list form with its errors at ${width} px`);
    // Begun at a whole pixel and clear of the sticky navbar: the times listed above the form change
    // with the hour, and with them the fraction of a pixel at which it begins, which moves its
    // text by a pixel and its picture's height by one row. The nudge is under a pixel.
    const navbar = await page.locator('.navbar').first().boundingBox();
    await form.evaluate(
      (element, below) => {
        const offset = element.getBoundingClientRect().top + window.scrollY;
        const margin = getComputedStyle(element).marginTop;
        const nudged = `calc(${margin} + ${Math.ceil(offset) - offset}px)`;
        element.style.setProperty('margin-top', nudged, 'important'); // as Bootstrap's mt-4 is
        const top = Math.ceil(offset) - below - 8;
        window.scrollTo({ top, behavior: 'instant' }); // Bootstrap asks for smooth scrolling
      },
      Math.ceil(navbar?.height ?? 0),
    );
    // Its height is not a whole number of pixels either (…x.56), and the layout keeps 1/64 px, so
    // the picture is clipped to whole pixels rather than to the form's own box.
    const box = (await form.boundingBox())!;
    const clip = {
      x: Math.round(box.x),
      y: Math.round(box.y),
      width: Math.round(box.width),
      height: Math.round(box.height),
    };
    await expectPicture(page, `waitlist-form-errors-${width}.png`, { clip });
  }
  // The summary's link takes focus to the field.
  await page.keyboard.press('Tab');
  await expect(summary.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByRole('checkbox', { name: 'Monday' })).toBeFocused();

  const weekday = weekdayOf(freed);
  await form.getByRole('checkbox', { name: weekday }).focus();
  await page.keyboard.press('Space');
  await form.getByRole('checkbox', { name: DAY_PART_LABELS[dayPartOf(freed)] }).focus();
  await page.keyboard.press('Space');
  await join.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^You are on the waiting list for 60 days\./)).toBeFocused();

  // The practitioner cancels the other client's session: the offer email comes.
  expect(
    (
      await apiAs(practitioner, `/api/practice/bookings/${booked.body.id}/cancel`, {
        method: 'POST',
        body: {},
      })
    ).status,
  ).toBe(200);
  await expect
    .poll(() => emailText(waiter.email, 'A time has freed up'), { timeout: 30_000 })
    .toContain(`checkout?service=${SERVICE}&day=`);
  const text = await emailText(waiter.email, 'A time has freed up');
  expect(text).toContain('the first to book it gets it');
  expect(text).toContain(`A time you are waiting for has freed up: ${SERVICE_NAME}, `);
  const link = new RegExp(
    `(\\S+/checkout\\?service=${SERVICE}&day=\\S+&time=${freed.replace(/[.]/g, '\\.')})`,
  ).exec(text)?.[1];
  expect(link, 'the offer links to the freed time').toBeTruthy();

  // The link opens the checkout on the freed time; the client books it.
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(checkoutTime(page, freed)).toBeChecked();
  await expect(
    page.getByText(`Your choice: ${formatDay(freed)}, ${formatTime(freed)}`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Request this time' }).click();
  await expect(page.getByRole('heading', { name: 'Your request has been sent' })).toBeVisible();
  // Booking the service ends the wait.
  const mine = await apiAs<{ entries: unknown[] }>(waiter, '/api/waitlist');
  expect(mine.body.entries).toEqual([]);

  // Someone arriving later from the same link is told it has gone.
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(
    page.getByText('That time has just been taken. Choose another below.'),
  ).toBeVisible();
});

test('the diary lists who is waiting, oldest first, and removes an entry after asking', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await waitForApi();
  const [first, second, practitioner] = await Promise.all([
    createUser({ verified: true, label: 'waitlist-first' }),
    createUser({ verified: true, label: 'waitlist-second' }),
    createUser({ verified: true, label: 'waitlist-diary' }),
  ]);
  users.push(first, second);
  await makePractitioner(practitioner);
  for (const [who, days] of [
    [first, ['Monday', 'Tuesday']],
    [second, ['Friday']],
  ] as const) {
    const joined = await apiAs(who, '/api/waitlist', {
      method: 'POST',
      body: { serviceId: 1, days, parts: ['evening'], standing: true },
    });
    expect(joined.status).toBe(201);
  }

  await signIn(page, practitioner, '/practice');
  const section = page.getByRole('region', { name: 'Waiting list' });
  const items = section.getByRole('listitem');
  // Others' entries may be there too: these two are in the order they joined.
  const ours = items.filter({ hasText: /waitlist-(first|second)/ });
  await expect(ours).toHaveCount(2);
  await expect(ours.nth(0)).toContainText(
    'Individual Therapy: Mondays and Tuesdays, evenings, a standing weekly time',
  );
  await expect(ours.nth(1)).toContainText('Fridays, evenings');

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `the diary's waiting list at ${width} px`);
  }

  const remove = ours.nth(1).getByRole('button', { name: /^Remove .* from the waiting list$/ });
  await remove.click();
  await expect(
    ours.nth(1).getByText(/^Remove .* from the waiting list\? They are not told\.$/),
  ).toBeVisible();
  await ours.nth(1).getByRole('button', { name: 'Keep' }).click();
  await expect(remove).toBeFocused();
  await remove.click();
  await ours.nth(1).getByRole('button', { name: 'Yes, remove' }).click();
  await expect(ours).toHaveCount(1);
  const left = await apiAs<{ entries: unknown[] }>(second, '/api/waitlist');
  expect(left.body.entries).toEqual([]);
});

test("the diary's waiting list, as it looks (375 and 1280 px)", async ({ page }) => {
  test.setTimeout(90_000);
  await waitForApi();
  const practitioner = await createUser({ verified: true, label: 'waitlist-look' });
  await makePractitioner(practitioner);
  // Fixed entries, so the picture does not change with the day or the accounts the run makes.
  const entry = (id: string, clientName: string, days: string[], createdAt: string) => ({
    id,
    serviceId: 1,
    serviceName: 'Individual Therapy',
    days,
    parts: ['morning', 'evening'],
    standing: id === 'b',
    createdAt,
    expiresAt: new Date(Date.parse(createdAt) + 60 * 86_400_000).toISOString(),
    clientName,
    clientEmail: `${clientName.split(' ')[0]!.toLowerCase()}@example.test`,
    clientUid: `uid-${id}`,
  });
  // The rest of the diary from the visual fixtures on their fixed day: the suite's other tests add
  // bookings to the shared stack, and a diary of another height above the list moves it by a
  // fraction of a pixel, which redraws its text differently.
  await page.clock.setFixedTime(new Date(VISUAL_NOW));
  await answerApiFromFixtures(page);
  await page.route('**/api/practice/waitlist', (route) =>
    route.fulfill({
      json: {
        entries: [
          entry('a', 'Ann Early', ['Monday', 'Wednesday'], '2027-03-01T09:00:00.000Z'),
          entry('b', 'Bea Later <b>', ['Friday'], '2027-03-02T10:00:00.000Z'),
        ],
      },
    }),
  );
  await signIn(page, practitioner, '/practice');
  const section = page.getByRole('region', { name: 'Waiting list' });
  await expect(section.getByRole('listitem')).toHaveCount(2);
  // Hostile text is shown as text.
  await expect(section.getByText('Bea Later <b>', { exact: true })).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `the diary's waiting list at ${width} px`);
    await steadyNativeControls(page);
    // In the middle of the screen: scrolled only just into view, the sticky header covers its top.
    await section.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await expectPicture(section, `diary-waitlist-${width}.png`);
  }
});
