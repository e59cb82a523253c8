import { createApiClient } from './api-client';
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
