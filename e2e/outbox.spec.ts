import fs from 'node:fs';
import path from 'node:path';
import { E2E } from './support/ports';
import { createUser, type TestUser } from './support/emulator';
import {
  checkoutTime,
  checkoutWeekStart,
  deleteBookingsOf,
  emailsTo,
  freeStarts,
  londonDate,
  pick,
  waitForApi,
} from './support/bookings';
import { expect, test } from './support/fixtures';
import { signIn } from './support/signed-in';

// A plan without a cadence: one session, one request email.
const ONE_OFF = 5;

/** The MailDev process the browser tests' stack started (scripts/local-services.mjs). */
function mailServerPid(): number {
  const file = path.resolve(import.meta.dirname, '..', '.data', `${E2E.projectId}.maildev.pid`);
  return Number(fs.readFileSync(file, 'utf8'));
}

test.beforeAll(() => waitForApi());

const cleanUp: TestUser[] = [];
test.afterEach(async ({ closeEveryPage }) => {
  // A page still open could ask for an account about to be deleted: every page goes first.
  await closeEveryPage();
  await Promise.all(cleanUp.splice(0).map((user) => deleteBookingsOf(user)));
});

test('with the mail server paused the request is answered at once, and its email arrives once the server is back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const client = await createUser({ verified: true, label: 'paused-mail' });
  cleanUp.push(client);
  await signIn(page, client, '/');
  // The last free time of this week: the other files book in weeks 1 to 7, the free call first.
  const start = (await freeStarts(ONE_OFF, checkoutWeekStart(0))).at(-1)!;
  await page.goto(`/checkout?service=${ONE_OFF}&day=${londonDate(start)}`);
  await pick(checkoutTime(page, start));

  const pid = mailServerPid();
  process.kill(pid, 'SIGSTOP');
  let answeredIn = Number.POSITIVE_INFINITY;
  try {
    const started = Date.now();
    await page.getByRole('button', { name: 'Request this time' }).click();
    await expect(page.getByRole('heading', { name: 'Your request has been sent' })).toBeVisible();
    answeredIn = Date.now() - started;
  } finally {
    // Paused for less than the mailer's 5 s greeting timeout: other tests' mail only waits.
    process.kill(pid, 'SIGCONT');
  }
  expect(answeredIn).toBeLessThan(2_500);
  await expect
    .poll(async () => (await emailsTo(client.email)).map((email) => email.subject), {
      timeout: 30_000,
    })
    .toContainEqual(expect.stringMatching(/^We have your request: Bereavement and Grief/));
});
