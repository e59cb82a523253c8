import { createHash, randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { SECOND_FACTOR_PROBLEMS } from '../../shared/second-factor';
import { SoftwareAuthenticator } from '../../functions/src/testing/authenticator';
import { E2E } from './ports';

/**
 * The practitioner's passkeys in the browser tests. Her first passkey is enrolled from the
 * enrolment link (the claim `npm run practitioner` writes) through the API's registration
 * endpoints, with a software authenticator kept here for calls the tests make from Node. Each
 * page that signs in as her gets a passkey of its own, registered with the first and handed to
 * Chromium's virtual authenticator (CDP WebAuthn): the page's passkey step runs for real there,
 * and the API checks every answer. No test gets past the server's check any other way.
 */

const ADMIN = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
const toolkit = `${E2E.authEmulator}/identitytoolkit.googleapis.com/v1`;
const PASSWORD = 'correct-horse-42';

/** Her first passkey (Node's), by uid: only this worker's tests use it. */
const firstPasskeys = new Map<string, { email: string; authenticator: SoftwareAuthenticator }>();

async function json<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function signInWith(body: object, method: string): Promise<string> {
  const { idToken } = await json<{ idToken: string }>(`${toolkit}/accounts:${method}?key=e2e`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  return idToken;
}

const api = <T>(path: string, body: unknown, idToken?: string) =>
  json<T>(`${E2E.siteOrigin}/api${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(idToken && { Authorization: `Bearer ${idToken}` }),
    },
    body: JSON.stringify(body),
  });

/**
 * Makes the account the practitioner as `npm run practitioner` does: the claim, the grant and a
 * one-time enrolment link whose token is returned (only its hash is kept, in the claims).
 */
export async function enrolmentLink(uid: string): Promise<{ email: string; token: string }> {
  const { users } = await json<{ users: { email: string }[] }>(
    `${toolkit}/projects/${E2E.projectId}/accounts:lookup`,
    { method: 'POST', headers: ADMIN, body: JSON.stringify({ localId: [uid] }) },
  );
  const email = users[0]!.email;
  const token = randomBytes(32).toString('base64url');
  const expires = Math.floor(Date.now() / 1000) + 24 * 3600;
  const hash = createHash('sha256').update(token).digest('hex');
  await json(`${toolkit}/projects/${E2E.projectId}/accounts:update`, {
    method: 'POST',
    headers: ADMIN,
    body: JSON.stringify({
      localId: uid,
      customAttributes: JSON.stringify({
        practitioner: true,
        passkey_enrolment: `${hash}:${expires}`,
        // The grant her passkeys are made under (functions/src/passkeys/grant.ts).
        practitioner_grant: hash,
      }),
    }),
  });
  return { email, token };
}

/** The practitioner with her first passkey, enrolled from her link through the API. */
export async function enrolPractitioner(uid: string): Promise<void> {
  const { email, token: enrolment } = await enrolmentLink(uid);
  const password = await signInWith({ email, password: PASSWORD }, 'signInWithPassword');
  const authenticator = new SoftwareAuthenticator(E2E.siteOrigin);
  const options = await api<Parameters<SoftwareAuthenticator['create']>[0]>(
    '/passkeys/registration/options',
    { enrolment },
    password,
  );
  await api(
    '/passkeys/registration',
    { enrolment, response: authenticator.create(options) },
    password,
  );
  firstPasskeys.set(uid, { email, authenticator });
}

export const isPractitioner = (uid: string) => firstPasskeys.has(uid);

/** Her last passkey sign-in's ID token, by uid, and when it was made. */
const recentSignIns = new Map<string, { idToken: string; at: number }>();

/**
 * How long a test reuses her passkey sign-in: within the 5 minutes the gravest acts ask for, so
 * a test's many calls ask the API for few passkey challenges (it limits them per address).
 */
const REUSE_MS = 4 * 60_000;

/** An ID token of a sign-in with her (Node's) passkey, through the API's real endpoints. */
export async function passkeyIdToken(uid: string): Promise<string> {
  const first = firstPasskeys.get(uid);
  if (!first) throw new Error('Enrol the practitioner first (grantPractitioner).');
  const recent = recentSignIns.get(uid);
  if (recent && Date.now() - recent.at < REUSE_MS) return recent.idToken;
  const options = await api<{ challenge: string }>('/passkeys/authentication/options', {});
  const { token } = await api<{ token: string }>('/passkeys/authentication', {
    response: first.authenticator.get(options),
  });
  const idToken = await signInWith({ token }, 'signInWithCustomToken');
  recentSignIns.set(uid, { idToken, at: Date.now() });
  return idToken;
}

/** Her sessions were ended (signed out everywhere, a passkey removed): the next call signs in anew. */
export const forgetPasskeySignIn = (uid: string) => recentSignIns.delete(uid);

/**
 * Gives the page a virtual authenticator (CDP) holding a passkey of hers of its own, added with
 * her first passkey as the API asks for a second one.
 */
export async function passkeyForPage(page: Page, uid: string): Promise<void> {
  const fresh = await passkeyIdToken(uid);
  const pageKey = new SoftwareAuthenticator(E2E.siteOrigin);
  const options = await api<Parameters<SoftwareAuthenticator['create']>[0]>(
    '/passkeys/registration/options',
    {},
    fresh,
  );
  await api(
    '/passkeys/registration',
    { response: pageKey.create(options), name: 'Test browser' },
    fresh,
  );
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: pageKey.exportKey() });
}

/** Chromium's virtual authenticator on the page (CDP): a platform one, verifying its user. */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const REFUND = /\/api\/practice\/payments\/[^/]+\/refund$/;
const PASSKEY_SIGN_IN = '/api/passkeys/authentication';

/**
 * The API's refusal of an act that needs her passkey within the last 5 minutes, as it sends it
 * (functions/src/platform/http/caller.ts, from the same sentences).
 */
const FRESH_PASSKEY_REFUSAL = {
  status: 403,
  headers: { 'content-type': 'application/problem+json; charset=utf-8' },
  body: JSON.stringify({
    type: '/api/problems/fresh-passkey-required',
    title: SECOND_FACTOR_PROBLEMS.title,
    status: 403,
    detail: SECOND_FACTOR_PROBLEMS.notFresh,
  }),
};

/**
 * The refund is refused as the API refuses one whose passkey use is over 5 minutes old, until
 * the page has signed in with her passkey again: the API measures that age on the wall clock (as
 * it does a token's expiry), which a test cannot move by 5 minutes. What it refuses is exactly what
 * the API would: a refreshed ID token keeps its sign-in's time, so the page's own retry with one is
 * refused too; once it has a new passkey sign-in the refund goes to the API. The function it returns
 * checks what the page did: refused, refused again, a passkey sign-in, the refund done (201).
 */
export async function passkeyAskedAgainForRefund(
  page: Page,
  expectProblems: (...patterns: RegExp[]) => void,
): Promise<() => Promise<void>> {
  expectProblems(/response 403: .*\/api\/practice\/payments\/[^/]+\/refund$/);
  let passkeyAgain = false;
  await page.route(REFUND, (route) =>
    passkeyAgain ? route.fallback() : route.fulfill(FRESH_PASSKEY_REFUSAL),
  );
  const seen: (number | 'passkey')[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === PASSKEY_SIGN_IN) passkeyAgain = true;
  });
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (REFUND.test(path) && response.request().method() === 'POST') seen.push(response.status());
    if (path === PASSKEY_SIGN_IN && response.ok()) seen.push('passkey');
  });
  return async () => {
    await expect.poll(() => seen).toEqual([403, 403, 'passkey', 201]);
  };
}
