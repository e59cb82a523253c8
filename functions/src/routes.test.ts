import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { createApi } from './index';
import type { Database } from './platform/database/database';
import { loadServices } from './platform/services';
import { practiceFacts } from '../../shared/practice';
import {
  CALLERS,
  declaredRefusal,
  mayCall,
  type CallerKind,
  type Thing,
} from './platform/http/access-table';
import type { Endpoint } from './platform/http/endpoint';
import { routes } from './routes';
import type { VerifiedToken } from './platform/http/types';
import { insertRefund } from './payments/queries-refunds';
import { passwordToken, type TestAccount } from './testing/accounts';
import { useApiStack } from './testing/api-stack';
import { DATABASE_KINDS } from './testing/databases';
import { createAccounts } from './testing/factories/accounts';

/**
 * Walks the route table as every kind of caller (platform/http/access-table.ts) against the one
 * table of who may do what to whom: first the declarations alone (no database), then every
 * handler on real data with real tokens, where a 2xx to anyone the table leaves out fails.
 */
const entries = Object.entries(routes).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, target]) => ({ path, method, target: target as Endpoint })),
);

describe('the route table’s declarations', () => {
  const NOW = new Date('2027-03-01T09:00:00Z');
  const hoursBefore = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);
  const account = (uid: string, more: Partial<VerifiedToken> = {}): VerifiedToken => ({
    uid,
    email: `${uid}@example.test`,
    emailVerified: true,
    name: '',
    practitioner: false,
    authTime: hoursBefore(1),
    secondFactor: null,
    ...more,
  });
  const tokens: Record<Exclude<CallerKind, 'anonymous'>, VerifiedToken> = {
    unverified: account('u1', { emailVerified: false }),
    client: account('c1'),
    otherClient: account('c2'),
    participant: account('c3'),
    lateParticipant: account('c4'),
    passwordOnly: account('p1', { practitioner: true }),
    practitioner: account('p1', { practitioner: true, secondFactor: 'passkey' }),
    passkeyLongAgo: account('p1', {
      practitioner: true,
      secondFactor: 'passkey',
      authTime: hoursBefore(13),
    }),
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
      const found = Object.entries(tokens).find(([kind]) => token.startsWith(`token-for-${kind}-`));
      if (!found) throw Object.assign(new Error('bad token'), { code: 'auth/argument-error' });
      return found[1];
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

  it('declares who may call every endpoint, and a relation only on a client route', () => {
    expect(entries.length).toBeGreaterThanOrEqual(10);
    for (const { path, method, target } of entries) {
      expect(['anyone', 'client', 'verified', 'practitioner']).toContain(
        target.auth,
      );
      if (target.relation)
        expect(`${method} ${path}: ${target.auth}`).toMatch(/: (client|verified)$/);
    }
  });

  it('resolves what the caller is to every thing a client route names, before its handler', () => {
    // Looked up among the caller's own passkeys alone (passkeys/manage.ts).
    const ownByQuery = ['DELETE /passkeys/:id'];
    const unresolved = entries
      .filter(({ path, target }) => path.includes('/:id') && !target.relation)
      .filter(({ target }) => ['client', 'verified'].includes(target.auth))
      .map(({ method, path }) => `${method} ${path}`);
    expect(unresolved).toEqual(ownByQuery);
  });

  it.each(entries)(
    '$method $path refuses, before any handler, every caller its declaration excludes',
    async ({ method, path, target }) => {
      for (const kind of CALLERS) {
        const refused = declaredRefusal(target.auth, kind);
        if (!refused) continue;
        const answer = await ask(method, path, kind === 'anonymous' ? undefined : kind);
        expect({
          kind,
          status: answer.status,
          type: (answer.body as { type?: string }).type,
        }).toEqual({ kind, status: refused.status, type: `/api/problems/${refused.type}` });
      }
      if (target.auth !== 'anyone') {
        const stranger = await ask(method, path, 'stranger');
        expect(stranger.status).toBe(401);
      }
    },
  );

  it('refuses as the table says over any sequence of callers and routes: no order opens a door', async () => {
    const refusedPairs = entries.flatMap((entry) =>
      CALLERS.flatMap((kind) => {
        const refused = declaredRefusal(entry.target.auth, kind);
        return refused ? [{ ...entry, kind, refused }] : [];
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...refusedPairs), { minLength: 1, maxLength: 30 }),
        async (sequence) => {
          for (const { method, path, kind, refused } of sequence) {
            const answer = await ask(method, path, kind === 'anonymous' ? undefined : kind);
            expect([answer.status, (answer.body as { type?: string }).type]).toEqual([
              refused.status,
              `/api/problems/${refused.type}`,
            ]);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('lets anyone reach the public endpoints without signing in', async () => {
    const publicOnes = entries.filter((entry) => entry.target.auth === 'anyone');
    expect(publicOnes.map((entry) => entry.path).sort()).toEqual([
      '/availability',
      '/calendar/:file',
      '/health',
      '/passkeys/authentication',
      '/passkeys/authentication/options',
      '/payments/:id/signed-receipt.pdf',
      '/payments/credit-notes/:id/signed-credit-note.pdf',
      '/payments/webhook',
      '/sms/inbound',
      '/sms/status',
    ]);
    // Twilio's callbacks are checked by their signature alone (texts/texts.test.ts).
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

// Real accounts in the Auth emulator: her password-only and passkey sign-ins are one account.
const made = await createAccounts({
  unverified: { verified: false },
  client: { name: 'Ada Booker' },
  otherClient: { name: 'Ben Other' },
  participant: { name: 'Pat Early' },
  lateParticipant: { name: 'Lee Late' },
  practitioner: { practitioner: true, name: 'Dr Practitioner' },
});
const accounts: Record<Exclude<CallerKind, 'anonymous'>, TestAccount> = {
  ...made,
  passwordOnly: { ...made.practitioner, idToken: await passwordToken(made.practitioner.email) },
  passkeyLongAgo: made.practitioner,
};
// Her passkey step was a moment ago; `passkeyLongAgo` is the same sign-in asked 13 hours on.
const signedInAt = Date.now();
const FAMILY = 3; // fortnightly, several adults
const COUPLES = 2;

describe.each(DATABASE_KINDS)('every route as every caller, on real data, on %s', (kind) => {
  const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
  let clock = NOW;
  let sessionHoursOn = 0;
  let writes = 0;
  const { db, api, request } = useApiStack(kind, {
    now: () => clock,
    sessionClock: () => new Date(signedInAt + 60_000 + sessionHoursOn * 3_600_000),
    // The walk is many writes by one caller: each comes an hour after the last (no 429).
    writeClock: () => new Date(Date.UTC(2030, 0, 1) + (writes += 1) * 3_600_000),
    beforeEach: () => (clock = NOW),
  });
  /** The status of a call as `who` (a PDF's too, which `request` would read as JSON). */
  async function statusOf(method: string, path: string, who: CallerKind, body?: object) {
    const headers: Record<string, string> = {};
    if (who !== 'anonymous') headers.authorization = `Bearer ${accounts[who].idToken}`;
    if (body) headers['content-type'] = 'application/json';
    const response = await fetch(`${api.url}${path}`, {
      method,
      headers,
      ...(body && { body: JSON.stringify(body) }),
    });
    await response.arrayBuffer();
    return response.status;
  }

  async function accept(who: TestAccount) {
    const list = await request('GET', '/invitations', who);
    expect(list.json.invitations).toHaveLength(1);
    const id = list.json.invitations[0].id as string;
    expect((await request('POST', `/invitations/${id}/accept`, who)).status).toBe(200);
  }

  /** The things the walk names: each of the client's, shared with the participants. */
  async function things() {
    const { client, participant, lateParticipant, otherClient, practitioner } = accounts;
    const series = await request('POST', '/series', client, {
      serviceId: FAMILY,
      start: '2027-03-09T18:00:00Z',
      participants: [
        { name: 'Pat Early', email: participant.email },
        { name: 'Lee Late', email: lateParticipant.email },
      ],
    });
    expect(series.status).toBe(201);
    await accept(participant);
    expect((await request('POST', `/series/${series.json.id}/confirm`, practitioner)).status).toBe(
      200,
    );
    // A one-off couple's session, its invitation waiting for another client.
    const couple = await request('POST', '/bookings', client, {
      serviceId: COUPLES,
      start: '2027-03-25T10:00:00Z',
      participants: [{ name: 'Ben Other', email: otherClient.email }],
    });
    expect(couple.status).toBe(201);
    const invitation = (await request('GET', '/invitations', otherClient)).json.invitations[0].id;
    const waiting = await request('POST', '/waitlist', client, {
      serviceId: 1,
      days: ['Monday'],
      parts: ['morning'],
    });
    expect(waiting.status).toBe(201);
    const payment = await db
      .insertInto('payments')
      .values({
        client_uid: client.uid,
        client_email: client.email,
        client_name: 'Ada Booker',
        service_id: 1,
        amount: 6000,
        currency: 'GBP',
        status: 'paid',
        paid_at: new Date('2027-02-20T10:00:00Z'),
        receipt_year: 2027,
        receipt_sequence: 1,
        created_at: new Date('2027-02-20T10:00:00Z'),
        updated_at: new Date('2027-02-20T10:00:00Z'),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const refund = await insertRefund(db, {
      payment,
      bookingId: null,
      amount: 1000,
      stripeRefundId: null,
      reason: 'a goodwill refund',
      now: new Date('2027-02-21T10:00:00Z'),
    });
    // The first session is held; the late participant is in the room from after it. (An
    // invitation expires at the first session's start, so this is one joined under the earlier
    // rule, set down as the database holds them.)
    clock = new Date('2027-03-09T19:40:00Z');
    await db
      .updateTable('participants')
      .set({ status: 'joined', uid: lateParticipant.uid, responded_at: clock })
      .where('email', '=', lateParticipant.email)
      .execute();
    const [held, ahead] = series.json.sessions as { id: string }[];
    return {
      held: held?.id ?? '',
      ahead: ahead?.id ?? '',
      series: series.json.id as string,
      invitation: invitation as string,
      entry: waiting.json.id as string,
      payment: payment.id,
      refund: refund.id,
    };
  }

  type Things = Awaited<ReturnType<typeof things>>;

  /** The ids a route's path is walked with, and what each is to the table. */
  function targetsOf(path: string, named: Things): { path: string; thing: Thing }[] {
    const at = (id: string, thing: Thing = 'other') => ({
      path: path.replace(/:\w+/, encodeURIComponent(id)),
      thing,
    });
    if (!path.includes(':')) return [{ path, thing: 'other' }];
    if (path.includes('/bookings/:id'))
      return [at(named.ahead, 'session ahead'), at(named.held, 'session held')];
    if (path.includes('/series/:id')) return [at(named.series)];
    if (path.includes('/credit-notes/:id')) return [at(named.refund)];
    if (path.includes('/payments/:id')) return [at(named.payment)];
    if (path.includes('/waitlist/:id')) return [at(named.entry)];
    if (path.includes('/invitations/:id')) return [at(named.invitation)];
    if (path.includes('/clients/:id')) return [at(accounts.client.uid)];
    if (path.includes('/calendar/:file')) return [at('no-such-feed.ics')];
    return [at(randomUUID())];
  }

  /** A body the handler would take, so the walk reaches it rather than a 400. */
  const bodyFor = (method: string, path: string) => {
    if (method === 'GET' || method === 'DELETE') return undefined;
    if (path.endsWith('/move')) return { start: '2027-03-24T10:00:00Z' };
    if (path.endsWith('/note') || path.endsWith('/addenda')) return { text: 'Walked.' };
    return {};
  };

  const walked = entries.filter(({ target }) => target.auth !== 'anyone');

  it('answers 2xx to no one the table leaves out, and the things it names are real', async () => {
    const named = await things();
    const widened: string[] = [];
    const unreached: string[] = [];
    for (const { path, method, target } of walked) {
      for (const { path: asked, thing } of targetsOf(path, named)) {
        for (const who of CALLERS) {
          const allowed = mayCall(target, who, thing);
          // A write by someone the table lets in would change what the next caller finds.
          if (allowed && method !== 'GET') continue;
          sessionHoursOn = who === 'passkeyLongAgo' ? 13 : 0;
          const status = await statusOf(method, asked, who, bodyFor(method, path));
          sessionHoursOn = 0;
          const ok = status >= 200 && status < 300;
          if (!allowed && ok) widened.push(`${method} ${path} (${thing}) as ${who}: ${status}`);
          // Proof the walk is not vacuous: a thing the walk made is read by those it is for.
          if (allowed && !ok && target.relation)
            unreached.push(`${method} ${path} (${thing}) as ${who}: ${status}`);
        }
      }
    }
    expect(widened).toEqual([]);
    expect(unreached).toEqual([]);
    // Every route was walked: each declaration is in the table.
    expect(walked.length).toBe(entries.filter(({ target }) => target.auth !== 'anyone').length);
  }, 240_000);

  it('lets the booker, and a participant from when they joined, cancel; the booker alone move', async () => {
    const named = await things();
    const { participant, lateParticipant, client } = accounts;
    // Held before the late participant joined: not theirs (and over for everyone).
    const late = await request('POST', `/bookings/${named.held}/cancel`, lateParticipant, {});
    expect({ status: late.status, type: late.json.type }).toEqual({
      status: 403,
      type: '/api/problems/not-yours',
    });
    const moved = await request('POST', `/bookings/${named.ahead}/move`, participant, {
      start: '2027-03-24T10:00:00Z',
    });
    expect({ status: moved.status, type: moved.json.type }).toEqual({
      status: 403,
      type: '/api/problems/not-yours',
    });
    const cancelled = await request('POST', `/bookings/${named.ahead}/cancel`, lateParticipant, {});
    expect(cancelled.status).toBe(200);
    const mine = await request('GET', '/bookings', client);
    expect(mine.status).toBe(200);
  });
});
