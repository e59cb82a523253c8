import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { LOCAL_STACKS, origin } from '../scripts/local-stack';
import { formatMoney, vatSentence } from '../shared/money';
import type { MyPayments } from '../shared/payments-api';
import { practiceFacts } from '../shared/practice';
import {
  apiAs,
  checkoutWeekStart,
  deleteBookingsOf,
  diaryWeeksUntil,
  emailsTo,
  formatDay,
  formatTime,
  freeStarts,
  idTokenFor,
  makePractitioner,
  waitForApi,
} from './support/bookings';
import { createUser, type TestUser } from './support/emulator';
import { expect, test } from './support/fixtures';
import { passkeyAskedAgainForRefund } from './support/passkeys';
import { logInLink, logOutButton, toast } from './support/session';
import { E2E } from './support/ports';
import { signIn } from './support/signed-in';
import { expectNoAxeViolations } from './support/axe';
import { expectPicture, setStyles } from './support/screenshots';
import { expectNoSidewaysScroll } from './support/layout';

// Weekly CBT from the middle of checkout week 2, a one-off CBT in the middle of week 7: times the
// other files (which take each week's first or last free times) leave alone.
const CBT = 4;
const SERVICE_NAME = 'Anxiety and Stress (CBT)';
/** The plan's Pay button, with its monthly amount beside the words. */
const SET_UP_PLAN = new RegExp(
  `^Set up monthly payment: £[\\d,]+\\.\\d{2} a month for ${SERVICE_NAME.replace(/[()]/g, '\\$&')}$`,
);
/** A month before the site took any payment: the payments view's look without anyone's data. */
const EMPTY_MONTH = '2026-01';

// One zone and language whatever the machine's (the screenshots), as visual.spec.ts does.
test.use({
  // The local Stripe stand-in's Checkout and Portal pages (Stripe's hosted pages in production).
  allowedOrigins: [E2E.siteOrigin, E2E.authEmulator, origin(LOCAL_STACKS.e2e.ports.stripe)],
  timezoneId: 'Europe/London',
  locale: 'en-GB',
  contextOptions: { reducedMotion: 'reduce' },
});

interface Payment {
  id: string;
  amount: number;
  status: string;
  receiptNumber?: string;
  sessions: { bookingId: string; start: string }[];
}
interface Booked {
  id: string;
  start: string;
  payment?: { status: string; paidUntil?: string };
}

/** Presses Tab until the element has focus (as a keyboard user reaches it), and checks it shows. */
async function tabTo(page: Page, target: Locator, most = 60) {
  for (let step = 0; step < most; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
  const shown = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return style.outlineStyle !== 'none' || style.boxShadow !== 'none';
  });
  expect(shown, 'a visible focus indicator').toBe(true);
}

/** Fills the local Checkout page (Stripe's hosted page in production) and presses Pay. */
async function payOnCheckout(page: Page, card: string) {
  await expect(page.getByRole('heading', { level: 1, name: /^Pay / })).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
}

/** The first email MailDev caught for an address whose subject matches. */
async function emailTo(address: string, subject: RegExp) {
  return (await emailsTo(address)).find((email) => subject.test(email.subject));
}

const receiptEmailTo = (address: string) => emailTo(address, /^Receipt /);

/** The signed, token-free PDF link of a receipt or credit-note email. */
function signedLinkIn(text: string, kind: 'signed-receipt' | 'signed-credit-note'): URL {
  const found = new RegExp(
    `https?://\\S+/${kind}\\.pdf\\?expires=\\d+&signature=[0-9a-f]{64}`,
  ).exec(text);
  expect(found, `a signed ${kind} PDF link in the email`).not.toBeNull();
  return new URL(found![0]);
}

/** The PDF's text, page by page, as one line with single spaces. */
/**
 * Why a paid session of an ended series came back: cancelled with it, or (a week the series
 * skipped because its time was taken, as other tests' bookings can make it) skipped.
 */
const GIVEN_BACK = /(Session cancelled|Week skipped: the time was not free)\./;

/** Whether the month's payment has come back whole, and its credit notes add up to it. */
async function wholeMonthBack(mine: () => Promise<MyPayments>, amount: number) {
  const month = (await mine()).payments[0];
  const notes = (month?.creditNotes ?? []).reduce((sum, note) => sum + note.amount, 0);
  return month?.refunded === amount && notes === amount;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({
    data: bytes,
    isEvalSupported: false,
    // The standard 14 fonts' metrics, read from the package on disk (no fetch in Node).
    standardFontDataUrl: `${path.resolve('node_modules/pdfjs-dist/standard_fonts')}/`,
  }).promise;
  const parts: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  await pdf.destroy();
  return parts.join(' ').replace(/\s+/g, ' ');
}

/** A session's London date as the receipt prints it: "Tuesday 14 April 2027". */
const receiptDate = (start: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: practiceFacts.timeZone,
  }).format(new Date(start));

const middle = <T>(items: T[]): T | undefined => items[Math.floor(items.length / 2)];

/**
 * Books a CBT session in checkout week 7, the horizon's last whole week, from a quarter of it on so
 * that the tests of this file running side by side take different times: early (from a quarter),
 * middle or late (from three quarters). Not from its start: the diary's tests take each day's
 * first times of this week. A time another test takes meanwhile answers 409, so the
 * next. Not week 8: the horizon (56 days from now) ends on its first day at the hour the test
 * runs, so run early in the day it has no free time at all.
 */
async function bookCbtInWeek7(client: TestUser, part: 'early' | 'middle' | 'late') {
  const free = await freeStarts(CBT, checkoutWeekStart(7));
  const from = Math.floor((free.length * { early: 1, middle: 2, late: 3 }[part]) / 4);
  let booked: { status: number; body: Booked } | undefined;
  for (const start of free.slice(from).slice(0, 6)) {
    booked = await apiAs<Booked>(client, '/api/bookings', {
      method: 'POST',
      body: { serviceId: CBT, start, note: '' },
    });
    if (booked.status !== 409) break;
  }
  expect(booked?.status, JSON.stringify(booked?.body)).toBe(201);
  return booked!;
}

const clients: TestUser[] = [];
test.afterEach(async ({ closeEveryPage }) => {
  // A page still open could ask for an account about to be deleted: every page goes first.
  await closeEveryPage();
  await Promise.all(clients.splice(0).map((client) => deleteBookingsOf(client)));
});

test('a weekly series paid on Checkout: Paid to …, the receipt email and its PDF; billing and payments pages', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await waitForApi();
  const client = await createUser({ verified: true, label: 'pay-series-client' });
  clients.push(client);
  const practitioner = await createUser({ verified: true, label: 'pay-series-practitioner' });
  await makePractitioner(practitioner);

  const first = middle(await freeStarts(CBT, checkoutWeekStart(2)));
  expect(first, 'a free CBT time in checkout week 2').toBeTruthy();
  const requested = await apiAs<{ id: string }>(client, '/api/series', {
    method: 'POST',
    body: { serviceId: CBT, start: first, note: '' },
  });
  expect(requested.status).toBe(201);
  const confirmed = await apiAs(practitioner, `/api/series/${requested.body.id}/confirm`, {
    method: 'POST',
    body: {},
  });
  expect(confirmed.status).toBe(200);

  // My bookings offers the monthly payment; Checkout takes it; back on Billing it is confirmed.
  await signIn(page, client, '/bookings');
  const group = page
    .getByRole('region', { name: 'Regular sessions' })
    .getByRole('listitem', { name: SERVICE_NAME });
  await expect(group.getByText('Payment: Unpaid')).toBeVisible();
  await group.getByRole('button', { name: SET_UP_PLAN }).click();
  await payOnCheckout(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/account\/billing\?paid=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByText('Payment confirmed. Thank you.')).toBeVisible({ timeout: 30_000 });
  const plan = page.locator('.billing-plans > li').filter({ hasText: SERVICE_NAME });
  await expect(plan.getByText(/^Paid to \w+ \d{1,2} \w+ \d{4}$/)).toBeVisible();

  const mine = await apiAs<{ payments: Payment[]; plans: { seriesId: string; status: string }[] }>(
    client,
    '/api/payments',
  );
  expect(mine.status).toBe(200);
  expect(mine.body.plans.find((each) => each.seriesId === requested.body.id)?.status).toBe('paid');
  const [payment] = mine.body.payments;
  expect(payment?.status).toBe('paid');
  const receiptNumber = payment!.receiptNumber!;
  expect(receiptNumber).toMatch(new RegExp(`^MP-${new Date().getUTCFullYear()}-\\d{4,}$`));
  expect(payment!.sessions.length).toBeGreaterThan(0);
  await expect(
    page.getByRole('link', { name: `Receipt ${receiptNumber}` }),
    'the payment with its receipt',
  ).toBeVisible();

  await page.goto('/bookings');
  await expect(group.getByText(/^Payment: Paid to /)).toBeVisible();
  await expect(group.getByRole('button', { name: SET_UP_PLAN })).toHaveCount(0);

  // The receipt email, and the PDF it links to, with what an insurer asks for.
  await expect
    .poll(async () => (await receiptEmailTo(client.email))?.subject, { timeout: 20_000 })
    .toContain(receiptNumber);
  const email = await receiptEmailTo(client.email);
  const pdfUrl = signedLinkIn(email?.text ?? '', 'signed-receipt');
  expect(pdfUrl.pathname).toBe(`/api/payments/${payment!.id}/signed-receipt.pdf`);
  // The email's link opens the PDF with no sign-in (no token: its signature is the key).
  const response = await fetch(`${new URL(page.url()).origin}${pdfUrl.pathname}${pdfUrl.search}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/pdf/);
  const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
  expect(text).toContain(`Number: ${receiptNumber}`);
  expect(text).toContain(practiceFacts.professionalBody.membershipNumber);
  expect(text).toContain(vatSentence());
  for (const session of payment!.sessions) {
    expect(text).toContain(`${receiptDate(session.start)}, ${formatTime(session.start)} (London)`);
  }
  expect(text).toContain(SERVICE_NAME);

  // The billing page: axe-clean, by keyboard, 375 px, and as it looked.
  await page.goto('/account/billing');
  await expect(page.getByRole('link', { name: `Receipt ${receiptNumber}` })).toBeVisible();
  await expectNoAxeViolations(page, 'Billing with a paid plan');
  const portal = page.getByRole('button', { name: 'Update card or cancel' });
  await tabTo(page, portal);
  await tabTo(page, page.getByRole('link', { name: `Receipt ${receiptNumber}` }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/account/billing/receipts/${payment!.id}$`));
  await expect(page.getByText(receiptNumber).first()).toBeVisible();
  await page.goBack();
  await tabTo(page, portal);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Your billing' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to the site' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();

  const billingMask = [
    // Whole lines, not the words: a longer date would widen a mask and move pixels.
    plan.locator('p', { hasText: /^Status: / }),
    plan.getByText(/^Next payment: /),
    page.locator('.billing-table tbody td:nth-child(1)'),
    page.locator('.billing-table tbody td:nth-child(2)'),
    page.locator('.billing-table tbody td:nth-child(5)'),
  ];
  await expect(page.getByRole('link', { name: `Receipt ${receiptNumber}` })).toBeVisible();
  // The real stack's dates, and the sessions a payment covers, change with the day the test runs:
  // for the screenshots each masked line and cell is also held to one line, so that a longer text
  // cannot make its box taller and move what follows. (Through the CSSOM: the page's CSP refuses
  // a screenshot's inline style.) The layout checks run on the page as it is.
  const oneLineCells = (on: boolean) =>
    Promise.all(
      billingMask.map((masked) =>
        setStyles(masked, { whiteSpace: on ? 'nowrap' : '', overflow: on ? 'hidden' : '' }),
      ),
    );
  const billingShot = { fullPage: true, mask: billingMask };
  await oneLineCells(true);
  await expectPicture(page, 'billing-1280.png', billingShot);
  await oneLineCells(false);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page, `the page at 375 px (${'Billing'})`);
  await expectNoAxeViolations(page, 'Billing at 375 px');
  await oneLineCells(true);
  await expectPicture(page, 'billing-375.png', billingShot);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The emailed links can be stopped from Billing (asked first): then the email's link is refused.
  const links = page.getByRole('region', { name: 'Links in your emails' });
  await links.getByRole('button', { name: 'Stop my receipt links' }).click();
  await expect(links.getByRole('group')).toContainText('This cannot be undone');
  await links.getByRole('button', { name: 'Yes, stop them' }).click();
  await expect(links.getByRole('status')).toContainText('Stopped: links emailed before');
  await expectNoAxeViolations(page, 'Billing with the receipt links stopped');
  const stopped = await fetch(`${new URL(page.url()).origin}${pdfUrl.pathname}${pdfUrl.search}`);
  expect(stopped.status, 'the emailed link, once stopped').toBe(404);

  // The practitioner's payments, from the diary, by keyboard.
  await logOutButton(page).click();
  await expect(logInLink(page)).toBeVisible();
  await signIn(page, practitioner, '/practice');
  await tabTo(page, page.getByRole('link', { name: 'Payments this month' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/practice\/payments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  const refund = page.getByRole('button', { name: new RegExp(`payment ${receiptNumber}$`) });
  await expect(refund).toBeVisible();
  await expectNoAxeViolations(page, 'Payments this month');
  await tabTo(page, refund);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'the refund question');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(refund).toBeFocused();
  const monthHeading = page.getByRole('navigation', { name: 'Month' }).getByRole('heading');
  const thisMonth = await monthHeading.innerText();
  await tabTo(page, page.getByRole('button', { name: /^← / }));
  await page.keyboard.press('Enter');
  await expect(monthHeading).not.toHaveText(thisMonth);
  await expect(page.getByRole('heading', { level: 2, name: 'Payments' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/practice/payments');
  await expect(refund).toBeVisible();
  await expectNoSidewaysScroll(page, `the page at 375 px (${'Payments this month'})`);
  await expectNoAxeViolations(page, 'Payments this month at 375 px');

  // Its look, in a month before any payment (this month's list holds every file's payments).
  await page.goto(`/practice/payments?month=${EMPTY_MONTH}`);
  await expect(page.getByText('Nothing is due.')).toBeVisible();
  await expectNoSidewaysScroll(page, `the page at 375 px (${'an empty month'})`);
  await expectPicture(page, 'practice-payments-375.png', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectPicture(page, 'practice-payments-1280.png', { fullPage: true });
});

test('a one-off session paid with a declined card: Checkout says why, and nothing is paid', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await waitForApi();
  const client = await createUser({ verified: true, label: 'pay-declined-client' });
  clients.push(client);
  const practitioner = await createUser({ verified: true, label: 'pay-declined-practitioner' });
  await makePractitioner(practitioner);

  const booked = await bookCbtInWeek7(client, 'middle');
  const start = booked.body.start;
  const confirmed = await apiAs(practitioner, `/api/bookings/${booked.body.id}/confirm`, {
    method: 'POST',
    body: {},
  });
  expect(confirmed.status).toBe(200);

  await signIn(page, client, '/bookings');
  const pay = page.getByRole('button', {
    name: new RegExp(
      `^Pay £[\\d,]+\\.\\d{2} for ${SERVICE_NAME.replace(/[()]/g, '\\$&')} on ${formatDay(start)} at ${formatTime(start)}$`,
    ),
  });
  await pay.click();
  await payOnCheckout(page, '4000 0000 0000 0002');
  await expect(page.getByText('Your card was declined. Try another card.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');

  const bookings = await apiAs<{ bookings: Booked[] }>(client, '/api/bookings');
  expect(bookings.body.bookings.find((each) => each.id === booked.body.id)?.payment?.status).toBe(
    'unpaid',
  );
  const payments = await apiAs<{ payments: Payment[] }>(client, '/api/payments');
  expect(payments.body.payments.filter((each) => each.status === 'paid')).toEqual([]);

  await page.goto('/bookings');
  await expect(pay).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ has: pay }).getByText('Payment: Unpaid'),
  ).toBeVisible();
});

test('a refund by the practitioner: its credit note page and PDF, linked from Payments, Billing and the email', async ({
  page,
  expectProblems,
}) => {
  test.setTimeout(180_000);
  await waitForApi();
  const client = await createUser({ verified: true, label: 'pay-refund-client' });
  clients.push(client);
  const practitioner = await createUser({ verified: true, label: 'pay-refund-practitioner' });
  await makePractitioner(practitioner);

  const bookingId = (await bookCbtInWeek7(client, 'late')).body.id;
  const confirmed = await apiAs(practitioner, `/api/bookings/${bookingId}/confirm`, {
    method: 'POST',
    body: {},
  });
  expect(confirmed.status).toBe(200);

  // The client pays on Checkout.
  await signIn(page, client, '/account/billing');
  const checkout = await apiAs<{ url: string }>(client, '/api/payments/checkout', {
    method: 'POST',
    body: { bookingId },
  });
  expect(checkout.status).toBe(201);
  await page.goto(checkout.body.url);
  await payOnCheckout(page, '4242 4242 4242 4242');
  await expect(page.getByText('Payment confirmed. Thank you.')).toBeVisible({ timeout: 30_000 });
  const mine = await apiAs<{ payments: Payment[] }>(client, '/api/payments');
  const payment = mine.body.payments.find((each) => each.sessions[0]?.bookingId === bookingId);
  const receiptNumber = payment!.receiptNumber!;

  // The practitioner refunds £25.00 of it from her payments, after the question.
  await logOutButton(page).click();
  await expect(logInLink(page)).toBeVisible();
  await signIn(page, practitioner, '/practice/payments');
  await page.getByRole('button', { name: new RegExp(`payment ${receiptNumber}$`) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Amount to refund/).fill('25.00');
  // A refund asks for her passkey again when its last use is over 5 minutes old. The API
  // measures that on the wall clock (as it does a token's expiry), which a test cannot move:
  // the first refund answers the very 403 the API's own check throws, the rest go through.
  const askedAgain = await passkeyAskedAgainForRefund(page, expectProblems);
  await dialog.getByRole('button', { name: 'Yes, refund' }).click();
  await expect(dialog).toBeHidden();
  await askedAgain();
  const refunds = page.getByRole('region', { name: 'Refunds' });
  const noteLink = refunds.getByRole('link', { name: /^MP-CN-\d{4}-\d{4,}$/ }).last();
  await expect(noteLink).toBeVisible();
  const creditNumber = await noteLink.innerText();

  // Its page: every field of the receipt, the amount refunded and the receipt it corrects.
  await noteLink.click();
  await expect(page).toHaveURL(/\/account\/billing\/credit-notes\/[0-9a-f-]{36}$/);
  const noteId = new URL(page.url()).pathname.split('/').at(-1)!;
  await expect(page.getByRole('heading', { level: 1, name: 'Credit note' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: `Credit note ${creditNumber}` }),
  ).toBeVisible();
  const article = page.getByRole('article');
  const field = (name: string) => article.locator(`dt:text-is("${name}") + dd`);
  await expect(field('For receipt')).toHaveText(receiptNumber);
  await expect(field('Total refunded')).toHaveText('£25.00');
  await expect(field('Membership number')).toHaveText(
    practiceFacts.professionalBody.membershipNumber,
  );
  await expect(field('Card')).toHaveText('Visa ending 4242');
  await expect(article.getByRole('cell', { name: SERVICE_NAME })).toBeVisible();
  await expect(article).toContainText(vatSentence());
  // Its address served as a page of its own (the hosting rewrite), not for search engines.
  const html = await (await fetch(page.url())).text();
  expect(html).toContain('<meta name="robots" content="noindex" />');
  expect(html).toContain('<title>Credit note |');
  await expectNoAxeViolations(page, 'a credit note');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page, `the page at 375 px (${'a credit note'})`);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Its PDF, as the page's button fetches it (signed in), read back as text.
  const pdf = await fetch(
    `${new URL(page.url()).origin}/api/practice/payments/credit-notes/${noteId}/credit-note.pdf`,
    {
      headers: { Authorization: `Bearer ${await idTokenFor(practitioner)}` },
    },
  );
  expect(pdf.status).toBe(200);
  const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
  expect(text).toContain(`Number: ${creditNumber}`);
  expect(text).toContain(`For receipt: ${receiptNumber}`);
  expect(text).toContain('Total refunded: £25.00');
  expect(text).toContain('visa ending 4242');
  expect(text).toContain(practiceFacts.professionalBody.membershipNumber);
  expect(text).toContain(vatSentence());
  expect(text).toContain(
    `${receiptDate(payment!.sessions[0]!.start)}, ${formatTime(payment!.sessions[0]!.start)} (London)`,
  );

  // The client's email: "Refund of £25.00", the credit note's page, and its PDF with no sign-in.
  await expect
    .poll(async () => (await emailTo(client.email, /^Refund of £25\.00$/))?.subject, {
      timeout: 20_000,
    })
    .toBe('Refund of £25.00');
  const email = await emailTo(client.email, /^Refund of £25\.00$/);
  expect(email?.text).toContain(`/account/billing/credit-notes/${noteId}`);
  const signed = signedLinkIn(email?.text ?? '', 'signed-credit-note');
  const opened = await fetch(`${new URL(page.url()).origin}${signed.pathname}${signed.search}`);
  expect(opened.status).toBe(200);
  expect(await pdfText(new Uint8Array(await opened.arrayBuffer()))).toContain(
    `Number: ${creditNumber}`,
  );
  // A changed signature opens nothing.
  const forged = `${signed.pathname}?expires=${signed.searchParams.get('expires')}&signature=${'0'.repeat(64)}`;
  expect((await fetch(`${new URL(page.url()).origin}${forged}`)).status).toBe(404);

  // The client's billing page links it, and its rows stack at 375 px (no sideways scroll).
  await logOutButton(page).click();
  await expect(logInLink(page)).toBeVisible();
  await signIn(page, client, '/account/billing');
  const link = page.getByRole('link', { name: `Credit note ${creditNumber}` });
  await expect(link).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(link).toBeVisible();
  await expectNoSidewaysScroll(page, `the page at 375 px (${'Billing with a refund'})`);
  const table = page.locator('.billing-table');
  expect(
    await table.evaluate((element) => element.scrollWidth <= element.clientWidth),
    'the payments table fits its box at 375 px',
  ).toBe(true);
  await expectNoAxeViolations(page, 'Billing with a refund at 375 px');
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/account/billing/credit-notes/${noteId}$`));
  await expect(
    page.getByRole('heading', { level: 2, name: `Credit note ${creditNumber}` }),
  ).toBeVisible();
});

test('a plan cancelled in the Customer Portal: Billing and the practitioner’s payments say so, at 1280 and 375 px', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await waitForApi();
  const client = await createUser({ verified: true, label: 'pay-portal-client' });
  clients.push(client);
  const practitioner = await createUser({ verified: true, label: 'pay-portal-practitioner' });
  await makePractitioner(practitioner);
  const first = middle(await freeStarts(CBT, checkoutWeekStart(4)));
  expect(first, 'a free CBT time in checkout week 4').toBeTruthy();
  const requested = await apiAs<{ id: string }>(client, '/api/series', {
    method: 'POST',
    body: { serviceId: CBT, start: first, note: '' },
  });
  expect(requested.status).toBe(201);
  const confirmed = await apiAs(practitioner, `/api/series/${requested.body.id}/confirm`, {
    method: 'POST',
    body: {},
  });
  expect(confirmed.status).toBe(200);

  // Billing, where the confirmation email links, takes the payment itself; no Portal before it.
  await signIn(page, client, '/account/billing');
  const plan = page.locator('.billing-plans > li').filter({ hasText: SERVICE_NAME });
  await expect(plan.getByText('Not paid yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update card or cancel' })).toHaveCount(0);
  await plan.getByRole('button', { name: SET_UP_PLAN }).click();
  await payOnCheckout(page, '4242 4242 4242 4242');
  await expect(page.getByText('Payment confirmed. Thank you.')).toBeVisible({ timeout: 30_000 });

  // The client cancels in the Portal: the plan ends at its period's end, in words.
  await page.getByRole('button', { name: 'Update card or cancel' }).click();
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(
    plan.getByText(/^Cancelled in Stripe: ends on \w+ \d{1,2} \w+ \d{4} \(paid to then\)$/),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expectNoAxeViolations(page, 'Billing with a plan cancelled in the Portal');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page, `the page at 375 px (${'Billing with a cancelled plan'})`);
  await expectNoAxeViolations(page, 'Billing with a cancelled plan at 375 px');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The practitioner's payments: the cancellation, and that the series still stands.
  await logOutButton(page).click();
  await expect(logInLink(page)).toBeVisible();
  await signIn(page, practitioner, '/practice/payments');
  const cancelled = page.getByRole('region', { name: 'Monthly plans cancelled by the client' });
  await expect(cancelled).toContainText(
    'cancelled their monthly payment in Stripe’s Customer Portal',
  );
  await expect(cancelled).toContainText('The series’ sessions still stand');
  await expectNoAxeViolations(page, 'Payments with a plan cancelled in the Portal');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page, `the page at 375 px (${'Payments with a cancelled plan'})`);
  await expectNoAxeViolations(page, 'Payments with a cancelled plan at 375 px');
});

test('a session paid twice (a second page paid as the first expired): refunded automatically, in words on Billing and Payments; the receipt at 375 px', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await waitForApi();
  const client = await createUser({ verified: true, label: 'pay-twice-client' });
  clients.push(client);
  const practitioner = await createUser({ verified: true, label: 'pay-twice-practitioner' });
  await makePractitioner(practitioner);
  const bookingId = (await bookCbtInWeek7(client, 'early')).body.id;
  expect(
    (await apiAs(practitioner, `/api/bookings/${bookingId}/confirm`, { method: 'POST', body: {} }))
      .status,
  ).toBe(200);

  // Two tabs: the second Checkout expires the first; the client pays on the second.
  const open = () =>
    apiAs<{ url: string }>(client, '/api/payments/checkout', {
      method: 'POST',
      body: { bookingId, from: 'bookings' },
    });
  const first = await open();
  const second = await open();
  await signIn(page, client, '/account/billing');
  await page.goto(first.body.url);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This payment page has expired' }),
  ).toBeVisible();
  await page.goto(second.body.url);
  await payOnCheckout(page, '4242 4242 4242 4242');
  await expect(page.getByText('Payment confirmed. Thank you.')).toBeVisible({ timeout: 30_000 });
  // A card submitted on the first page a moment before it expired still goes through.
  const firstId = new URL(first.body.url).pathname.split('/').pop() ?? '';
  const late = await fetch(`${new URL(first.body.url).origin}/test/pay-anyway/${firstId}`, {
    method: 'POST',
  });
  expect(late.status).toBe(204);

  await page.reload();
  const words = 'Refunded automatically: the session was already paid.';
  await expect(page.getByText(words)).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page, 'Billing with an automatic refund');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page, `the page at 375 px (${'Billing with an automatic refund'})`);
  await expectNoAxeViolations(page, 'Billing with an automatic refund at 375 px');
  // The receipt reads at 375 px without sideways scrolling: its sessions are labelled lines.
  await page
    .getByRole('link', { name: /^Receipt MP-/ })
    .first()
    .click();
  await expect(page.getByText('Sessions covered')).toBeVisible();
  await expectNoSidewaysScroll(page, `the page at 375 px (${'a receipt'})`);
  await expect(page.locator('.receipt-sessions td[data-label="Fee"]').first()).toBeVisible();
  await expectNoAxeViolations(page, 'a receipt at 375 px');
  await page.setViewportSize({ width: 1280, height: 900 });

  await logOutButton(page).click();
  await expect(logInLink(page)).toBeVisible();
  await signIn(page, practitioner, '/practice/payments');
  await expect(
    page.getByRole('region', { name: 'Refunds' }).getByText(words).first(),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'Payments with an automatic refund');
});

test('a paid weekly series ended on My bookings: its paid sessions refunded, in words and amount on Billing and on the practitioner’s payments', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await waitForApi();
  const client = await createUser({ verified: true, label: 'pay-end-client' });
  clients.push(client);
  const practitioner = await createUser({ verified: true, label: 'pay-end-practitioner' });
  await makePractitioner(practitioner);

  // Weekly CBT from the middle of checkout week 3 (no other file books CBT in it); a time another
  // test takes meanwhile answers 409, so the next.
  const free = await freeStarts(CBT, checkoutWeekStart(3));
  let requested: { status: number; body: { id: string } } | undefined;
  for (const each of free.slice(Math.floor(free.length / 2)).slice(0, 6)) {
    requested = await apiAs<{ id: string }>(client, '/api/series', {
      method: 'POST',
      body: { serviceId: CBT, start: each, note: '' },
    });
    if (requested.status !== 409) break;
  }
  expect(requested?.status, JSON.stringify(requested?.body)).toBe(201);
  const seriesId = requested!.body.id;
  const confirmed = await apiAs(practitioner, `/api/series/${seriesId}/confirm`, {
    method: 'POST',
    body: {},
  });
  expect(confirmed.status).toBe(200);

  // The client pays the month on Checkout from My bookings.
  await signIn(page, client, '/bookings');
  const group = page
    .getByRole('region', { name: 'Regular sessions' })
    .getByRole('listitem', { name: SERVICE_NAME });
  await group.getByRole('button', { name: SET_UP_PLAN }).click();
  await payOnCheckout(page, '4242 4242 4242 4242');
  await expect(page.getByText('Payment confirmed. Thank you.')).toBeVisible({ timeout: 30_000 });
  const mine = async () => (await apiAs<MyPayments>(client, '/api/payments')).body;
  const paid = (await mine()).payments;
  expect(paid.map((each) => each.status)).toEqual(['paid']);
  const payment = paid[0]!;
  expect(payment.sessions.length, 'the month covers a session of the series').toBeGreaterThan(0);

  // She ends the series by keyboard, asked first.
  await page.goto('/bookings');
  await expect(group.getByText(/^Payment: Paid to /)).toBeVisible();
  const end = group.getByRole('button', { name: 'End these sessions' });
  await expectNoAxeViolations(page, 'My bookings with a paid series');
  await tabTo(page, end);
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: 'End these sessions?' });
  await expect(ask).toBeVisible();
  const howMany = ask.getByText(/^\d+ sessions? will be cancelled\.$/);
  await expect(howMany).toBeVisible();
  await expectNoAxeViolations(page, 'the end question for a paid series');
  // Its buttons by Tab (focus stays in the question); Escape closes it, back on the button.
  const keep = ask.getByRole('button', { name: 'Keep them' });
  await tabTo(page, keep);
  await expect(ask.getByRole('button', { name: 'Yes, end them' })).toBeVisible();
  await expectPicture(ask.locator('.modal-content'), 'end-paid-series-question-1280.png', {
    mask: [howMany],
  });
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(end).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask).toBeVisible();
  await tabTo(page, ask.getByRole('button', { name: 'Yes, end them' }));
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  await expect(toast(page, 'Ended: your weekly')).toBeVisible();
  await expect(group.getByText('Series: Ended')).toBeVisible();
  await expect(group.getByRole('heading', { name: SERVICE_NAME })).toBeFocused();
  await expectNoAxeViolations(page, 'My bookings with a paid series ended');

  // Every paid session was more than the notice period ahead: each comes back, its share of the
  // month, so the month comes back whole (the refunds run from the queue: the API is asked again).
  // A week of the month not yet booked (beyond the booking horizon, by the day the test runs) is
  // paid for too, and comes back with its own credit note.
  await expect.poll(() => wholeMonthBack(mine, payment.amount), { timeout: 30_000 }).toBe(true);
  const refunded = (await mine()).payments[0]!;
  const notes = refunded.creditNotes ?? [];
  expect(notes.length).toBeGreaterThanOrEqual(payment.sessions.length);

  // Billing: the plan ended, the payment's amount refunded, and a credit note for each session.
  await page.goto('/account/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  const plan = page.locator('.billing-plans > li').filter({ hasText: SERVICE_NAME });
  await expect(plan.getByText('Status: Ended')).toBeVisible();
  const row = page
    .locator('.billing-table tbody tr')
    .filter({ has: page.getByRole('link', { name: `Receipt ${payment.receiptNumber!}` }) });
  await expect(row.locator('td[data-label="Amount"]')).toHaveText(
    `${formatMoney(payment.amount)}${formatMoney(refunded.refunded)} refunded`,
  );
  for (const note of notes) {
    const line = row.locator('td[data-label="Receipt"] > span').filter({
      has: page.getByRole('link', { name: `Credit note ${note.number}` }),
    });
    await expect(line).toHaveText(new RegExp(`^Credit note ${note.number}${GIVEN_BACK.source}$`));
  }
  // Each session she had booked in the month, cancelled with the series.
  await expect(
    row.locator('td[data-label="Receipt"] > span').filter({ hasText: 'Session cancelled.' }),
  ).toHaveCount(payment.sessions.length);
  await expectNoAxeViolations(page, 'Billing with an ended paid series');
  await tabTo(page, page.getByRole('link', { name: `Credit note ${notes[0]!.number}` }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 2, name: `Credit note ${notes[0]!.number}` }),
  ).toBeVisible();
  await expect(page.getByRole('article').locator('dt:text-is("Total refunded") + dd')).toHaveText(
    formatMoney(notes[0]!.amount),
  );
  await page.goBack();
  await expect(row.locator('td[data-label="Amount"]')).toContainText('refunded');

  // Its look: what changes with the day masked (dates held to one line, so a longer one cannot
  // make its row taller; the receipt and credit-note numbers), the refund's words shown, and one
  // credit note.
  const changing = [
    page.locator('.billing-table tbody td:nth-child(1)'),
    page.locator('.billing-table tbody td:nth-child(2)'),
  ];
  const mask = [...changing, page.locator('.billing-table tbody td[data-label="Receipt"] a')];
  const steady = async (on: boolean) => {
    await Promise.all(
      changing.map((masked) =>
        setStyles(masked, { whiteSpace: on ? 'nowrap' : '', overflow: on ? 'hidden' : '' }),
      ),
    );
    // One credit note shown, a cancelled session's: the month may also hold a second session, or
    // a week skipped (a bank holiday), by the day the test runs. Important, as `d-block` is.
    await row.locator('td[data-label="Receipt"] > span').evaluateAll((notes, hide) => {
      const kept = notes.find((note) => note.textContent?.endsWith('Session cancelled.'));
      for (const element of notes as HTMLElement[])
        if (hide && element !== kept) element.style.setProperty('display', 'none', 'important');
        else element.style.removeProperty('display');
    }, on);
  };
  await steady(true);
  await expectPicture(page, 'billing-ended-series-1280.png', { fullPage: true, mask });
  await steady(false);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page, `the page at 375 px (${'Billing with an ended series'})`);
  await expectNoAxeViolations(page, 'Billing with an ended paid series at 375 px');
  await steady(true);
  await expectPicture(page, 'billing-ended-series-375.png', { fullPage: true, mask });
  await steady(false);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The practitioner's payments: each refund, its amount, credit note and why.
  await logOutButton(page).click();
  await expect(logInLink(page)).toBeVisible();
  await signIn(page, practitioner, '/practice/payments');
  const refunds = page.getByRole('region', { name: 'Refunds' });
  for (const note of notes) {
    const line = refunds
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: note.number, exact: true }) });
    await expect(line).toContainText(`: ${formatMoney(note.amount)} on `);
    await expect(line).toContainText(GIVEN_BACK);
  }
  await expectNoAxeViolations(page, 'Payments with an ended series’ refunds');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page, `the page at 375 px (${'Payments with refunds'})`);
  await expectNoAxeViolations(page, 'Payments with an ended series’ refunds at 375 px');
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('a paid weekly series ended by the practitioner in her diary: every paid session ahead refunded, on her payments and the client’s Billing', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await waitForApi();
  const client = await createUser({ verified: true, label: 'pay-practice-end-client' });
  clients.push(client);
  const practitioner = await createUser({ verified: true, label: 'pay-practice-end-practitioner' });
  await makePractitioner(practitioner);

  // Weekly CBT from a quarter into checkout week 3 (the client-ends test takes its middle).
  const free = await freeStarts(CBT, checkoutWeekStart(3));
  let requested: { status: number; body: { id: string } } | undefined;
  let first = '';
  for (const each of free.slice(Math.floor(free.length / 4)).slice(0, 6)) {
    requested = await apiAs<{ id: string }>(client, '/api/series', {
      method: 'POST',
      body: { serviceId: CBT, start: each, note: '' },
    });
    first = each;
    if (requested.status !== 409) break;
  }
  expect(requested?.status, JSON.stringify(requested?.body)).toBe(201);
  const confirmed = await apiAs(practitioner, `/api/series/${requested!.body.id}/confirm`, {
    method: 'POST',
    body: {},
  });
  expect(confirmed.status).toBe(200);

  // The client pays the month from Billing.
  await signIn(page, client, '/account/billing');
  const plan = page.locator('.billing-plans > li').filter({ hasText: SERVICE_NAME });
  await plan.getByRole('button', { name: SET_UP_PLAN }).click();
  await payOnCheckout(page, '4242 4242 4242 4242');
  await expect(page.getByText('Payment confirmed. Thank you.')).toBeVisible({ timeout: 30_000 });
  const mine = async () => (await apiAs<MyPayments>(client, '/api/payments')).body;
  const [payment] = (await mine()).payments;
  expect(payment?.status).toBe('paid');

  // The practitioner ends the series from its first session in her diary, asked first.
  await logOutButton(page).click();
  await expect(logInLink(page)).toBeVisible();
  await signIn(page, practitioner, '/practice');
  for (let week = diaryWeeksUntil(first); week > 0; week -= 1)
    await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByText('Loading the diary…')).toHaveCount(0);
  await page
    .getByRole('region', { name: new RegExp(`^${formatDay(first)}`) })
    .getByRole('button', { name: new RegExp(`^${formatTime(first)} to `) })
    .click();
  const details = page.getByRole('dialog', { name: /with Test Visitor$/ });
  await details.getByRole('button', { name: 'End this series' }).click();
  const ask = page.getByRole('dialog', { name: 'End this series?' });
  await expect(ask).toBeVisible();
  await expectNoAxeViolations(page, 'the practitioner’s end question for a paid series');
  await ask.getByRole('button', { name: 'End series' }).click();
  await expect(toast(page, 'Ended ')).toBeVisible();

  // The practice's doing: every paid session ahead comes back whole, so the month does (a week
  // not yet booked as well, with its own credit note).
  await expect.poll(() => wholeMonthBack(mine, payment!.amount), { timeout: 30_000 }).toBe(true);
  const refunded = (await mine()).payments[0]!;
  const notes = refunded.creditNotes ?? [];
  expect(notes.length).toBeGreaterThanOrEqual(payment!.sessions.length);

  await page.goto('/practice/payments');
  const refunds = page.getByRole('region', { name: 'Refunds' });
  for (const note of notes) {
    const line = refunds
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: note.number, exact: true }) });
    await expect(line).toContainText(`: ${formatMoney(note.amount)} on `);
    await expect(line).toContainText(GIVEN_BACK);
  }
  await expectNoAxeViolations(page, 'Payments after she ended a paid series');

  // The client's Billing says so, at 1280 and 375 px.
  await logOutButton(page).click();
  await expect(logInLink(page)).toBeVisible();
  await signIn(page, client, '/account/billing');
  await expect(plan.getByText('Status: Ended')).toBeVisible();
  const row = page
    .locator('.billing-table tbody tr')
    .filter({ has: page.getByRole('link', { name: `Receipt ${payment!.receiptNumber!}` }) });
  await expect(row.locator('td[data-label="Amount"]')).toHaveText(
    `${formatMoney(payment!.amount)}${formatMoney(refunded.refunded)} refunded`,
  );
  for (const note of notes) {
    await expect(
      row.locator('td[data-label="Receipt"] > span').filter({
        has: page.getByRole('link', { name: `Credit note ${note.number}` }),
      }),
    ).toHaveText(new RegExp(`^Credit note ${note.number}${GIVEN_BACK.source}$`));
  }
  await expectNoAxeViolations(page, 'Billing after the practice ended a paid series');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page, `the page at 375 px (${'Billing after the practice ended'})`);
  await expectNoAxeViolations(page, 'Billing after the practice ended a paid series at 375 px');
});
