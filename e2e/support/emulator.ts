import { randomUUID } from 'node:crypto';
import { enrolPractitioner } from './passkeys';
import { E2E, type StackAddresses } from './ports';

const ADMIN = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
const toolkitOf = (stack: StackAddresses) =>
  `${stack.authEmulator}/identitytoolkit.googleapis.com/v1/projects/${stack.projectId}`;
const toolkit = toolkitOf(E2E);

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  displayName: string;
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Creates an account straight in the emulator (admin API), verified or not. */
export async function createUser(options: {
  verified: boolean;
  label?: string;
  /** Whose Auth emulator: the browser tests' (default) or another local stack's. */
  stack?: StackAddresses;
}): Promise<TestUser> {
  const email = uniqueEmail(options.label ?? 'user');
  const password = 'correct-horse-42';
  const displayName = 'Test Visitor';
  const body = { email, password, displayName, emailVerified: options.verified };
  const { localId } = await call<{ localId: string }>(
    `${toolkitOf(options.stack ?? E2E)}/accounts`,
    {
      method: 'POST',
      headers: ADMIN,
      body: JSON.stringify(body),
    },
  );
  return { uid: localId, email, password, displayName };
}

/**
 * An account with the same address on every run (one per test, so parallel tests never share it),
 * for the visual tests: a random address would change the width of the text around it, which no
 * mask hides. One left by an earlier run against a reused emulator is deleted first.
 */
export async function visualUser(key: string, verified: boolean): Promise<TestUser> {
  const email = `visual-${key}@example.com`;
  const old = await lookupUser(email);
  if (old)
    await call(`${toolkit}/accounts:delete`, {
      method: 'POST',
      headers: ADMIN,
      body: JSON.stringify({ localId: old.localId }),
    });
  const password = 'correct-horse-42';
  const displayName = 'Test Visitor';
  const body = { email, password, displayName, emailVerified: verified };
  const { localId } = await call<{ localId?: string }>(`${toolkit}/accounts`, {
    method: 'POST',
    headers: ADMIN,
    body: JSON.stringify(body),
  });
  if (!localId) throw new Error(`no account made for ${email}`);
  return { uid: localId, email, password, displayName };
}

export async function disableUser(uid: string): Promise<void> {
  await call(`${toolkit}/accounts:update`, {
    method: 'POST',
    headers: ADMIN,
    body: JSON.stringify({ localId: uid, disableUser: true }),
  });
}

export async function lookupUser(email: string) {
  const { users } = await call<{
    users?: { localId: string; email?: string; emailVerified?: boolean; displayName?: string }[];
  }>(`${toolkit}/accounts:lookup`, {
    method: 'POST',
    headers: ADMIN,
    body: JSON.stringify({ email: [email] }),
  });
  return users?.[0];
}

interface OobCode {
  email: string;
  /** VERIFY_AND_CHANGE_EMAIL: the address the link is for (`email` is the current one). */
  newEmail?: string;
  requestType:
    'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'VERIFY_AND_CHANGE_EMAIL' | 'RECOVER_EMAIL' | (string & {});
  oobCode: string;
  oobLink: string;
}

/** The newest email of that kind the emulator "sent" to this address, if any. */
export async function latestOobCode(email: string, requestType: OobCode['requestType']) {
  const { oobCodes } = await call<{ oobCodes: OobCode[] }>(
    `${E2E.authEmulator}/emulator/v1/projects/${E2E.projectId}/oobCodes`,
    { method: 'GET' },
  );
  return oobCodes.filter((code) => code.email === email && code.requestType === requestType).at(-1);
}

/** Follows a link from an emulator email, as the visitor would by clicking it. */
export async function openOobLink(link: string): Promise<void> {
  const response = await fetch(link, { redirect: 'manual' });
  if (response.status >= 400) throw new Error(`oob link answered ${response.status}`);
}

const clientApi = `${E2E.authEmulator}/identitytoolkit.googleapis.com/v1`;
const CLIENT = { 'Content-Type': 'application/json' };

/** Signs in over REST (not in the page), for requests the visitor would make from elsewhere. */
async function idTokenOf(user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  const { idToken } = await call<{ idToken: string }>(
    `${clientApi}/accounts:signInWithPassword?key=e2e`,
    {
      method: 'POST',
      headers: CLIENT,
      body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
    },
  );
  return idToken;
}

/** Has the emulator "email" a link, as the site would have asked it to. */
export async function sendOobCode(
  user: Pick<TestUser, 'email' | 'password'>,
  request:
    | { requestType: 'VERIFY_EMAIL'; continueUrl?: string }
    | { requestType: 'PASSWORD_RESET' }
    | { requestType: 'VERIFY_AND_CHANGE_EMAIL'; newEmail: string },
): Promise<void> {
  const body =
    request.requestType === 'PASSWORD_RESET'
      ? { ...request, email: user.email }
      : { ...request, idToken: await idTokenOf(user) };
  await call(`${clientApi}/accounts:sendOobCode?key=e2e`, {
    method: 'POST',
    headers: CLIENT,
    body: JSON.stringify(body),
  });
}

/**
 * Changes the address as an admin would; the emulator then "emails" the old address a
 * RECOVER_EMAIL link, as Firebase does after an email change.
 */
export async function changeEmailAsAdmin(uid: string, email: string): Promise<void> {
  await call(`${toolkit}/accounts:update`, {
    method: 'POST',
    headers: ADMIN,
    body: JSON.stringify({ localId: uid, email }),
  });
}

/**
 * Revokes every session of the account (the Admin SDK's revokeRefreshTokens sets validSince).
 * One second ahead, so a token issued in this very second counts as issued before it.
 */
export async function revokeSessions(uid: string): Promise<void> {
  const validSince = String(Math.floor(Date.now() / 1000) + 1);
  await call(`${toolkit}/accounts:update`, {
    method: 'POST',
    headers: ADMIN,
    body: JSON.stringify({ localId: uid, validSince }),
  });
}

/**
 * The site's own /auth/action URL for an emulator email: a real template points at our page;
 * the emulator's link points at its own handler, so keep its query and swap the address.
 */
export function siteActionPath(oobLink: string): string {
  const emulatorLink = new URL(oobLink);
  const query = new URLSearchParams();
  for (const name of ['mode', 'oobCode', 'continueUrl', 'lang']) {
    const value = emulatorLink.searchParams.get(name);
    if (value !== null) query.set(name, value);
  }
  return `/auth/action?${query}`;
}

/**
 * Grants the practitioner custom claim with an enrolment link, as `npm run practitioner` does,
 * and enrols her first passkey from it (e2e/support/passkeys.ts): `signIn` then takes her
 * through the passkey step.
 */
export async function grantPractitioner(uid: string): Promise<void> {
  await enrolPractitioner(uid);
}
