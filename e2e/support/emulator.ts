import { randomUUID } from 'node:crypto';
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

export async function disableUser(uid: string): Promise<void> {
  await call(`${toolkit}/accounts:update`, {
    method: 'POST',
    headers: ADMIN,
    body: JSON.stringify({ localId: uid, disableUser: true }),
  });
}

export async function lookupUser(email: string) {
  const { users } = await call<{
    users?: { localId: string; emailVerified?: boolean; displayName?: string }[];
  }>(`${toolkit}/accounts:lookup`, {
    method: 'POST',
    headers: ADMIN,
    body: JSON.stringify({ email: [email] }),
  });
  return users?.[0];
}

interface OobCode {
  email: string;
  requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET' | string;
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
