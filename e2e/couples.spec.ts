import type { Page } from '@playwright/test';
import { createUser, latestOobCode, openOobLink, uniqueEmail } from './support/emulator';
import type { TestUser } from './support/emulator';
import {
  apiAs,
  checkoutTime,
  checkoutWeekStart,
  deleteBookingsOf,
  diaryWeeksUntil,
  emailsTo,
  freeStarts,
  londonDate,
  makePractitioner,
  pick,
  renameUser,
  waitForApi,
} from './support/bookings';
import { expectNoAxeViolations } from './support/axe';
import { expectPicture } from './support/screenshots';
import { expect, signIn, test } from './support/signed-in';
import { expectNoSidewaysScroll } from './support/layout';

// Couples Counselling: a weekly series, for the client and their partner.
const COUPLES = 2;

test.beforeAll(() => waitForApi());

const cleanUp: TestUser[] = [];
test.afterEach(async ({ closeEveryPage }) => {
  // A page still open could ask for an account about to be deleted: every page goes first.
  await closeEveryPage();
  await Promise.all(cleanUp.splice(0).map((user) => deleteBookingsOf(user)));
});

/** Tab (forwards) until `name` has the focus, then press Enter. */
async function pressByKeyboard(page: Page, name: string) {
  const target = page.getByRole('button', { name, exact: true });
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
}

for (const width of [375, 1280]) {
  test(`a couple books together; the partner registers from the invitation, joins and agrees, at ${width} px`, async ({
    page,
    newContext,
    expectProblems,
  }) => {
    // The partner has no intake yet when the form first loads.
    expectProblems(/response 404: .*\/api\/intake$/);
    test.setTimeout(180_000);
    const booker = await createUser({ verified: true, label: `couple-${width}` });
    cleanUp.push(booker);
    const bookerName = `Ada Booker ${width}`;
    await renameUser(booker, bookerName);
    const partnerEmail = uniqueEmail(`partner-${width}`);
    // The horizon's last week, from its end: the last free day for one width, the one before
    // for the other (other files take that week's first free times).
    const starts = await freeStarts(COUPLES, checkoutWeekStart(7));
    const days = [...new Set(starts.map((each) => londonDate(each)))];
    const day = days.at(width < 600 ? -1 : -2)!;
    const start = starts.filter((each) => londonDate(each) === day).at(-1)!;

    // The client asks for Couples Counselling with the partner's name and email.
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, booker, `/checkout?service=${COUPLES}&day=${londonDate(start)}`);
    await pick(checkoutTime(page, start));
    const partnerName = page.getByLabel('Partner’s name');
    await expect(partnerName).toBeVisible();
    await expect(page.getByRole('group', { name: 'Your partner' })).toBeVisible();
    // The booker's note is theirs and the practitioner's: the partner never sees it.
    await page.getByLabel('Note for the practitioner (optional)').fill('Gate code 4417');
    await partnerName.fill('Pat <b>Partner</b>');
    await page.getByLabel('Partner’s email').fill(partnerEmail);
    await expectNoAxeViolations(page, `couples checkout at ${width} px`);
    await expectNoSidewaysScroll(page);
    await expectPicture(
      page.locator('fieldset.party-fields'),
      `couples-partner-fields-${width}.png`,
      { mask: [page.getByLabel('Partner’s email')], wholePixel: true },
    );
    const asked = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/series') && response.request().method() === 'POST',
    );
    await page.locator('form.booking-form button[type="submit"]').click();
    const series = (await (await asked).json()) as { id: string; participants: unknown };
    expect(series.participants).toEqual([
      {
        id: expect.any(String),
        name: 'Pat <b>Partner</b>',
        status: 'invited',
        agreementAccepted: false,
      },
    ]);
    await expect(page.getByRole('heading', { name: 'Your request has been sent' })).toBeFocused();

    // The partner's email arrives, with the link to the invitation.
    await expect
      .poll(async () => (await emailsTo(partnerEmail)).map((email) => email.subject), {
        timeout: 30_000,
      })
      .toContainEqual(expect.stringMatching(/invites you to Couples Counselling$/));
    const invitation = (await emailsTo(partnerEmail)).find((email) =>
      email.subject.endsWith('invites you to Couples Counselling'),
    )!;
    const link = /https?:\/\/\S+\/invitations/.exec(invitation.text ?? '')?.[0];
    expect(link).toBeTruthy();

    // The link leads through registration (and verification) to the invitation.
    const partnerContext = await newContext({ viewport: { width, height: 900 } });
    const partnerPage = await partnerContext.newPage();
    await partnerPage.goto(new URL(link!).pathname);
    await expect(partnerPage).toHaveURL('/login');
    await partnerPage.getByRole('link', { name: 'Please register!' }).click();
    await partnerPage.getByLabel('Username').fill('Pat Partner');
    await partnerPage.getByLabel('Email address', { exact: true }).fill(partnerEmail);
    await partnerPage.getByLabel('Password', { exact: true }).fill('calm-waters-7');
    await partnerPage.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(partnerPage).toHaveURL('/invitations');
    await expect(
      partnerPage.getByRole('heading', { name: 'Your Email is not verified!!' }),
    ).toBeVisible();
    await expect.poll(() => latestOobCode(partnerEmail, 'VERIFY_EMAIL')).toBeTruthy();
    await openOobLink((await latestOobCode(partnerEmail, 'VERIFY_EMAIL'))!.oobLink);
    await partnerPage.getByRole('button', { name: 'I have verified my email' }).click();

    const card = partnerPage.getByRole('region', { name: /^Couples Counselling with / });
    await expect(card).toBeVisible();
    await expect(card).toContainText('invites you to come too');
    await expect(card.getByRole('heading')).toHaveText(`Couples Counselling with ${bookerName}`);
    await expectNoAxeViolations(partnerPage, `invitation at ${width} px`);
    await expectNoSidewaysScroll(partnerPage);
    // The session's date changes from run to run: the shot shows a fixed one in its place.
    await card
      .locator('p')
      .first()
      .evaluate((paragraph) => {
        paragraph.textContent = paragraph.textContent.replace(
          /from .* \(UK time\)/,
          'from Wednesday 3 March at 18:00 (UK time)',
        );
      });
    await expectPicture(card, `couples-invitation-${width}.png`);

    // Joined by keyboard alone.
    await pressByKeyboard(partnerPage, 'Join Couples Counselling');
    await expect(partnerPage.getByText('You have joined Couples Counselling.')).toBeVisible();
    await expectPicture(partnerPage.locator('.alert-success'), `couples-joined-${width}.png`);
    await expect(
      partnerPage.getByRole('link', { name: 'Your details and the agreement' }),
    ).toHaveAttribute('href', '/account/intake');

    // Their own card names who else is coming, never themselves, and what they still have to do.
    await partnerPage.goto('/bookings');
    const toDo = partnerPage
      .getByRole('region', { name: 'Regular sessions' })
      .getByRole('listitem', { name: 'Couples Counselling' });
    await expect(toDo.getByText(`With ${bookerName} (who booked)`)).toBeVisible();
    await expect(toDo.getByText(/Pat/)).toHaveCount(0);
    await expect(toDo.getByText('Still to do before your first session:')).toBeVisible();
    await expectNoAxeViolations(partnerPage, `partner’s bookings, intake to do, at ${width} px`);
    await expectPicture(toDo, `couples-partner-to-do-${width}.png`, {
      mask: [toDo.locator('.card-body > p').first(), toDo.locator('.series-sessions')],
    });
    await toDo.getByRole('link', { name: 'your intake and therapy agreement' }).click();
    await expect(partnerPage).toHaveURL('/account/intake');

    // The partner gives their own details and accepts the agreement.
    await partnerPage.getByLabel('Date of birth').fill('1986-02-11');
    await partnerPage.getByLabel('Home address').fill('3 Elm Row\nBristol BS2 8AA');
    await partnerPage.getByLabel('Phone number', { exact: true }).fill('07700 900123');
    await partnerPage.getByLabel('GP’s name').fill('Dr Hollis');
    await partnerPage.getByLabel('GP surgery').fill('Elm Row Surgery');
    await partnerPage.getByLabel('Their name').fill('Sam Pike');
    await partnerPage.getByLabel('How you know them (for example partner, friend)').fill('Sister');
    await partnerPage.getByLabel('Their phone number').fill('07700 900456');
    for (const box of await partnerPage.getByRole('checkbox').all()) await box.check();
    await partnerPage.getByRole('button', { name: 'Save' }).click();
    await expect(partnerPage.getByText(/^Saved\. Thank you/)).toBeVisible();

    // The partner sees the standing time in My bookings: the booker's to move, end and pay.
    await partnerPage.goto('/bookings');
    const regular = partnerPage.getByRole('region', { name: 'Regular sessions' });
    const standing = regular.getByRole('listitem', { name: 'Couples Counselling' });
    await expect(standing.getByText(`With ${bookerName} (who booked)`)).toBeVisible();
    const paidBy = standing.getByText('Paid by the person who booked');
    await expect(paidBy).toBeVisible();
    // Legible: not the badge's white text on the card's white (the site has no text-bg helpers).
    expect(await paidBy.evaluate((badge) => getComputedStyle(badge).color)).not.toBe(
      'rgb(255, 255, 255)',
    );
    // The partner is not named to themselves; their intake is done, so nothing is left to do.
    await expect(standing.getByText(/Pat/)).toHaveCount(0);
    await expect(standing.getByText(/Still to do/)).toHaveCount(0);
    await expect(standing).not.toContainText('Gate code 4417');
    await expect(partnerPage.locator('main')).not.toContainText('Gate code 4417');
    await expect(standing.getByRole('button', { name: /^(Move|Skip)/ })).toHaveCount(0);
    await expect(standing.getByRole('button', { name: /Set up monthly payment/ })).toHaveCount(0);
    await expect(standing.getByRole('button', { name: 'End these sessions' })).toHaveCount(0);
    await expect(
      partnerPage.getByRole('region', { name: 'Upcoming' }).getByText('Couples Counselling'),
    ).toHaveCount(0);
    await expect(partnerPage.locator('main b')).toHaveCount(0);
    await expectNoAxeViolations(partnerPage, `partner’s bookings at ${width} px`);
    await expectNoSidewaysScroll(partnerPage);
    // The dates change from run to run: masked in the shot.
    await expectPicture(standing, `couples-partner-series-${width}.png`, {
      mask: [standing.locator('.card-body > p').first(), standing.locator('.series-sessions')],
    });

    // The practitioner sees both names.
    const practitioner = await createUser({ verified: true, label: `couple-practice-${width}` });
    await makePractitioner(practitioner);
    const confirmed = await apiAs(practitioner, `/api/series/${series.id}/confirm`, {
      method: 'POST',
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const practiceContext = await newContext({ viewport: { width, height: 900 } });
    const practicePage = await practiceContext.newPage();
    await signIn(practicePage, practitioner, '/practice');
    await expect(practicePage.getByRole('heading', { level: 1, name: 'Diary' })).toBeVisible();
    for (let next = diaryWeeksUntil(start); next > 0; next -= 1)
      await practicePage.getByRole('button', { name: 'Next week' }).click();
    await expect(practicePage.getByText('Loading the diary…')).toHaveCount(0);
    await practicePage
      .getByRole('button', { name: new RegExp(`${bookerName} Couples Counselling`) })
      .filter({ visible: true })
      .first()
      .click();
    const dialog = practicePage.getByRole('dialog');
    await expect(dialog.getByText(booker.email)).toBeVisible();
    await expect(dialog.getByText('Pat <b>Partner</b> (joined)')).toBeVisible();
    await expect(dialog.getByText(partnerEmail.toLowerCase())).toBeVisible();
    await expectNoAxeViolations(practicePage, `session dialog with the partner at ${width} px`);
  });
}
