import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { INTAKE } from '../functions/src/testing/factories/clinical';
import { IDLE_RULES, IDLE_SENTENCES } from '../shared/idle-sign-out';
import { expectNoAxeViolations } from './support/axe';
import { apiAs, emailsTo } from './support/bookings';
import { createUser, grantPractitioner } from './support/emulator';
import { expect, test } from './support/fixtures';
import { E2E } from './support/ports';
import { expectPicture } from './support/screenshots';
import { logIn, logInLink, logOutButton } from './support/session';
import { signIn } from './support/signed-in';

const MINUTE = 60_000;
const ALERT = /^New sign-in to your account/;

const alertsTo = async (email: string) =>
  (await emailsTo(email)).filter((each) => ALERT.test(each.subject));

/**
 * The practice pages' first reads have answered: a run of the page's clock cuts none short (a
 * read still in flight when the clock jumps times out: `AbortSignal.timeout` runs on that clock).
 * A page's reads wait for its token, so the network can fall quiet before they start: what
 * counts is that no "Loading…" is left on screen.
 */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/**
 * How much of an idle limit is left to the clock running by itself. Each tab runs a jump of the
 * clock on its own, the busier one later: a tab that reached the limit inside a jump would sign
 * out while the other's clock still leapt, and everything the sign-out loads (the log-in page's
 * code, the last token writes of the other tab) would time out or land out of order.
 *
 * The jumps are `fastForward`, as a laptop closed for a while and opened again: each timer due
 * fires once. `runFor` fired every timer of every minute skipped, in each tab (the session's
 * checks and token renewals, each on a clock leaping under it), and once in a repeat run the
 * Diary tab had neither warned nor signed out at the end while the other tab had warned.
 */
const LAST_SECONDS = 10_000;

test('a sign-in from a browser she has not used before emails her, once: when, which browser, "Not you? Sign out everywhere"', async ({
  page,
  newContext,
}) => {
  // Three sign-ins with her passkey in two browsers: about 20 s quiet, 46 s in a repeat run at load
  // 22 (docs/testing.md, the time budget).
  test.setTimeout(90_000);
  const user = await createUser({ verified: true, label: 'sign-in-alert' });
  await grantPractitioner(user.uid);
  // Her laptop: the first sign-in of this browser.
  await signIn(page, user, '/practice');
  await expect.poll(async () => (await alertsTo(user.email)).length).toBe(1);

  // A second browser (its own storage, so its own browser id) signs in: a second email.
  const elsewhere = await (await newContext()).newPage();
  await signIn(elsewhere, user, '/practice');
  await expect.poll(async () => (await alertsTo(user.email)).length).toBe(2);
  const [alert] = await alertsTo(user.email);
  expect(alert?.text).toMatch(/When: \w+day, \d{1,2} \w+ \d{4} at \d{2}:\d{2} (GMT|BST)/);
  // The browser as its user agent names it (the tests' Chromium presents itself as on Windows).
  expect(alert?.text).toMatch(/Browser: Chrome on (Windows|Linux|macOS)\n/);
  expect(alert?.text).toContain(
    `Not you? Sign out everywhere: ${E2E.siteOrigin}/account/passkeys (the "Sign out everywhere" button`,
  );

  // The same browser again: logged out, then password and passkey once more; no further email.
  await logOutButton(elsewhere).click();
  await expect(logInLink(elsewhere)).toBeVisible();
  await logIn(elsewhere, user);
  await elsewhere.goto('/practice');
  await elsewhere.getByRole('button', { name: 'Use my passkey' }).click();
  await expect(elsewhere.getByRole('heading', { level: 1, name: /Diary/ })).toBeVisible();
  // Delivery is immediate on a sign-in; give a third email the time the first two took.
  await elsewhere.waitForTimeout(2000);
  expect(await alertsTo(user.email)).toHaveLength(2);

  // The link leads to the button.
  await elsewhere.goto('/account/passkeys');
  await expect(elsewhere.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible();
});

test('thirty minutes without input sign her out of every practice tab, after a warning with "Stay signed in" two minutes before', async ({
  page,
  context,
}) => {
  // Her passkey, two tabs, axe twice, two pictures and the last 10 s in real time: about 35 s
  // quiet, 90 s at load 29 (docs/testing.md, the time budget).
  test.setTimeout(150_000);
  expect(IDLE_RULES).toEqual({ signOutMinutes: 30, warnMinutesBefore: 2 });
  const user = await createUser({ verified: true, label: 'idle' });
  await grantPractitioner(user.uid);
  await page.clock.install();
  await signIn(page, user, '/practice');
  const other = await context.newPage();
  await other.goto('/practice/payments');
  await settled(page);
  await settled(other);
  const warningIn = (tab: Page) => tab.getByRole('dialog', { name: 'Are you still there?' });

  // 28 minutes without input: both tabs warn; the dialog has focus on its answer. (The clock
  // also runs by itself between the steps: the margins are a few seconds.)
  await page.keyboard.press('Shift');
  await page.clock.fastForward(28 * MINUTE - 10_000);
  await expect(warningIn(page)).toHaveCount(0);
  await page.clock.fastForward(10_000);
  await expect(warningIn(page)).toBeVisible();
  await expect(warningIn(other)).toBeVisible();
  await expect(warningIn(page)).toContainText(IDLE_SENTENCES.warning);
  const stay = warningIn(page).getByRole('button', { name: 'Stay signed in' });
  await expect(stay).toBeFocused();
  for (const width of [375, 1280] as const) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoAxeViolations(page, `the idle warning at ${width} px`);
    await expectPicture(warningIn(page).locator('.modal-content'), `idle-warning-${width}.png`);
  }

  // By keyboard: Enter on "Stay signed in" keeps her in, in both tabs.
  await page.keyboard.press('Enter');
  await expect(warningIn(page)).toBeHidden();
  await expect(warningIn(other)).toBeHidden();

  // Input in the other tab keeps this one alive too.
  await page.clock.fastForward(20 * MINUTE);
  await other.keyboard.press('Shift');
  await page.clock.fastForward(27 * MINUTE);
  await expect(warningIn(page)).toHaveCount(0);
  await expect(warningIn(other)).toHaveCount(0);

  // Nobody answers: thirty minutes after the last input both tabs sign out. The last seconds pass
  // as time does, so the sign-out and what it loads happen with no clock leaping under them.
  await page.clock.fastForward(3 * MINUTE - LAST_SECONDS);
  for (const tab of [page, other]) {
    await expect(tab.getByText(IDLE_SENTENCES.signedOut)).toBeVisible({
      timeout: LAST_SECONDS + 10_000,
    });
    await expect(logInLink(tab)).toBeVisible();
    await expect(tab.getByRole('heading', { level: 1, name: /Diary|Payments/ })).toHaveCount(0);
  }
});

test('Export record downloads the client’s whole record as JSON, and the record’s log says so', async ({
  page,
}) => {
  const client = await createUser({ verified: true, label: 'export-client' });
  expect((await apiAs(client, '/api/intake', { method: 'PUT', body: INTAKE })).status).toBe(200);
  const user = await createUser({ verified: true, label: 'export' });
  await grantPractitioner(user.uid);
  await signIn(page, user, `/practice/clients/${client.uid}`);
  const exportRecord = page.getByRole('button', { name: 'Export record' });
  await expect(exportRecord).toBeVisible();
  const downloaded = page.waitForEvent('download');
  // By keyboard, as every control of the page.
  await exportRecord.focus();
  await page.keyboard.press('Enter');
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^client-record-${client.uid}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  const record = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    account: { uid: string; email: string };
    intake: { phone: string };
    sessionNotes: unknown[];
  };
  expect(record.account).toMatchObject({ uid: client.uid, email: client.email });
  expect(record.intake.phone).toBe(INTAKE.phone);
  expect(record.sessionNotes).toEqual([]);
  await expect(
    page.getByRole('region', { name: 'Who has read this record' }).getByText(/Exported the client/),
  ).toBeVisible();
});
