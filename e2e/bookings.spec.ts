import type { Page } from '@playwright/test';
import {
  createUser,
  latestOobCode,
  openOobLink,
  uniqueEmail,
  type TestUser,
} from './support/emulator';
import {
  apiAs,
  checkoutDay,
  checkoutTime,
  checkoutWeekStart,
  deleteBookingsOf,
  diaryWeeksUntil,
  emailsTo,
  formatDay,
  formatTime,
  freeDayOfWeek,
  freeStarts,
  londonDate,
  makePractitioner,
  pick,
} from './support/bookings';
import { expect, signIn, test } from './support/signed-in';
import { logIn, logOutButton, toast } from './support/session';

// Every test books in its own checkout week, so tests running side by side never share a time.
// One-off sessions are for plans without a cadence (Couples is now booked as a weekly series).
const ONE_OFF = 5;
const HOSTILE_NOTE = '<img src=x onerror=alert(1)> Evenings suit me';

const requestButton = (page: Page) => page.getByRole('button', { name: 'Request this time' });

async function openDiaryWeekOf(page: Page, start: string) {
  await page.goto('/practice');
  await expect(page.getByRole('heading', { level: 1, name: 'Diary' })).toBeVisible();
  for (let week = diaryWeeksUntil(start); week > 0; week -= 1) {
    await page.getByRole('button', { name: 'Next week' }).click();
  }
  await expect(page.getByText('Loading the diary…')).toHaveCount(0);
}

const cleanUp: TestUser[] = [];
test.afterEach(async ({ closeEveryPage }) => {
  // A page still open could ask for an account about to be deleted: every page goes first.
  await closeEveryPage();
  await Promise.all(cleanUp.splice(0).map((user) => deleteBookingsOf(user)));
});

test.describe('from Book Now to a booked session', () => {
  test('register, verify, request a time; the practitioner confirms; the client gets the .ics and cancels', async ({
    page,
    newContext,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('journey');
    const password = 'calm-waters-7';

    // Book Now → log in page → register → verify.
    await page.goto('/');
    await page.getByRole('link', { name: 'Book Now: Bereavement and Grief' }).click();
    await expect(page).toHaveURL('/login');
    await page.getByRole('link', { name: 'Please register!' }).click();
    await page.getByLabel('Username').fill('Jo <b>Client</b>');
    await page.getByLabel('Email address', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(logOutButton(page)).toBeVisible();
    // Registering from Book Now goes on to the checkout for that service, to check the email.
    await expect(page).toHaveURL('/checkout?service=5');
    await expect(page.getByRole('heading', { name: 'Your Email is not verified!!' })).toBeVisible();
    await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible();
    await expect.poll(() => latestOobCode(email, 'VERIFY_EMAIL')).toBeTruthy();
    await openOobLink((await latestOobCode(email, 'VERIFY_EMAIL'))!.oobLink);
    await page.getByRole('button', { name: 'I have verified my email' }).click();

    // The booking section replaces the spec's spinners.
    await expect(page.getByRole('heading', { level: 1, name: 'CheckOut Section' })).toBeVisible();
    await expect(page.getByText('You are booking: Bereavement and Grief')).toBeVisible();
    await expect(requestButton(page)).toBeVisible();
    await expect(page.locator('.spinner-grow')).toHaveCount(0);

    // Days first: week 1's first free day, then its first time.
    const { day, starts } = await freeDayOfWeek(ONE_OFF, 1);
    await pick(checkoutDay(page, day));
    await expect(page).toHaveURL(`/checkout?service=5&day=${day}`);
    const slotName = starts[0]!;
    await pick(checkoutTime(page, slotName));
    await expect(checkoutTime(page, slotName)).toBeChecked();
    await page.getByLabel('Note for the practitioner (optional)').fill(HOSTILE_NOTE);
    const created = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/bookings') && response.request().method() === 'POST',
    );
    await requestButton(page).click();
    const booking = (await (await created).json()) as { id: string; start: string };
    expect(booking.start).toBe(slotName);

    await expect(page.getByRole('heading', { name: 'Your request has been sent' })).toBeFocused();
    await expect(page.getByText('You asked for Bereavement and Grief on')).toContainText(
      `on ${formatDay(booking.start)} at ${formatTime(booking.start)}`,
    );
    await expect(
      page.getByText('is paid online by card once the practitioner confirms the session'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'See My bookings' }).click();
    await expect(page).toHaveURL('/bookings');
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    await expect(upcoming.getByText('Status: Requested')).toBeVisible();
    await expect(upcoming.getByText(`Your note: ${HOSTILE_NOTE}`)).toBeVisible();
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);

    // The practitioner confirms in the diary.
    const practitioner = await createUser({ verified: true, label: 'practitioner' });
    await makePractitioner(practitioner);
    const practiceContext = await newContext();
    const diary = await practiceContext.newPage();
    await signIn(diary, practitioner, '/');
    await openDiaryWeekOf(diary, booking.start);
    const entry = diary.locator('.diary-booking').filter({ hasText: email });
    await expect(entry).toContainText('Bereavement and Grief');
    await expect(entry).toContainText('Jo <b>Client</b>');
    await expect(entry).toContainText(HOSTILE_NOTE);
    await expect(entry.getByText('Status: Requested')).toBeVisible();
    await entry.getByRole('button', { name: /^Confirm / }).click();
    await expect(
      toast(diary, 'Confirmed: Bereavement and Grief with Jo <b>Client</b>'),
    ).toBeVisible();
    await expect(entry.getByText('Status: Confirmed')).toBeVisible();
    await expect(entry.getByRole('button', { name: /^Confirm / })).toHaveCount(0);
    await practiceContext.close();

    // The client sees it confirmed, and the confirmation email carries the calendar file.
    await page.reload();
    await expect(upcoming.getByText('Status: Confirmed')).toBeVisible();
    await expect
      .poll(async () =>
        (await emailsTo(email)).some((mail) =>
          mail.attachments?.some((file) => file.contentType.startsWith('text/calendar')),
        ),
      )
      .toBe(true);

    // The client cancels (with a confirm step); the time is offered again.
    await upcoming.getByRole('button', { name: /^Cancel Bereavement and Grief on / }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(toast(page, 'Cancelled: Bereavement and Grief on')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Upcoming' }).getByText('Status: Cancelled'),
    ).toBeVisible();
    expect(await freeStarts(ONE_OFF, checkoutWeekStart(1))).toContain(booking.start);
    await page.goto(`/checkout?service=5&day=${day}`);
    await expect(checkoutTime(page, booking.start)).toHaveCount(1);
  });

  test('another client takes the time first: the page says so, refreshes the times and keeps the note', async ({
    page,
    expectProblems,
  }) => {
    expectProblems(/response 409: .*\/api\/bookings$/);
    const [client, rival] = await Promise.all([
      createUser({ verified: true, label: 'race-a' }),
      createUser({ verified: true, label: 'race-b' }),
    ]);
    cleanUp.push(client, rival);
    await signIn(page, client, '/');
    const { day, starts } = await freeDayOfWeek(ONE_OFF, 2);
    const start = starts[0]!;
    // A shared link holds the day and time: it opens with that time chosen.
    await page.goto(`/checkout?service=5&day=${day}&time=${start}`);
    await expect(checkoutTime(page, start)).toBeChecked();
    await page.getByLabel('Note for the practitioner (optional)').fill('Mornings please');

    const taken = await apiAs(rival, '/api/bookings', {
      method: 'POST',
      body: { serviceId: ONE_OFF, start },
    });
    expect(taken.status).toBe(201);

    await requestButton(page).click();
    const alert = page.getByRole('alert').filter({ hasText: 'no longer free' });
    await expect(alert).toContainText('Someone has just taken this time.');
    await expect(checkoutTime(page, start)).toHaveCount(0);
    await expect(checkoutDay(page, day)).toBeAttached();
    await expect(page.getByLabel('Note for the practitioner (optional)')).toHaveValue(
      'Mornings please',
    );
  });

  test('blocked time removes those times from the checkout, and removing the block brings them back', async ({
    page,
    newContext,
  }) => {
    const practitioner = await createUser({ verified: true, label: 'blocker' });
    await makePractitioner(practitioner);
    const from = checkoutWeekStart(3);
    const starts = await freeStarts(ONE_OFF, from);
    expect(starts.length).toBeGreaterThan(0);
    const day = londonDate(starts[0]!); // the first day of that week with free times
    const dayStarts = starts.filter((start) => londonDate(start) === day);

    await signIn(page, practitioner, '/');
    await openDiaryWeekOf(page, `${day}T12:00:00Z`);
    await page.getByLabel('Start date').fill(day);
    await page.getByLabel('Start time').fill('00:00');
    await page.getByLabel('End date').fill(day);
    await page.getByLabel('End time').fill('23:59');
    await page.getByLabel('Reason (optional)').fill('Training <day>');
    await page.getByRole('button', { name: 'Block this time' }).click();
    await expect(toast(page, 'Blocked ')).toBeVisible();
    const block = page
      .getByRole('region', { name: 'Blocked time this week' })
      .getByRole('listitem')
      .filter({ hasText: 'Training <day>' });
    await expect(block).toBeVisible();

    const after = await freeStarts(ONE_OFF, from);
    for (const start of dayStarts) expect(after).not.toContain(start);
    const visitor = await newContext();
    const client = await visitor.newPage();
    await signIn(
      client,
      await createUser({ verified: true, label: 'sees-block' }),
      `/checkout?service=5&day=${day}`,
    );
    await expect(checkoutDay(client, day)).toHaveAccessibleName(
      `${formatDay(`${day}T12:00:00Z`)}, no free times`,
    );
    await expect(checkoutTime(client, dayStarts[0]!)).toHaveCount(0);
    await visitor.close();

    await block.getByRole('button', { name: /^Remove blocked time / }).click();
    await expect(toast(page, 'Removed the blocked time')).toBeVisible();
    await expect(block).toHaveCount(0);
    expect(await freeStarts(ONE_OFF, from)).toEqual(expect.arrayContaining(dayStarts));
  });
});

test.describe('who may see the diary', () => {
  test('a signed-in client is told they are not allowed', async ({ page, signedInClient }) => {
    await page.goto('/practice');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByText(signedInClient.displayName),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
    await expect(page.getByText('The diary is only for the practitioner')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  });

  test('a signed-out visitor logs in first and comes back to My bookings', async ({ page }) => {
    const user = await createUser({ verified: true, label: 'bookings-gate' });
    await page.goto('/bookings');
    await expect(page).toHaveURL('/login');
    await logIn(page, user, '');
    await expect(page).toHaveURL('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
    await expect(page.getByText('You have no upcoming bookings.')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My bookings' }),
    ).toHaveAttribute('aria-current', 'page');
  });
});
