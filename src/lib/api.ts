import { ApiError, createApiClient } from './api-client';
import { firebaseAuth, signOut } from './firebase';

export { ApiError, errorSentence } from './api-client';

async function currentIdToken(fresh: boolean): Promise<string | null> {
  const user = firebaseAuth().currentUser;
  if (!user) return null;
  // Verified a moment ago (the gate reloaded the user): the cached token still says otherwise.
  const stale =
    !fresh && user.emailVerified && !(await user.getIdTokenResult()).claims.email_verified;
  return user.getIdToken(fresh || stale);
}

/** Our own API, same origin (`/api/...`), signed with the current user's Firebase ID token. */
export const apiRequest = createApiClient({
  fetch: (input, init) => fetch(input, init),
  idToken: currentIdToken,
  // Signed out as by the server: the session provider shows "Your session has ended".
  sessionRefused: () => signOut(firebaseAuth()),
});

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
