import type { Locator, Page } from '@playwright/test';
import { INTAKE } from '../functions/src/testing/factories/clinical';
import { apiAs, makePractitioner } from './support/bookings';
import { createUser, type TestUser } from './support/emulator';
import { expect, ready, test } from './support/fixtures';
import { holdRequests } from './support/hold';
import { signIn } from './support/signed-in';

// A signed-in page's first reads go out as the page boots, in a browser signed in last time,
// while React still downloads (src/app/page-reads.ts): its content is not a round trip behind
// hydration. Each page here is held before React has downloaded: its reads go out all the same.

/** React itself: held, neither the page nor its content's code can run yet. */
const REACT_CHUNK = /\/assets\/framework-[^/]*\.js$/;

const PAGES: {
  /** The page, for the client the test makes. */
  path: string | ((client: TestUser) => string);
  reads: string[] | ((client: TestUser) => string[]);
  content: (page: Page) => Locator;
  /** What the API answers a new client that is not a failure. */
  expected?: RegExp;
  /** Opened by the practitioner, on the client's record (their intake sent). */
  practitioner?: true;
}[] = [
  {
    path: '/account/intake',
    reads: ['/api/intake'],
    // No intake yet: the form opens empty.
    expected: /response 404: .*\/api\/intake$/,
    content: (page) => page.getByRole('form', { name: 'Your details and agreement' }),
  },
  {
    path: '/account/data',
    reads: ['/api/account/export', '/api/account/notes'],
    content: (page) => page.getByRole('heading', { level: 2, name: 'Your bookings' }),
  },
  {
    // The practitioner opens a client's record: read once, so logged once ("Who has read").
    path: (client) => `/practice/clients/${client.uid}`,
    reads: (client) => [`/api/practice/clients/${client.uid}`],
    practitioner: true,
    content: (page) => page.getByRole('heading', { level: 2, name: 'Intake' }),
  },
  {
    path: '/account/passkeys',
    reads: ['/api/passkeys'],
    content: (page) => page.getByRole('button', { name: 'Add a passkey on this device' }),
  },
  {
    path: '/bookings',
    reads: ['/api/bookings', '/api/series', '/api/waitlist'],
    content: (page) => page.getByText('You have no upcoming bookings.'),
  },
];

for (const { path: pathOf, reads: readsOf, content, expected, practitioner } of PAGES) {
  const named = typeof pathOf === 'string' ? pathOf : pathOf({ uid: '<client>' } as TestUser);
  test(`${named} asks for its content before React has hydrated it, once`, async ({
    page,
    expectProblems,
  }) => {
    if (expected) expectProblems(expected);
    const client = await createUser({ verified: true, label: 'first-reads' });
    let user = client;
    if (practitioner) {
      expect((await apiAs(client, '/api/intake', { method: 'PUT', body: INTAKE })).status).toBe(
        200,
      );
      user = await createUser({ verified: true, label: 'first-reads-practitioner' });
      await makePractitioner(user);
    }
    const path = typeof pathOf === 'string' ? pathOf : pathOf(client);
    const reads = typeof readsOf === 'function' ? readsOf(client) : readsOf;
    await signIn(page, user, '/');
    const release = await holdRequests(page, REACT_CHUNK);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const askedWhileHeld = reads.map((read) =>
      page.waitForRequest((request) => new URL(request.url()).pathname === read),
    );
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await Promise.all(askedWhileHeld);
    await expect(page.locator('html')).not.toHaveAttribute('data-ready');

    release();
    await ready(page);
    await expect(content(page)).toBeVisible();
    // The page took the answers it had asked for as it booted: it did not ask again.
    await page.waitForLoadState('networkidle');
    for (const read of reads)
      expect(
        asked.filter((p) => p === read),
        read,
      ).toHaveLength(1);
    if (practitioner)
      await expect(
        page
          .getByRole('region', { name: 'Who has read this record' })
          .getByText('Opened the client’s record', { exact: false }),
      ).toHaveCount(1);
  });
}
