import type { Locator, Page } from '@playwright/test';
import { createUser } from './support/emulator';
import { expect, ready, test } from './support/fixtures';
import { holdRequests } from './support/hold';
import { signIn } from './support/signed-in';

// A signed-in page's first reads go out as the page boots, in a browser signed in last time,
// while React still downloads (src/app/page-reads.ts): its content is not a round trip behind
// hydration. Each page here is held before React has downloaded: its reads go out all the same.

/** React itself: held, neither the page nor its content's code can run yet. */
const REACT_CHUNK = /\/assets\/framework-[^/]*\.js$/;

const PAGES: {
  path: string;
  reads: string[];
  content: (page: Page) => Locator;
  /** What the API answers a new client that is not a failure. */
  expected?: RegExp;
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
    path: '/bookings',
    reads: ['/api/bookings', '/api/series', '/api/waitlist'],
    content: (page) => page.getByText('You have no upcoming bookings.'),
  },
];

for (const { path, reads, content, expected } of PAGES) {
  test(`${path} asks for its content before React has hydrated it, once`, async ({
    page,
    expectProblems,
  }) => {
    if (expected) expectProblems(expected);
    const user = await createUser({ verified: true, label: 'first-reads' });
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
  });
}
