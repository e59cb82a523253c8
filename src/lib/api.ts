import { ApiError, createApiClient, type ApiRequest } from './api-client';
import { bootToken } from './boot-session';
import { loadFirebase } from './load-firebase';
import { storedTokenOf } from './stored-token';

export { ApiError, errorSentence } from './api-client';

async function currentIdToken(fresh: boolean, signal?: AbortSignal): Promise<string | null> {
  // An early read's stored token is sent as it is; refused, it is not renewed here (the page
  // asks again, through the SDK).
  const stored = storedTokenOf(signal);
  if (stored !== undefined) return fresh ? null : stored;
  // A page open on the stored session (boot-session.ts) sends its token until the SDK has spoken;
  // a fresh one, after a refusal, is the SDK's.
  const boot = fresh ? undefined : bootToken();
  if (boot) return boot;
  // The SDK is imported when a call needs it, so that a page's reads need not wait for it.
  const { firebaseAuth } = await loadFirebase();
  const auth = firebaseAuth();
  // A call made before the SDK has restored the session waits for it rather than go unsigned.
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) return null;
  // Verified a moment ago (the gate reloaded the user): the cached token still says otherwise.
  const stale =
    !fresh && user.emailVerified && !(await user.getIdTokenResult()).claims.email_verified;
  return user.getIdToken(fresh || stale);
}

/** The API's answer when her sign-in had no passkey step, or it was over 12 hours ago. */
export const SECOND_FACTOR_REQUIRED = '/api/problems/second-factor-required';
const SECOND_FACTOR_EVENT = 'second-factor-required';

/** Hears every answer that asks for her passkey (the practice pages then ask for it). */
export function onSecondFactorRequired(listener: () => void): () => void {
  window.addEventListener(SECOND_FACTOR_EVENT, listener);
  return () => window.removeEventListener(SECOND_FACTOR_EVENT, listener);
}

const request = createApiClient({
  fetch: (input, init) => fetch(input, init),
  idToken: currentIdToken,
  // Signed out as by the server: the session provider shows "Your session has ended".
  sessionRefused: () => loadFirebase().then(({ firebaseAuth, signOut }) => signOut(firebaseAuth())),
});

/** Our own API, same origin (`/api/...`), signed with the current user's Firebase ID token. */
export const apiRequest: ApiRequest = async (path, schema, options) => {
  try {
    return await request(path, schema, options);
  } catch (error) {
    if (error instanceof ApiError && error.type === SECOND_FACTOR_REQUIRED) {
      window.dispatchEvent(new Event(SECOND_FACTOR_EVENT));
    }
    throw error;
  }
};

/** A file from our API (a receipt's PDF), signed like every call; a refusal becomes an ApiError. */
export async function apiFile(path: string): Promise<Blob> {
  const token = await currentIdToken(false);
  if (!token) throw new ApiError('Please log in to continue.', 401);
  let response: Response;
  try {
    response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    throw new ApiError('The file could not be downloaded. Please check your connection.', 0);
  }
  if (!response.ok)
    throw new ApiError('The file could not be downloaded. Please try again.', response.status);
  return response.blob();
}
