// `--signed-in` for the hydration bench: the pages behind the sign-in gate, measured signed in.
// Starts the `bench` stack of scripts/local-stack.ts (Auth and Functions emulators with their own
// PGlite folder, MailDev and the Stripe stand-in) as `npm run preview` starts its own, seeds a
// verified client with one session request and the practitioner with her passkey (seed.ts,
// passkey.ts), serves the measured site at the stack's site address on localhost (the origin its
// API checks passkeys against), and signs each user in once per served site through the login
// form, the practitioner then through the diary's passkey step, keeping the storage state
// (IndexedDB included: Firebase keeps its session there). The sites are built for the preview
// stack (`--mode preview`), which bakes in that stack's Auth emulator address; the bench's
// browser is pointed from there to this stack's (`--host-resolver-rules`), so the preview stack
// and `npm start` may run beside the bench.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';
import { clientRecordPath, routeTable, type RouteEntry } from '../../src/config/routes.ts';
import {
  LOCAL_HOST,
  LOCAL_STACKS,
  origin,
  SITE_HOST,
  siteOrigin as stackSiteOrigin,
} from '../local-stack.ts';
import { emulatedFunction, hostingRewrites } from './hosting-rewrites.ts';
import { addVirtualAuthenticator, passkeyAfterUse } from './passkey.ts';
import { root, run, serve, staticServer, start } from './processes.ts';
import { seed, type Credentials, type Role, type Seed } from './seed.ts';

export type { Role };

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
  // Its heading comes once the account's passkeys are loaded (the client has none).
  '/account/passkeys': { as: 'client', shows: '.account-page #passkeys-heading' },
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

/** The diary's passkey step (src/features/practice/passkey-step.tsx). */
const PASSKEY_STEP = 'Confirm it is you with your passkey';

/**
 * What a page shows a visitor it does not take for signed in (its h1), or the log-in page; for
 * the practitioner, also a sign-in without her passkey step.
 */
const PROMPTS = ['Please Log In', 'Your Email is not verified!!', 'Not allowed', PASSKEY_STEP];

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

/** A module's source with that of the modules it imports by a relative path (one level). */
function sourceWithImports(file: string): string {
  const source = fs.readFileSync(file, 'utf8');
  const imported = [...source.matchAll(/from '(\.{1,2}\/[^']+)'/g)]
    .map(([, specifier = '']) => path.resolve(path.dirname(file), specifier))
    .flatMap((base) => ['.tsx', '.ts'].map((extension) => `${base}${extension}`))
    .filter((candidate) => fs.existsSync(candidate));
  return [source, ...imported.map((each) => fs.readFileSync(each, 'utf8'))].join('\n');
}

/**
 * The routes of the table that a gate keeps for signed-in visitors (for the table's test): the
 * route's module or a page it renders (a feature's page, /account/passkeys) names the gate.
 */
export function gatedRoutes(): string[] {
  const gate = /\b(RequireSignIn|RequireAccount|RequireVerifiedEmail|AccountPage)\b/;
  return Object.values(routeTable as Record<string, RouteEntry>)
    .filter((entry) => entry.prerender && entry.path !== '*')
    .filter((entry) =>
      gate.test(sourceWithImports(path.join(root, 'src', 'app', 'routes', `${entry.module}.tsx`))),
    )
    .map((entry) => entry.path);
}

const stack = LOCAL_STACKS.bench;
/** The Auth emulator a `--mode preview` build signs in at (scripts/local-env.ts), on the site's host. */
const previewAuth = `${SITE_HOST}:${LOCAL_STACKS.preview.ports.auth}`;

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
  /**
   * The measured site, served over HTTP/1.1 at the bench stack's site address: the origin the
   * API's passkeys take as the site's (SITE_URL), so her passkey step runs here.
   */
  siteOrigin: string;
  /** For the bench's Chromium: the preview build's Auth emulator is the bench stack's. */
  browserArgs: string[];
}

/**
 * Builds the function and starts the bench stack, as `npm run preview` starts its own (its data
 * folder emptied first), waits until the API answers, seeds it, and serves the site in `siteDir`
 * at the stack's site address. The bench stops the stack with its other children (processes.ts).
 */
export async function startSignedIn(
  siteDir: string,
  log: (line: string) => void,
): Promise<SignedInSetup> {
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
  const siteOrigin = await serve(staticServer, siteDir, stack.ports.site, { api });
  if (siteOrigin !== stackSiteOrigin(stack.ports.site))
    throw new Error(`The site is served at ${siteOrigin}, not where the API expects it`);
  const seeded = await seed(api, siteOrigin);
  log(
    `Seeded ${seeded.users.client.email} (one session request) and ` +
      `${seeded.users.practitioner.email} (her passkey enrolled from her link).`,
  );
  return { ...seeded, api, siteOrigin, browserArgs: [`--host-resolver-rules=${authHostRule}`] };
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * A storage state of one origin as another origin's: the same signed-in session (the Firebase
 * user in IndexedDB, the session hint in localStorage), for a served site other than the one the
 * API takes as its passkeys' origin.
 */
export function stateAt(state: StorageState, from: string, to: string): StorageState {
  return {
    cookies: state.cookies,
    origins: state.origins
      .filter((each) => each.origin === from)
      .map((each) => ({ ...each, origin: to })),
  };
}

/** An ID token lasts an hour; sign in again well before, so no measured visit refreshes it. */
const SESSION_MAX_AGE_MS = 40 * 60_000;

/**
 * The storage state of each user signed in on each served site (storage belongs to an origin),
 * signed in once through the login form as a visitor would, and again only when the ID token
 * nears its hour. The practitioner then takes the diary's passkey step with her passkey in the
 * browser's virtual authenticator. WebAuthn ties that step to the one site origin the API
 * accepts (`setup.siteOrigin`); another served origin (a compared build, the HTTP/2 server) gets
 * her session from there, the server's checks having run on it.
 */
export class Sessions {
  private states = new Map<string, { state: StorageState; at: number }>();

  private browser: Browser;
  private setup: SignedInSetup;
  private contextOptions: BrowserContextOptions;
  /** Her passkey with its signature counter as the last browser left it. */
  private passkey: SignedInSetup['passkey'];

  constructor(browser: Browser, setup: SignedInSetup, contextOptions: BrowserContextOptions) {
    this.browser = browser;
    this.setup = setup;
    this.contextOptions = contextOptions;
    this.passkey = setup.passkey;
  }

  async state(siteOrigin: string, as: Role): Promise<StorageState> {
    return (await this.session(siteOrigin, as)).state;
  }

  private async session(siteOrigin: string, as: Role) {
    const key = `${as} ${siteOrigin}`;
    const known = this.states.get(key);
    if (known && Date.now() - known.at < SESSION_MAX_AGE_MS) return known;
    let session: { state: StorageState; at: number };
    if (as === 'practitioner' && siteOrigin !== this.setup.siteOrigin) {
      const home = await this.session(this.setup.siteOrigin, as);
      session = { state: stateAt(home.state, this.setup.siteOrigin, siteOrigin), at: home.at };
    } else {
      const at = Date.now();
      session = { state: await this.signIn(siteOrigin, as), at };
    }
    this.states.set(key, session);
    return session;
  }

  private async signIn(siteOrigin: string, as: Role): Promise<StorageState> {
    const user: Credentials = this.setup.users[as];
    const context = await this.browser.newContext(this.contextOptions);
    try {
      const page = await context.newPage();
      const authenticator =
        as === 'practitioner' ? await addVirtualAuthenticator(page, this.passkey) : undefined;
      await page.goto(`${siteOrigin}${routeTable.login.path}`);
      await page.getByLabel('Email address', { exact: true }).fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Log In', exact: true }).click();
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Log Out', includeHidden: true })
        .waitFor({ state: 'attached', timeout: 30_000 });
      if (authenticator) {
        // Her second step, as she takes it: the diary asks, her passkey answers, the API checks.
        await page.goto(`${siteOrigin}${routeTable.practice.path}`);
        await page.getByRole('heading', { name: PASSKEY_STEP }).waitFor({ timeout: 30_000 });
        await page.getByRole('button', { name: 'Use my passkey' }).click();
        // The diary's own content, which only a sign-in with her passkey step is shown.
        await page
          .getByRole('heading', { name: PASSKEY_STEP })
          .waitFor({ state: 'detached', timeout: 30_000 });
        await page
          .locator(SIGNED_IN_PAGES[routeTable.practice.path]!.shows)
          .waitFor({ timeout: 30_000 });
        this.passkey = await passkeyAfterUse(authenticator, this.passkey);
      }
      // A fresh load of /account shows the account: the stored session works.
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
