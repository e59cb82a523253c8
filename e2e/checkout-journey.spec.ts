import type { Page } from '@playwright/test';
import {
  checkoutDay,
  checkoutTime,
  deleteBookingsOf,
  formatDay,
  formatTime,
  freeStarts,
  londonDate,
  pick,
  waitForApi,
} from './support/bookings';
import {
  createUser,
  latestOobCode,
  openOobLink,
  uniqueEmail,
  type TestUser,
} from './support/emulator';
import { expect, signIn, test } from './support/signed-in';
import { logIn, logInLink, logOutButton, toast } from './support/session';
import { expectNoAxeViolations } from './support/axe';

// These tests book only in the checkout's first week (today to six days on): bookings.spec.ts
// books in weeks 1 to 3, a11y.spec.ts in 4 to 6, the diary in 7. The free call takes the first
// free time; the keyboard test a time on the second free day.
// One-off sessions are for plans without a cadence (series-checkout.spec.ts has the series).
const ONE_OFF = 5;
const FREE_CALL = 1000;

const requestButton = (page: Page) => page.getByRole('button', { name: 'Request this time' });
const noteField = (page: Page) => page.getByLabel('Note for the practitioner (optional)');
const dayGroup = (page: Page) => page.getByRole('group', { name: /^Choose a day/ });
const timesGroup = (page: Page) => page.getByRole('group', { name: /^Free times on / });
const firstFreeButton = (page: Page) => page.getByRole('button', { name: /^First free time: / });

/** Every element wider than the viewport, or reaching past its right edge (none should). */
function tooWide(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const offenders = [...document.body.querySelectorAll('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > width + 0.5 || box.right > width + 0.5;
    });
    return {
      scrollWidth: document.documentElement.scrollWidth,
      width,
      offenders: offenders
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    };
  });
}

/** Presses Tab until `target` has focus. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 40) {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${max} presses of Tab did not reach ${target.toString()}`);
}

test.beforeAll(async () => {
  await waitForApi();
});

const clients: TestUser[] = [];
test.afterEach(async ({ closeEveryPage }) => {
  // A page still open could ask for an account about to be deleted: every page goes first.
  await closeEveryPage();
  await Promise.all(clients.splice(0).map((client) => deleteBookingsOf(client)));
});

test.describe('the journey remembers', () => {
  test('Book Now → log in → register comes back to the checkout for that service, to check the email', async ({
    page,
  }) => {
    const email = uniqueEmail('journey-register');
    await page.goto('/');
    await page.getByRole('link', { name: 'Book Now: Family Therapy' }).click();
    await expect(page).toHaveURL('/login');
    await page.getByRole('link', { name: 'Please register!' }).click();
    await expect(page).toHaveURL('/register');
    await page.getByLabel('Username').fill('Robin');
    await page.getByLabel('Email address', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('calm-waters-7');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(toast(page, 'generating account')).toBeVisible();
    await expect(logOutButton(page)).toBeVisible();

    // The calm step: where the link went, Resend, and an answer to "I have verified".
    await expect(page).toHaveURL('/checkout?service=3');
    await expect(page.getByRole('heading', { name: 'Your Email is not verified!!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible();
    const sent = await latestOobCode(email, 'VERIFY_EMAIL');
    expect(new URL(sent!.oobLink).searchParams.get('continueUrl')).toMatch(
      /\/checkout\?service=3$/,
    );

    await page.getByRole('button', { name: 'I have verified my email' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'not verified yet' })).toHaveText(
      `${email} is not verified yet. Open the link in the email we sent, then press "I have verified my email" again.`,
    );

    await page.getByRole('button', { name: 'Send Verification Email Again' }).click();
    await expect(toast(page, 'Sent email')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'new link' })).toContainText(
      `We have sent a new link to ${email}.`,
    );
    await expect
      .poll(async () => (await latestOobCode(email, 'VERIFY_EMAIL'))?.oobCode)
      .not.toBe(sent!.oobCode);

    await openOobLink((await latestOobCode(email, 'VERIFY_EMAIL'))!.oobLink);
    await page.getByRole('button', { name: 'I have verified my email' }).click();
    await expect(page.getByText('You are booking: Family Therapy')).toBeVisible();
    await expect(page.getByText('You are booking: Family Therapy')).toContainText(
      'in person in Bristol',
    );
  });

  test('Get Started books the free 20-minute call: log in, come back, take the first free time', async ({
    page,
  }) => {
    const client = await createUser({ verified: true, label: 'free-call' });
    clients.push(client);
    await page.goto('/');
    await expect(logInLink(page)).toBeVisible();
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL('/login');
    await logIn(page, client, '');
    await expect(page).toHaveURL(`/checkout?service=${FREE_CALL}`);
    await expect(page.getByText('You are booking:')).toHaveText(
      'You are booking: Free 20-minute call — free, by phone or video',
    );

    const [first] = await freeStarts(FREE_CALL, londonDate(Date.now()));
    await expect(firstFreeButton(page)).toHaveAccessibleName(
      `First free time: ${formatDay(first!)}, ${formatTime(first!)}`,
    );
    await firstFreeButton(page).click();
    await expect(page).toHaveURL(
      `/checkout?service=${FREE_CALL}&day=${londonDate(first!)}&time=${encodeURIComponent(first!)}`,
    );
    await expect(checkoutTime(page, first!)).toBeChecked();
    await expect(page.getByText('This call is free: no payment is asked for.')).toBeVisible();

    // The number to call is asked for: without it, or with a number outside the UK, the field says
    // what is wrong and takes the focus; nothing is sent.
    const phone = page.getByLabel('Phone number to call');
    await expect(phone).toHaveAttribute('type', 'tel');
    await expect(phone).toHaveAttribute('autocomplete', 'tel');
    await requestButton(page).click();
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAccessibleDescription(
      /Error: Enter the phone number to call, for example 07400 123456\.$/,
    );
    await phone.fill('+1 212 555 0100');
    await requestButton(page).click();
    await expect(phone).toHaveAccessibleDescription(
      /Error: Enter a UK phone number, like 07400 123456 or 0117 496 0321\.$/,
    );
    await expect(checkoutTime(page, first!)).toBeChecked();
    await phone.fill('07400 123456');
    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/bookings'),
    );
    await requestButton(page).click();
    expect((await sent).postDataJSON()).toMatchObject({
      serviceId: FREE_CALL,
      phone: '07400 123456',
    });
    await expect(page.getByRole('heading', { name: 'Your request has been sent' })).toBeFocused();
    await expect(page.getByText('You asked for Free 20-minute call on')).toBeVisible();
    await expect(page.getByText('She will phone you on 07400 123456.')).toBeVisible();
  });
});

test.describe('the picker', () => {
  test('keyboard alone: a day by arrow keys, a time, the note and the request', async ({
    page,
  }) => {
    const client = await createUser({ verified: true, label: 'kbd-picker' });
    clients.push(client);
    await signIn(page, client, `/checkout?service=${ONE_OFF}`);
    const days = dayGroup(page).getByRole('radio');
    await expect(days.first()).toBeAttached();

    // Tab lands on the day shown (the first with free times); an arrow moves to the next free day.
    const shown = dayGroup(page).getByRole('radio', { checked: true });
    const firstDay = (await shown.getAttribute('value'))!;
    await tabTo(page, shown);
    await page.keyboard.press('ArrowRight');
    // The day changes through a router navigation, so the checked radio follows a moment later.
    await expect(dayGroup(page).getByRole('radio', { checked: true })).not.toHaveAttribute(
      'value',
      firstDay,
    );
    const secondDay = (await dayGroup(page)
      .getByRole('radio', { checked: true })
      .getAttribute('value'))!;
    expect(secondDay > firstDay).toBe(true);
    await expect(page).toHaveURL(`/checkout?service=${ONE_OFF}&day=${secondDay}`);
    await expect(timesGroup(page)).toHaveAccessibleName(
      `Free times on ${formatDay(`${secondDay}T12:00:00Z`)}`,
    );

    const times = timesGroup(page).getByRole('radio');
    await tabTo(page, times.first(), 3);
    await page.keyboard.press('Space');
    await expect(times.first()).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(times.nth(1)).toBeChecked();
    const start = (await times.nth(1).getAttribute('value'))!;
    await expect(page).toHaveURL(
      `/checkout?service=${ONE_OFF}&day=${secondDay}&time=${encodeURIComponent(start)}`,
    );

    await tabTo(page, noteField(page), 5);
    await page.keyboard.type('Afternoons are best');
    await tabTo(page, requestButton(page), 5);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Your request has been sent' })).toBeFocused();
    await expect(page.getByText('You asked for Bereavement and Grief on')).toContainText(
      `on ${formatDay(start)} at ${formatTime(start)}`,
    );
  });

  test('every choice is in the address: Back steps through the days, reload keeps the time', async ({
    page,
    signedInClient,
  }) => {
    await page.goto(`/checkout?service=${ONE_OFF}`);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByText(signedInClient.displayName),
    ).toBeVisible();
    const free = dayGroup(page).getByRole('radio', { disabled: false });
    await expect(free.nth(2)).toBeAttached();
    const [dayA, dayB] = await Promise.all([
      free.nth(1).getAttribute('value'),
      free.nth(2).getAttribute('value'),
    ]);

    await pick(checkoutDay(page, dayA!));
    await expect(timesGroup(page)).toHaveAccessibleName(
      `Free times on ${formatDay(`${dayA}T12:00:00Z`)}`,
    );
    const time = timesGroup(page).getByRole('radio').nth(1);
    const start = (await time.getAttribute('value'))!;
    await pick(time);
    await expect(checkoutTime(page, start)).toBeChecked();
    await pick(checkoutDay(page, dayB!));
    await expect(page).toHaveURL(`/checkout?service=${ONE_OFF}&day=${dayB}`);

    await page.goBack();
    await expect(page).toHaveURL(
      `/checkout?service=${ONE_OFF}&day=${dayA}&time=${encodeURIComponent(start)}`,
    );
    await expect(checkoutTime(page, start)).toBeChecked();
    await page.reload();
    await expect(checkoutTime(page, start)).toBeChecked();
    await expect(page.getByText('Your choice:')).toContainText(
      `${formatDay(start)}, ${formatTime(start)}`,
    );

    // A link with nonsense in it opens the picker as if the nonsense were not there.
    await page.goto(`/checkout?service=${ONE_OFF}&day=2027-02-30&time=%3Cimg%20src%3Dx%3E`);
    await expect(dayGroup(page)).toBeVisible();
    await expect(page.getByText('Choose a start time above.')).toBeVisible();
  });

  for (const width of [375, 1280]) {
    test(`at ${width} px: nothing wider than the screen, the note and button close by, axe-clean`, async ({
      page,
    }) => {
      // Logged in first: at 375 px the navbar's Log Out is folded into its menu.
      await signIn(page, await createUser({ verified: true, label: `picker-${width}` }), '/');
      await page.setViewportSize({ width, height: width < 600 ? 812 : 800 });
      await page.goto(`/checkout?service=${ONE_OFF}`);
      await firstFreeButton(page).click();
      await expect(timesGroup(page).getByRole('radio', { checked: true })).toBeAttached();

      const layout = await tooWide(page);
      expect(layout.offenders).toEqual([]);
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.width);
      // The page was 4,100 px tall on a phone with one week of times: now the picker holds one
      // day's times (a long day's fit in about a screen and a half) and the note and the button
      // follow them within a screen.
      const screen = width < 600 ? 812 : 800;
      const times = (await timesGroup(page).boundingBox())!;
      const days = (await dayGroup(page).boundingBox())!;
      const button = (await requestButton(page).boundingBox())!;
      expect(times.height).toBeLessThan(screen * 1.5);
      // From the picker's foot: on a wide screen the days stand beside the times, and a day with
      // few times (the first free day, late in the week's evening) ends well above them.
      const pickerBottom = Math.max(times.y + times.height, days.y + days.height);
      expect(button.y + button.height - pickerBottom).toBeLessThan(screen);
      await requestButton(page).scrollIntoViewIfNeeded();
      await expect(noteField(page)).toBeInViewport({ ratio: 0.5 });
      await expectNoAxeViolations(page, `checkout picker at ${width} px`);
    });
  }

  test('the check-your-email step at 375 px: a long address wraps, axe-clean', async ({ page }) => {
    const user = await createUser({ verified: false, label: 'a-rather-long-address-to-wrap' });
    await signIn(page, user, '/');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/checkout?service=${ONE_OFF}`);
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    expect((await tooWide(page)).offenders).toEqual([]);
    await expectNoAxeViolations(page, 'check your email at 375 px');
  });
});
