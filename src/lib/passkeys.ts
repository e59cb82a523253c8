import * as v from 'valibot';
import { ApiError, apiRequest, SECOND_FACTOR_REQUIRED } from './api';
import { bootTokenReplaced } from './boot-session';
import { loadFirebase } from './load-firebase';

/**
 * Signs in with the server's custom token (the SDK is loaded when a page first needs it). A page
 * still open on the stored session sends the new sign-in's token from now on: the act retried
 * after her passkey (withFreshPasskey) carries its claims.
 */
async function signInWith(token: string) {
  const { firebaseAuth, signInWithCustomToken } = await loadFirebase();
  await signInWithCustomToken(firebaseAuth(), token);
  bootTokenReplaced();
}

// The browser's passkey calls (about 3.5 kB gz), downloaded beside the server's options: pages
// that only offer a passkey (a refund asks for one) do not wait for them.
const loadWebAuthn = () => import('@simplewebauthn/browser');

/**
 * Passkeys in the browser (@simplewebauthn/browser, set up here once): the API hands out the
 * options and checks the answers; a good answer comes back as a custom token, and signing in
 * with it puts `second_factor` and a new `auth_time` into every ID token of the sign-in.
 */

/** The gravest acts' answer when the passkey was last used over 5 minutes ago. */
const FRESH_PASSKEY_REQUIRED = '/api/problems/fresh-passkey-required';

const BROWSER_ID_KEY = 'passkey-browser';

/** This browser's own random id, so a sign-in from a browser not seen before can be told. */
function browserId(): string {
  let id = localStorage.getItem(BROWSER_ID_KEY);
  if (!id || !/^[\w-]{16,100}$/.test(id)) {
    id = crypto.randomUUID();
    localStorage.setItem(BROWSER_ID_KEY, id);
  }
  return id;
}

const TokenAnswer = v.object({ token: v.string() });

/** A sentence for what the browser's WebAuthn call threw (cancelled, no passkey here). */
function passkeyFailure(error: unknown): Error {
  if (error instanceof Error && error.name === 'NotAllowedError') {
    return new Error('The passkey was not used: it was cancelled or timed out. Try again.');
  }
  if (
    error instanceof Error &&
    /not supported|SecurityError/i.test(`${error.name} ${error.message}`)
  ) {
    return new Error('This browser cannot use passkeys here. Try another browser or device.');
  }
  return error instanceof Error ? error : new Error('The passkey could not be used. Try again.');
}

/**
 * Asks for a passkey and signs this browser in with it (the account the passkey belongs to).
 * `signedIn`: the account is signed in already (her password, before the passkey step), so the
 * browser is offered that account's passkeys only.
 */
export async function signInWithPasskey(signedIn = false): Promise<void> {
  const [options, { startAuthentication }] = await Promise.all([
    apiRequest('/api/passkeys/authentication/options', v.any(), {
      method: 'POST',
      anonymous: !signedIn,
      body: {},
    }),
    loadWebAuthn(),
  ]);
  let response: unknown;
  try {
    response = await startAuthentication({ optionsJSON: options });
  } catch (error) {
    throw passkeyFailure(error);
  }
  const { token } = await apiRequest('/api/passkeys/authentication', TokenAnswer, {
    method: 'POST',
    anonymous: true,
    body: { response, browser: browserId() },
  });
  await signInWith(token);
}

/** One recovery code in place of the passkey, for this sign-in. */
export async function signInWithRecoveryCode(code: string): Promise<number> {
  const answer = await apiRequest(
    '/api/passkeys/recovery',
    v.object({ token: v.string(), recoveryCodesLeft: v.number() }),
    { method: 'POST', body: { code, browser: browserId() } },
  );
  await signInWith(answer.token);
  return answer.recoveryCodesLeft;
}

/**
 * Makes a passkey on this device and adds it to the account (her first through the enrolment
 * link's token). Returns the recovery codes that come with her first, to show once.
 */
export async function addPasskey(enrolment?: string): Promise<{ recoveryCodes?: string[] }> {
  const [options, { startRegistration }] = await Promise.all([
    apiRequest('/api/passkeys/registration/options', v.any(), {
      method: 'POST',
      body: { enrolment },
    }),
    loadWebAuthn(),
  ]);
  let response: unknown;
  try {
    response = await startRegistration({ optionsJSON: options });
  } catch (error) {
    throw passkeyFailure(error);
  }
  const answer = await apiRequest(
    '/api/passkeys/registration',
    v.object({ token: v.string(), recoveryCodes: v.optional(v.array(v.string())) }),
    { method: 'POST', body: { enrolment, response, browser: browserId() } },
  );
  await signInWith(answer.token);
  return answer.recoveryCodes ? { recoveryCodes: answer.recoveryCodes } : {};
}

/**
 * Runs an act the API may want a fresh passkey for (a refund, a passkey added or removed): when
 * it answers second-factor-required, asks for the passkey once and runs the act again.
 */
export async function withFreshPasskey<T>(act: () => Promise<T>): Promise<T> {
  try {
    return await act();
  } catch (error) {
    const wanted = [SECOND_FACTOR_REQUIRED, FRESH_PASSKEY_REQUIRED];
    if (!(error instanceof ApiError) || !wanted.includes(error.type ?? '')) throw error;
    await signInWithPasskey(true);
    return act();
  }
}

/**
 * Removes one of the account's passkeys (with a passkey used in the last 5 minutes). The passkey
 * may have begun sessions anywhere, so the API ends every session of the account; this browser
 * signs in again with the token it gives back.
 */
export async function removePasskey(id: string): Promise<void> {
  const { token } = await withFreshPasskey(() =>
    apiRequest(`/api/passkeys/${encodeURIComponent(id)}`, TokenAnswer, { method: 'DELETE' }),
  );
  await signInWith(token);
}

/** Ten new recovery codes for her (the old ones stop at once), to show this once. */
export async function renewRecoveryCodes(): Promise<string[]> {
  const answer = await withFreshPasskey(() =>
    apiRequest('/api/passkeys/recovery-codes', v.object({ recoveryCodes: v.array(v.string()) }), {
      method: 'POST',
      body: {},
    }),
  );
  return answer.recoveryCodes;
}
