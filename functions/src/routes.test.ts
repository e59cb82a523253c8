import { createApi } from './index';
import type { Database } from './platform/database/database';
import { loadServices } from './platform/services';
import { practiceFacts } from '../../shared/practice';
import type { Access } from './platform/http/endpoint';
import { routes } from './routes';
import type { Caller } from './platform/http/types';

/**
 * Walks the route table: every endpoint refuses the callers its declaration excludes, before it
 * reads a body or the database (which would answer 500 here: this one throws on any use).
 */
const NOW = new Date('2027-03-01T09:00:00Z');
const hoursBefore = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
const signedIn = { authTime: hoursBefore(1), secondFactor: null };
const callers: Record<string, Caller> = {
  unverified: {
    uid: 'u1',
    email: 'u1@example.test',
    emailVerified: false,
    name: '',
    practitioner: false,
    ...signedIn,
  },
  client: {
    uid: 'c1',
    email: 'c1@example.test',
    emailVerified: true,
    name: '',
    practitioner: false,
    ...signedIn,
  },
  practitioner: {
    uid: 'p1',
    email: 'p1@example.test',
    emailVerified: true,
    name: '',
    practitioner: true,
    authTime: hoursBefore(1),
    secondFactor: 'passkey',
  },
  // Her password alone, without the passkey step.
  passwordOnly: {
    uid: 'p1',
    email: 'p1@example.test',
    emailVerified: true,
    name: '',
    practitioner: true,
    authTime: hoursBefore(1),
    secondFactor: null,
  },
  // Her passkey, but 13 hours ago (every hour's ID token of that sign-in keeps its auth_time).
  passkeyLongAgo: {
    uid: 'p1',
    email: 'p1@example.test',
    emailVerified: true,
    name: '',
    practitioner: true,
    authTime: hoursBefore(13),
    secondFactor: 'passkey',
  },
};
const untouchable = new Proxy(
  {},
  {
    get() {
      throw new Error('The database was reached before the caller was checked.');
    },
  },
) as Database;
const api = createApi({
  db: untouchable,
  services: loadServices(),
  hours: practiceFacts.openingHours,
  siteUrl: 'https://www.example.test',
  now: () => NOW,
  sessionClock: () => NOW,
  verifyToken: async (token) => {
    const caller = callers[/^token-for-(\w+)-and-/.exec(token)?.[1] ?? ''];
    if (!caller) throw Object.assign(new Error('bad token'), { code: 'auth/argument-error' });
    return caller;
  },
  outbox: {
    practiceEmail: 'practice@example.test',
    deliver: () => {
      throw new Error('Nothing may be sent for a refused caller.');
    },
  },
});

const ask = (method: string, path: string, who?: string) =>
  api({
    method,
    path: path.replaceAll(':id', '0b7c4c4e-8c1e-4d7a-9a39-3f4f1c2b9d10'),
    query: new URLSearchParams(),
    authorization: who ? `Bearer token-for-${who}-and-padding-to-look-real` : undefined,
    body: {},
  });

/** Who each level of access must turn away, and with what. */
const refused: Record<Access, [string | undefined, number, string][]> = {
  anyone: [],
  client: [
    [undefined, 401, '/api/problems/not-signed-in'],
    ['stranger', 401, '/api/problems/not-signed-in'],
  ],
  verified: [
    [undefined, 401, '/api/problems/not-signed-in'],
    ['stranger', 401, '/api/problems/not-signed-in'],
    ['unverified', 403, '/api/problems/email-not-verified'],
  ],
  practitioner: [
    [undefined, 401, '/api/problems/not-signed-in'],
    ['stranger', 401, '/api/problems/not-signed-in'],
    ['unverified', 403, '/api/problems/not-practitioner'],
    ['client', 403, '/api/problems/not-practitioner'],
    ['passwordOnly', 403, '/api/problems/second-factor-required'],
    ['passkeyLongAgo', 403, '/api/problems/second-factor-required'],
  ],
};

const entries = Object.entries(routes).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, target]) => ({ path, method, auth: target.auth })),
);

describe('the route table', () => {
  it('declares who may call every endpoint', () => {
    expect(entries.length).toBeGreaterThanOrEqual(10);
    for (const entry of entries)
      expect(['anyone', 'client', 'verified', 'practitioner']).toContain(entry.auth);
  });

  it.each(entries)('$method $path ($auth) refuses the callers it should', async (entry) => {
    for (const [who, status, type] of refused[entry.auth]) {
      const answer = await ask(entry.method, entry.path, who);
      expect({ who, status: answer.status, type: (answer.body as { type?: string }).type }).toEqual(
        { who, status, type },
      );
    }
  });

  it('lets anyone reach the public endpoints without signing in', async () => {
    const publicOnes = entries.filter((entry) => entry.auth === 'anyone');
    expect(publicOnes.map((entry) => entry.path).sort()).toEqual([
      '/availability',
      '/calendar/:file',
      '/health',
      '/passkeys/authentication',
      '/passkeys/authentication/options',
      '/payments/:id/signed-receipt.pdf',
      '/payments/credit-notes/:id/signed-credit-note.pdf',
      '/payments/webhook',
    ]);
    // The webhook's only check is Stripe's signature (here no payments are set up at all).
    expect((await ask('POST', '/payments/webhook')).status).toBe(503);
    // The emailed PDF links are checked by their signature alone (payments.test.ts).
    expect((await ask('GET', '/payments/:id/signed-receipt.pdf')).status).toBe(503);
    expect((await ask('GET', '/health')).status).toBe(200);
    // No service named: a 400 about the query, not a refusal of the caller.
    expect((await ask('GET', '/availability')).status).toBe(400);
    // A feed's token is its key: a malformed one is not found before the database is asked.
    expect((await ask('GET', '/calendar/not-a-token.ics')).status).toBe(404);
  });

  it('has no seeding route: only the browser tests’ stack adds them (platform/settings.ts)', async () => {
    expect(
      entries.map((entry) => entry.path).filter((path) => path.startsWith('/seeding')),
    ).toEqual([]);
    expect((await ask('POST', '/seeding/held-session', 'client')).status).toBe(404);
  });
});
