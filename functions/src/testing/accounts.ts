import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { localEnv } from './local-env';

/**
 * Real ID tokens from the Auth emulator of the `api` stack (`npm run test:api` starts it).
 * Accounts are made through its REST API and shaped with firebase-admin, as in production.
 */
function authEmulator(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) {
    throw new Error('The API tests need the Auth emulator: run them with `npm run test:api`.');
  }
  return `http://${host}`;
}

export function adminAuth() {
  if (getApps().length === 0) initializeApp({ projectId: localEnv.projectId() });
  return getAuth();
}

export interface TestAccount {
  uid: string;
  email: string;
  idToken: string;
}

let sequence = 0;
const PASSWORD = 'a-long-test-password';

async function identityToolkit(
  method: string,
  body: object,
): Promise<{ idToken: string; localId: string }> {
  const response = await fetch(
    `${authEmulator()}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  if (!response.ok)
    throw new Error(`Auth emulator ${method}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { idToken: string; localId: string };
}

/**
 * Signs in with a custom token the Admin SDK mints, as POST /api/passkeys/authentication does
 * after checking a passkey: the ID token carries `claims` (e.g. `second_factor`) and a fresh
 * `auth_time`.
 */
export async function signInWithCustomClaims(
  uid: string,
  claims: Record<string, string>,
): Promise<string> {
  const token = await adminAuth().createCustomToken(uid, claims);
  return (await identityToolkit('signInWithCustomToken', { token, returnSecureToken: true }))
    .idToken;
}

/** A password-only sign-in of an account made by `createAccount` (no second step). */
export async function passwordToken(email: string): Promise<string> {
  return (
    await identityToolkit('signInWithPassword', {
      email,
      password: PASSWORD,
      returnSecureToken: true,
    })
  ).idToken;
}

/**
 * Signs up a new account and returns a token that carries its verification and claims. The
 * practitioner's token has her passkey step too (`second_factor: "passkey"`), minted as the API
 * mints it; the passkey tests (src/passkeys) go through the real ceremony instead.
 */
export async function createAccount(
  options: { verified?: boolean; practitioner?: boolean; name?: string } = {},
) {
  sequence += 1;
  const email = `client-${process.pid}-${sequence}-${Date.now()}@example.test`;
  const { localId } = await identityToolkit('signUp', {
    email,
    password: PASSWORD,
    returnSecureToken: true,
  });
  const auth = adminAuth();
  await auth.updateUser(localId, {
    emailVerified: options.verified ?? true,
    displayName: options.name ?? `Client ${sequence}`,
  });
  if (options.practitioner) await auth.setCustomUserClaims(localId, { practitioner: true });
  const idToken = options.practitioner
    ? await signInWithCustomClaims(localId, { second_factor: 'passkey' })
    : await passwordToken(email);
  return { uid: localId, email, idToken } satisfies TestAccount;
}
