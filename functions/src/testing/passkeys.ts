import { createHash, randomBytes } from 'node:crypto';
import { adminAuth, passwordToken, type TestAccount } from './accounts';
import { API_TESTS_PASSKEY_ORIGIN, call } from './api-server';
import { SoftwareAuthenticator } from './authenticator';

/**
 * Gives the account an enrolment link as `npm run practitioner` does (scripts/practitioner.mjs):
 * the practitioner claim, `passkey_enrolment: "<SHA-256 of the token>:<expiry, Unix s>"` and the
 * grant (`practitioner_grant`, that hash), every earlier session ended. Returns the link's token
 * and a password-only token that carries the claims.
 */
export async function grantEnrolment(
  account: TestAccount,
  expiresAt = new Date(Date.now() + 24 * 3_600_000),
): Promise<{ enrolment: string; password: TestAccount }> {
  const enrolment = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(enrolment).digest('hex');
  await adminAuth().setCustomUserClaims(account.uid, {
    practitioner: true,
    passkey_enrolment: `${hash}:${Math.floor(expiresAt.getTime() / 1000)}`,
    practitioner_grant: hash,
  });
  // Revocation counts whole seconds: a sign-in from this very second would still be taken.
  await adminAuth().revokeRefreshTokens(account.uid);
  return { enrolment, password: { ...account, idToken: await passwordToken(account.email) } };
}

/** Exchanges the API's custom token for an ID token, as the browser's signInWithCustomToken does. */
export async function idTokenFrom(customToken: string): Promise<string> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`signInWithCustomToken: ${response.status}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** A software authenticator on the API tests' passkey origin. */
export const testAuthenticator = () => new SoftwareAuthenticator(API_TESTS_PASSKEY_ORIGIN);

/** The whole passkey sign-in through the real endpoints: options, the authenticator's answer, token. */
export async function passkeySignIn(
  apiUrl: string,
  account: TestAccount,
  authenticator: SoftwareAuthenticator,
): Promise<TestAccount> {
  const options = await call(apiUrl, 'POST', '/passkeys/authentication/options');
  const answer = await call(apiUrl, 'POST', '/passkeys/authentication', {
    body: { response: authenticator.get(options.json) },
  });
  if (answer.status !== 200) throw new Error(`passkey sign-in: ${JSON.stringify(answer.json)}`);
  return { ...account, idToken: await idTokenFrom(answer.json.token) };
}
