// `--signed-in` for the hydration bench: the pages behind the sign-in gate, measured signed in.
// Starts the `bench` stack of scripts/local-stack.ts (Auth and Functions emulators with their own
// PGlite folder, MailDev and the Stripe stand-in) as `npm run preview` starts its own, seeds a
// verified client with one session request and the practitioner, and signs each in once per served
// site through the login form, keeping the storage state (IndexedDB included: Firebase keeps its
// session there). The sites are built for the preview stack (`--mode preview`), which bakes in that
// stack's Auth emulator address; the bench's browser is pointed from there to this stack's
// (`--host-resolver-rules`), so the preview stack and `npm start` may run beside the bench.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';
import { clientRecordPath, routeTable, type RouteEntry } from '../../src/config/routes.ts';
import { LOCAL_HOST, LOCAL_STACKS, origin } from '../local-stack.ts';
import { emulatedFunction, hostingRewrites } from './hosting-rewrites.ts';
import { root, run, start } from './processes.ts';

export type Role = 'client' | 'practitioner';

export interface SignedInPage {
  /** Whose storage state the page opens with. */
  as: Role;
  /**
   * What only a signed-in visitor sees, once it is on screen (with the page's h1): the page's own
   * content, not the loading screen. Read from the page's components (src/features/…).
   */
  shows: string;
  /** The address to open, when it is not the route's own (a client's record needs their id). */
  at?: (seed: Seed) => string;
}

/** Every signed-in page of the route table, by its path, and what "content shown" waits for. */
export const SIGNED_IN_PAGES: Record<string, SignedInPage> = {
  '/checkout': { as: 'client', shows: '.checkout .service-choice' },
  '/account': { as: 'client', shows: '.account-page .account-facts' },
  '/bookings': { as: 'client', shows: '.my-bookings .booking-card' },
  '/account/intake': { as: 'client', shows: 'form[aria-label="Your details and agreement"]' },
  '/account/questionnaires': { as: 'client', shows: '.questionnaire-list' },
  '/account/data': { as: 'client', shows: '#data-bookings' },
  '/account/billing': { as: 'client', shows: '#billing-payments' },
  '/practice': { as: 'practitioner', shows: '.practice-diary .waiting-item' },
  '/practice/clients': {
    as: 'practitioner',
    shows: '.client-record #intake-heading',
    at: (seed) => clientRecordPath(seed.clientUid),
  },
  '/practice/payments': { as: 'practitioner', shows: '#payments-clients' },
};

/** Signed-in pages the bench does not measure signed in, and why. */
export const NOT_MEASURED_SIGNED_IN: Record<string, string> = {
  '/account/billing/receipts': 'a receipt needs a card payment; the bench seeds none',
  '/account/billing/credit-notes': 'a credit note needs a refunded payment; the bench seeds none',
  '/practice/retained-records':
    'a retained record needs a deleted account with a session held; the bench seeds none',
  '/practice/notes-requests': 'a notes request needs a client to ask; the bench seeds none',
  '/invitations': 'an invitation needs a couple’s booking by another client; the bench seeds none',
};

/** What a page shows a visitor it does not take for signed in (its h1), or the log-in page. */
const PROMPTS = ['Please Log In', 'Your Email is not verified!!', 'Not allowed'];

/**
 * Why a signed-in page's visit does not count, if it does not: a sign-in prompt instead of the
 * page, or its content never on screen. Named by page, so a broken seed never passes as fast.
 */
export function signInProblem(
  label: string,
  page: { pathname: string; h1: string | undefined; shown: boolean; shows: string },
): string | undefined {
  const h1 = page.h1?.trim();
  if (page.pathname === routeTable.login.path || (h1 && PROMPTS.includes(h1)))
    return `${label} showed "${h1 ?? ''}" at ${page.pathname} instead of its signed-in content: the bench's sign-in or seed is broken`;
  if (!page.shown)
    return `${label} never showed its signed-in content (${page.shows}); its h1 was "${h1 ?? 'none'}"`;
  return undefined;
}

/** The routes of the table that a gate keeps for signed-in visitors (for the table's test). */
export function gatedRoutes(): string[] {
  const gate = /\b(RequireSignIn|RequireSignedIn|RequireVerifiedEmail|AccountPage)\b/;
  return Object.values(routeTable as Record<string, RouteEntry>)
    .filter((entry) => entry.prerender && entry.path !== '*')
    .filter((entry) => {
      const module = path.join(root, 'src', 'app', 'routes', `${entry.module}.tsx`);
      return gate.test(fs.readFileSync(module, 'utf8'));
    })
    .map((entry) => entry.path);
}

const stack = LOCAL_STACKS.bench;
const authOrigin = origin(stack.ports.auth);
const toolkit = `${authOrigin}/identitytoolkit.googleapis.com/v1`;
const ADMIN = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
/** The Auth emulator a `--mode preview` build signs in at (scripts/local-env.ts). */
const previewAuth = `${LOCAL_HOST}:${LOCAL_STACKS.preview.ports.auth}`;

/** Chromium's switch that sends the preview build's Auth emulator calls to the bench stack's. */
export const authHostRule = `MAP ${previewAuth} ${LOCAL_HOST}:${stack.ports.auth}`;

/** Throws unless a built site signs in at the preview stack's Auth emulator. */
export function assertPreviewBuild(dir: string): void {
  const assets = path.join(dir, 'assets');
  const scripts = fs.existsSync(assets)
    ? fs.readdirSync(assets).filter((f) => f.endsWith('.js'))
    : [];
  if (
    !scripts.some((file) => fs.readFileSync(path.join(assets, file), 'utf8').includes(previewAuth))
  )
    throw new Error(
      `${dir} does not sign in at ${previewAuth}: build it with \`node scripts/build.ts --mode preview --out-dir ${dir}\``,
    );
}

export interface Credentials {
  email: string;
  password: string;
}

export interface Seed {
  users: Record<Role, Credentials>;
  clientUid: string;
}

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** An account straight in the emulator (admin API), verified: as e2e/support/emulator.ts does. */
async function createUser(label: string, displayName: string) {
  const user = { email: `${label}@example.com`, password: 'correct-horse-42' };
  const { localId } = await call<{ localId: string }>(
    `${toolkit}/projects/${stack.projectId}/accounts`,
    {
      method: 'POST',
      headers: ADMIN,
      body: JSON.stringify({ ...user, displayName, emailVerified: true }),
    },
  );
  return { ...user, uid: localId };
}

/** The London date `days` from now, as the API's `from` takes it. */
const londonDate = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    Date.now() + days * 86_400_000,
  );

/**
 * The client (verified) with one session request a week or two ahead, so that My bookings, My data
 * and the diary show a real row; the practitioner (the custom claim, as `npm run practitioner`).
 */
async function seed(api: string): Promise<Seed> {
  const client = await createUser('bench-client', 'Bench Client');
  const practitioner = await createUser('bench-practitioner', 'Bench Practitioner');
  await call(`${toolkit}/projects/${stack.projectId}/accounts:update`, {
    method: 'POST',
    headers: ADMIN,
    body: JSON.stringify({
      localId: practitioner.uid,
      customAttributes: JSON.stringify({ practitioner: true }),
    }),
  });
  const { idToken } = await call<{ idToken: string }>(
    `${toolkit}/accounts:signInWithPassword?key=bench`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...client, returnSecureToken: true }),
    },
  );
  const serviceId = 2; // a one-off service of public/service.json
  const query = new URLSearchParams({
    service: String(serviceId),
    from: londonDate(7),
    days: '14',
  });
  const { slots } = await call<{ slots: { start: string }[] }>(`${api}/api/availability?${query}`);
  if (!slots[0]) throw new Error('The bench stack offers no free time to book');
  await call(`${api}/api/bookings`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ serviceId, start: slots[0].start, note: 'Seeded by the bench' }),
  });
  return { users: { client, practitioner }, clientUid: client.uid };
}

async function assertFree(port: number): Promise<void> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', () =>
      reject(
        new Error(
          `Port ${port} of the bench stack (scripts/local-stack.ts) is in use: is another --signed-in bench running?`,
        ),
      ),
    );
    server.listen(port, LOCAL_HOST, () => server.close(() => resolve()));
  });
}

export interface SignedInSetup extends Seed {
  /** The function's address on the bench stack's Functions emulator, for the static servers. */
  api: string;
  /** For the bench's Chromium: the preview build's Auth emulator is the bench stack's. */
  browserArgs: string[];
}

/**
 * Builds the function and starts the bench stack, as `npm run preview` starts its own (its data
 * folder emptied first), waits until the API answers, and seeds it. The bench stops the stack with
 * its other children (processes.ts).
 */
export async function startSignedIn(log: (line: string) => void): Promise<SignedInSetup> {
  for (const port of Object.values(stack.ports)) await assertFree(port);
  const env = {
    ...process.env,
    PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`,
  };
  log('Building the function and starting the bench stack (Auth and Functions emulators)…');
  await run('vite', ['build', '--config', 'functions/vite.config.ts'], { env });
  // prettier-ignore
  const emulators = start(process.execPath, [
    'scripts/local-services.mjs', 'bench', '--fresh-data', '--',
    process.execPath, 'scripts/firebase-local.ts', 'bench', 'emulators:start', '--only', 'auth,functions',
  ], { env, group: true, stopSignal: 'SIGINT' });
  const rewrite = hostingRewrites().find((each) => each.source === '/api/**')?.function;
  if (!rewrite) throw new Error('firebase.json has no /api/** rewrite to a function');
  const api = emulatedFunction(origin(stack.ports.functions), stack.projectId, rewrite);
  // The Functions emulator loads the function a few seconds after it starts.
  for (const deadline = Date.now() + 120_000; ; await sleep(500)) {
    if (emulators.process.exitCode !== null)
      throw new Error(`The bench stack stopped:\n${emulators.output.slice(-4000)}`);
    const health = await fetch(`${api}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    if (Date.now() > deadline)
      throw new Error(`The bench stack's API did not answer:\n${emulators.output.slice(-4000)}`);
  }
  const seeded = await seed(api);
  log(
    `Seeded ${seeded.users.client.email} (one session request) and ${seeded.users.practitioner.email}.`,
  );
  return { ...seeded, api, browserArgs: [`--host-resolver-rules=${authHostRule}`] };
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** An ID token lasts an hour; sign in again well before, so no measured visit refreshes it. */
const SESSION_MAX_AGE_MS = 40 * 60_000;

/**
 * The storage state of each user signed in on each served site (storage belongs to an origin),
 * signed in once through the login form as a visitor would, and again only when the ID token
 * nears its hour.
 */
export class Sessions {
  private states = new Map<string, { state: StorageState; at: number }>();

  private browser: Browser;
  private setup: SignedInSetup;
  private contextOptions: BrowserContextOptions;

  constructor(browser: Browser, setup: SignedInSetup, contextOptions: BrowserContextOptions) {
    this.browser = browser;
    this.setup = setup;
    this.contextOptions = contextOptions;
  }

  async state(siteOrigin: string, as: Role): Promise<StorageState> {
    const key = `${as} ${siteOrigin}`;
    const known = this.states.get(key);
    if (known && Date.now() - known.at < SESSION_MAX_AGE_MS) return known.state;
    const at = Date.now();
    const state = await this.signIn(siteOrigin, this.setup.users[as]);
    this.states.set(key, { state, at });
    return state;
  }

  private async signIn(siteOrigin: string, user: Credentials): Promise<StorageState> {
    const context = await this.browser.newContext(this.contextOptions);
    try {
      const page = await context.newPage();
      await page.goto(`${siteOrigin}${routeTable.login.path}`);
      await page.getByLabel('Email address', { exact: true }).fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Log In', exact: true }).click();
      // A fresh load of /account shows the account: the stored session works.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Log Out', includeHidden: true })
        .waitFor({ state: 'attached', timeout: 30_000 });
      await page.goto(`${siteOrigin}${routeTable.account.path}`);
      await page.locator('.account-facts').waitFor({ timeout: 30_000 });
      return await context.storageState({ indexedDB: true });
    } catch (error) {
      throw new Error(`Could not sign ${user.email} in at ${siteOrigin}: ${String(error)}`);
    } finally {
      await context.close();
    }
  }
}
