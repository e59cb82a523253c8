import type { Locator, Page } from '@playwright/test';
import { AGREEMENT } from '../shared/agreement';
import { RISK_ALERT_GATHER_SECONDS } from '../shared/limits';
import { practiceFacts } from '../shared/practice';
import { apiAs, emailsTo, makePractitioner } from './support/bookings';
import { createUser, type TestUser } from './support/emulator';
import { expect, test } from './support/fixtures';
import { signIn } from './support/signed-in';
import { expectNoAxeViolations } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';

const INTAKE = {
  dateOfBirth: '1990-05-17',
  address: '3 Elm Row\nBristol BS2 8AA',
  phone: '07700 900123',
  gp: { name: 'Dr Hollis', surgery: 'Elm Row Surgery' },
  emergencyContact: { name: 'Sam Pike', relationship: 'Partner', phone: '07700 900456' },
  agreement: {
    version: AGREEMENT.version,
    treatment: true,
    confidentiality: true,
    cancellation: true,
  },
};

/** Presses Tab until `target` has the focus (keyboard alone), or fails. */
async function tabTo(page: Page, target: Locator) {
  for (let press = 0; press < 80; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

const practiceEmails = () => emailsTo(practiceFacts.email);

const cleanUp: TestUser[] = [];
// Deleting the account signs its open page out: the page goes first.
test.afterEach(async ({ closeEveryPage }) => {
  // A page still open could ask for an account about to be deleted: every page goes first.
  await closeEveryPage();
  for (const user of cleanUp.splice(0)) {
    await apiAs(user, '/api/account/deletion', { method: 'POST' });
  }
});

test('a client gives their details and the agreement, and can change them later', async ({
  page,
  expectProblems,
}) => {
  // A new client has no intake yet: the API says so with a 404.
  expectProblems(/response 404: .*\/api\/intake$/);
  const client = await createUser({ verified: true, label: 'intake' });
  cleanUp.push(client);
  await signIn(page, client, '/account');
  await page.getByRole('link', { name: /Before your first session/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Before your first session' }),
  ).toBeVisible();
  await expect(page.getByLabel('Date of birth')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Date of birth').fill(INTAKE.dateOfBirth);
  await page.getByLabel('Home address').fill(INTAKE.address);
  await page.getByLabel('Phone number', { exact: true }).fill(INTAKE.phone);
  await page.getByLabel('GP’s name').fill(INTAKE.gp.name);
  await page.getByLabel('GP surgery').fill(INTAKE.gp.surgery);
  await page.getByLabel('Their name').fill(INTAKE.emergencyContact.name);
  await page.getByLabel(/How you know them/).fill(INTAKE.emergencyContact.relationship);
  await page.getByLabel('Their phone number').fill(INTAKE.emergencyContact.phone);
  await page.getByRole('button', { name: 'Save' }).click();
  const summary = page.getByRole('region', { name: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Tick to agree to counselling.',
    'Tick to agree to the confidentiality terms.',
    'Tick to agree to the cancellation terms.',
  ]);
  for (const section of AGREEMENT.sections) await page.getByLabel(section.consent).check();
  await expect(page.getByText(/Terrorism Act 2000/)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Saved\./);
  await expectNoAxeViolations(page, 'intake, saved');

  await page.reload();
  await expect(page.getByLabel('GP surgery')).toHaveValue(INTAKE.gp.surgery);
  await expect(page.getByText(/You agreed to this version on/)).toBeVisible();
  await page.getByLabel('Phone number', { exact: true }).fill('0117 496 0000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Saved\./);
  const { body } = await apiAs<{ phone: string }>(client, '/api/intake');
  expect(body.phone).toBe('0117 496 0000');
});

test('a risk answer on the PHQ-9 shows who to contact at once, and the practice is told without the answers', async ({
  page,
}) => {
  test.setTimeout(90_000 + RISK_ALERT_GATHER_SECONDS * 1000);
  const client = await createUser({ verified: true, label: 'phq' });
  cleanUp.push(client);
  await signIn(page, client, '/');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/account/questionnaires');
  const start = page.getByRole('button', { name: 'Mood (PHQ-9)' });
  // The first call to the API may meet its cold start (the embedded database opening).
  await expect(start).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page, 'questionnaire list at 375 px');

  // Keyboard alone: into each question's group with Tab, choose with the arrow keys or Space.
  await tabTo(page, start);
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Mood (PHQ-9)' });
  await expect(form).toBeVisible();
  // Every answer is a 24 x 24 px target (WCAG 2.5.8), whatever font the phone draws with.
  const smallest = await form.getByRole('radio').evaluateAll((radios) =>
    Math.min(
      ...radios.flatMap((radio) => {
        const box = radio.getBoundingClientRect();
        return [box.width, box.height];
      }),
    ),
  );
  expect(smallest, 'the smallest side of a PHQ-9 answer, in px').toBeGreaterThanOrEqual(24);
  for (let question = 1; question <= 9; question += 1) {
    const group = form.getByRole('group', { name: new RegExp(`^${question}\\. `) });
    await tabTo(page, group.getByRole('radio').first());
    await page.keyboard.press(question === 9 ? 'ArrowDown' : 'Space');
  }
  const help = page.getByRole('region', { name: /talk to someone now/ });
  await expect(help).toBeVisible();
  await expect(help.getByRole('link', { name: '116 123' })).toHaveAttribute('href', 'tel:116123');
  await expect(help).toContainText('option 2');
  await expect(help).toContainText('999');
  await expect(help).toContainText(practiceFacts.phone.display);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'PHQ-9 with a risk answer at 375 px');

  await tabTo(page, page.getByRole('button', { name: 'Send my answers' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible();
  await expect(page.getByRole('region', { name: /talk to someone now/ })).toBeVisible();

  // The email waits a minute after the first risk answer, to count any sent with it.
  const link = `/practice/clients/${client.uid}`;
  await expect
    .poll(
      async () => (await practiceEmails()).filter((email) => email.text?.includes(link)).length,
      {
        timeout: RISK_ALERT_GATHER_SECONDS * 1000 + 40_000,
      },
    )
    .toBe(1);
  const [email] = (await practiceEmails()).filter((each) => each.text?.includes(link));
  expect(email!.subject).toBe('A client’s answers need your attention today');
  expect(email!.text).toContain('1 questionnaire answer with a risk item has come in');
  for (const secret of ['PHQ', 'Thoughts', 'Several days', 'Minimal', client.email]) {
    expect(email!.text).not.toContain(secret);
  }
});

test('the practitioner sees the client’s chart with its bands and cut-off, and the same figures in a table', async ({
  page,
}) => {
  const client = await createUser({ verified: true, label: 'charted' });
  const practitioner = await createUser({ verified: true, label: 'practitioner' });
  await makePractitioner(practitioner);
  cleanUp.push(client);
  await apiAs(client, '/api/intake', { method: 'PUT', body: INTAKE });
  for (const [index, answers] of [
    [2, 2, 2, 2, 2, 2, 2, 1, 1],
    [1, 1, 1, 1, 1, 1, 1, 1, 0],
  ].entries()) {
    // One PHQ-9 a day: the second is the one she asks for.
    if (index > 0) {
      const asked = await apiAs(
        practitioner,
        `/api/practice/clients/${client.uid}/questionnaire-requests`,
        { method: 'POST', body: { instrument: 'PHQ-9' } },
      );
      expect(asked.status).toBe(201);
    }
    const { status } = await apiAs(client, '/api/questionnaires', {
      method: 'POST',
      body: { instrument: 'PHQ-9', answers },
    });
    expect(status).toBe(201);
  }
  await signIn(page, practitioner, `/practice/clients/${client.uid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${client.displayName}’s record`,
  );
  const chart = page.getByRole('img', { name: /PHQ-9 totals over time/ });
  await expect(chart).toBeVisible();
  // Another one today is offered beside a score, never beside "None yet." (issue 38).
  await expect(page.getByRole('button', { name: 'Ask for another PHQ-9 today' })).toBeVisible();
  const gad = page.getByRole('region', { name: 'GAD-7: anxiety' });
  await expect(gad.getByText('None yet.')).toBeVisible();
  await expect(gad.getByRole('button', { name: /Ask for another/ })).toHaveCount(0);
  // The CSI-4 is for couples: not on the record of a client who has none.
  await expect(page.getByRole('region', { name: /CSI-4/ })).toHaveCount(0);
  await expect(chart).toContainText('Clinical cut-off 10');
  const table = page.getByRole('table', { name: /PHQ-9/ });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('16');
  await expect(table.getByRole('row').nth(1)).toContainText('Moderately severe');
  await expect(table.getByRole('row').nth(1)).toContainText('Yes: item 9');
  await expect(table.getByRole('row').nth(2)).toContainText('Mild');
  await expect(page.getByText('Elm Row Surgery')).toBeVisible();
  await expectNoAxeViolations(page, 'client record');

  // The follow-up says what she did; nothing chosen, it says so and keeps what was typed.
  const followUp = page.getByRole('form', { name: 'Record your follow-up' });
  await followUp.getByLabel('What happened (optional)').fill('Phoned; she is safe tonight.');
  await followUp.getByRole('button', { name: 'Record follow-up' }).click();
  await expect(followUp.getByRole('alert')).toHaveText('Choose what you did.');
  await expect(followUp.getByLabel('Contacted the client')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(followUp.getByLabel('What happened (optional)')).toHaveValue(
    'Phoned; she is safe tonight.',
  );
  await tabTo(page, followUp.getByRole('button', { name: 'Record follow-up' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Recorded' })).toContainText(
    'Recorded: contacted the client',
  );
  await expect(followUp).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Risk follow-ups' })).toContainText(
    'Contacted the client: Phoned; she is safe tonight.',
  );
  await expect(page.getByText(/Recorded a risk follow-up \(contacted\)/).first()).toBeVisible();
  await expect(page.getByText(/Opened the client’s record/).first()).toBeVisible();

  await page.setViewportSize({ width: 375, height: 740 });
  // The chart follows its box's width (a ResizeObserver): wait until it is drawn at the phone's.
  await expect
    .poll(() => chart.evaluate((svg) => Number(svg.getAttribute('width'))))
    .toBeLessThanOrEqual(375);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'client record at 375 px');
  // Against the first score (16): 8 is a reliable improvement (6 or more) and below the cut-off.
  await expect(table.getByRole('row').nth(2)).toContainText('Reliable improvement; recovered');
  await expect(chart.locator('.reliable-line')).toHaveCount(2);
  await expect(chart.locator('.point-recovered')).toHaveCount(1);
  // Drawn at the phone's width: its text at its real size, and every band name whole inside it.
  const sizes = await chart
    .locator('text')
    .evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect().height));
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
  const box = (await chart.boundingBox())!;
  for (const label of await chart.locator('.band-label').all()) {
    const each = (await label.boundingBox())!;
    expect(each.x).toBeGreaterThanOrEqual(box.x);
    expect(each.x + each.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
  await expect(chart.locator('.band-label', { hasText: 'Moderately severe 15–19' })).toHaveCount(1);

  // The client sees the same lines on their own data page, in their words (Log Out is in the
  // navbar's menu at 375 px: out and in at the desktop width, then back to the phone's).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Log Out' })
    .click();
  // The phone's width before the page opens, as a client on a phone has it.
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, client, '/account/data');
  const own = page.getByRole('img', { name: /PHQ-9 totals over time/ });
  await expect(own).toContainText('The line: 10');
  await expect(page.getByRole('table', { name: /PHQ-9/ }).getByRole('row').nth(2)).toContainText(
    'Better, by more than chance; now below the line',
  );
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'my data with the chart at 375 px');
});

test('a client downloads everything held about them', async ({ page }) => {
  const client = await createUser({ verified: true, label: 'export' });
  cleanUp.push(client);
  await apiAs(client, '/api/intake', { method: 'PUT', body: INTAKE });
  await signIn(page, client, '/account');
  await page.getByRole('link', { name: 'Download my data' }).click();
  // The router keeps /account on screen while the page's code loads (slow on a busy CI machine).
  await expect(page.getByRole('heading', { level: 1, name: 'My data' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/Elm Row Surgery/)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data (JSON)' }).click(),
  ]);
  const saved = await download.path();
  const { readFile } = await import('node:fs/promises');
  const data = JSON.parse(await readFile(saved, 'utf8')) as { account: { uid: string } };
  expect(data.account.uid).toBe(client.uid);
  await expectNoAxeViolations(page, 'my data');
});
