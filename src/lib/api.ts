import { createApiClient } from './api-client';
import { firebaseAuth } from './firebase';

export { ApiError, errorSentence } from './api-client';

/** Our own API, same origin (`/api/...`), signed with the current user's Firebase ID token. */
export const apiRequest = createApiClient({
  fetch: (input, init) => fetch(input, init),
  idToken: async () => (await firebaseAuth().currentUser?.getIdToken()) ?? null,
});
