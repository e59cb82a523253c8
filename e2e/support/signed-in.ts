import type { Page } from '@playwright/test';
import { localStackEnv } from '../../scripts/local-env.ts';
import { SESSION_HINT_KEY } from '../../src/lib/session-hint';
import { createUser, grantPractitioner, visualUser, type TestUser } from './emulator';
import { expect, test as base } from './fixtures';
import { isPractitioner, passkeyForPage } from './passkeys';
import { E2E } from './ports';

const API_KEY = localStackEnv('e2e').VITE_FIREBASE_API_KEY;
const clientApi = `${E2E.authEmulator}/identitytoolkit.googleapis.com/v1`;
/** Where the Firebase SDK keeps the signed-in user of the default app (browserLocalPersistence). */
const PERSISTED_USER_KEY = `firebase:authUser:${API_KEY}:[DEFAULT]`;
/** A page of the site's origin that loads nothing, answered by the test, to write its storage. */
const BLANK = `${E2E.siteOrigin}/__e2e-sign-in__`;

async function post<T>(endpoint: string, body: unknown): Promise<T> {
  const response = await fetch(`${clientApi}/${endpoint}?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${endpoint}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Signs in over the Auth emulator's REST API and returns the user as the Firebase SDK persists
 * it: the app finds it at boot, moves it into IndexedDB and is signed in, as after a real log-in.
 */
async function persistedSession(user: Pick<TestUser, 'email' | 'password'>) {
  const session = await post<{ idToken: string; refreshToken: string; expiresIn: string }>(
    'accounts:signInWithPassword',
    { email: user.email, password: user.password, returnSecureToken: true },
  );
  const { users } = await post<{
    users: {
      localId: string;
      email: string;
      emailVerified?: boolean;
      displayName?: string;
      createdAt?: string;
      lastLoginAt?: string;
      providerUserInfo?: Record<string, unknown>[];
    }[];
  }>('accounts:lookup', { idToken: session.idToken });
  const [account] = users;
  if (!account) throw new Error(`no account for ${user.email}`);
  return {
    uid: account.localId,
    email: account.email,
    emailVerified: account.emailVerified ?? false,
    displayName: account.displayName,
    isAnonymous: false,
    providerData: (account.providerUserInfo ?? []).map((info) => ({
      providerId: info.providerId,
      uid: info.rawId ?? info.federatedId,
      displayName: info.displayName ?? null,
      email: info.email ?? null,
      phoneNumber: info.phoneNumber ?? null,
      photoURL: info.photoUrl ?? null,
    })),
    stsTokenManager: {
      refreshToken: session.refreshToken,
      accessToken: session.idToken,
      expirationTime: Date.now() + Number(session.expiresIn) * 1000,
    },
    createdAt: account.createdAt,
    lastLoginAt: account.lastLoginAt,
    apiKey: API_KEY,
    appName: '[DEFAULT]',
  };
}

/**
 * Puts a signed-in session into the page's browser context without the login form (that form has
 * its own tests in auth.spec.ts): the next page of the site that loads is signed in.
 */
async function seedSession(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  const persisted = JSON.stringify(await persistedSession(user));
  await page.route(BLANK, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>sign-in</title>' }),
  );
  await page.goto(BLANK);
  await page.evaluate(
    ([userKey, value, hintKey]) => {
      localStorage.setItem(userKey, value);
      localStorage.setItem(hintKey, '1');
    },
    [PERSISTED_USER_KEY, persisted, SESSION_HINT_KEY] as const,
  );
  await page.unroute(BLANK);
}

/**
 * The practitioner's second step, as she takes it: the practice pages ask for her passkey after
 * the password, and the page's virtual authenticator answers with a passkey of hers
 * (e2e/support/passkeys.ts); the API checks the answer and the page signs in with its token.
 */
async function confirmWithPasskey(page: Page, uid: string): Promise<void> {
  await passkeyForPage(page, uid);
  await page.goto('/practice');
  const step = page.getByRole('heading', { name: 'Confirm it is you with your passkey' });
  await page.getByRole('button', { name: 'Use my passkey' }).click();
  await expect(step).toBeHidden();
  // The pointer would otherwise rest where the button was, hovering whatever the page puts there.
  await page.mouse.move(0, 0);
}

/**
 * Signs the page in (see `seedSession`), opens `path` and waits until the navbar knows it: its
 * Log Out is in the page (at a phone's width inside the closed menu, so hidden, not absent). The
 * practitioner (made with `grantPractitioner` or `makePractitioner`) confirms with her passkey.
 */
export async function signIn(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'> & { uid?: string },
  path: string,
): Promise<void> {
  await seedSession(page, user);
  if (user.uid && isPractitioner(user.uid)) await confirmWithPasskey(page, user.uid);
  await page.goto(path);
  await expect(
    page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Log Out', includeHidden: true }),
  ).toBeAttached();
}

/**
 * Signs in a visual test's account (`visualUser`: the same address on every run), with the
 * practitioner's claim and passkey if asked. It signs in at a desktop's width, where the navbar's
 * Log Out shows without opening the menu, then gives the page back its own width.
 */
export async function signInForPictures(
  page: Page,
  key: string,
  { verified = true, practitioner = false }: { verified?: boolean; practitioner?: boolean } = {},
): Promise<TestUser> {
  const user = await visualUser(key, verified);
  if (practitioner) await grantPractitioner(user.uid);
  const width = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, user, '/');
  if (width) await page.setViewportSize(width);
  return user;
}

interface SignedInFixtures {
  /** A verified client whose session the test's `page` already holds: open any page. */
  signedInClient: TestUser;
  /** A verified practitioner (the custom claim), signed in the same way. */
  signedInPractitioner: TestUser;
}

/** The browser fixture (`fixtures.ts`) plus users who are signed in before the test begins. */
export const test = base.extend<SignedInFixtures>({
  signedInClient: async ({ page }, use) => {
    const user = await createUser({ verified: true, label: 'client' });
    await seedSession(page, user);
    await use(user);
  },
  signedInPractitioner: async ({ page }, use) => {
    const user = await createUser({ verified: true, label: 'practitioner' });
    await grantPractitioner(user.uid);
    await seedSession(page, user);
    await confirmWithPasskey(page, user.uid);
    await use(user);
  },
});

export { expect };
