import { config } from '../config/env';

/**
 * The session the identity SDK keeps in this browser's IndexedDB, read without the SDK: its
 * account, whether its address is verified, and its ID token while that has a while to run. A
 * signed-in page's first reads go out with it as soon as the page's scripts run (early-reads.ts),
 * instead of after the SDK (32 kB gz) has downloaded and checked the account with Auth, two
 * round trips later, and the page opens on it (boot-session.ts says when); the server checks the
 * token (signature, expiry, revocation) on every call, as it does the SDK's.
 *
 * The record is the SDK's own (`firebaseLocalStorageDb`, as `indexedDBLocalPersistence` writes
 * it); anything else there, or no such database, reads as no session, and the reads wait for the
 * SDK as before.
 */
export interface StoredSession {
  uid: string;
  emailVerified: boolean;
  /** The ID token's claims, as the gates read them (`getIdTokenResult().claims`). */
  claims: Record<string, unknown>;
  idToken: string;
  /** When this sign-in happened (the SDK's stored `lastLoginAt`), for the ended-session check. */
  signedInAt: string | undefined;
  /** The account as the SDK's `User` shows it (the account page's details). */
  profile: StoredProfile;
}

/** The parts of the SDK's `User` the account page shows, as the SDK makes them from its record. */
export interface StoredProfile {
  email: string | null;
  displayName: string | null;
  providerData: { providerId: string }[];
  metadata: { creationTime?: string; lastSignInTime?: string };
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** A stored time (milliseconds, as a string) as the SDK's `UserMetadata` gives it. */
function metadataTime(value: unknown): string | undefined {
  const time = typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(time) ? new Date(time).toUTCString() : undefined;
}

function profileOf(value: Record<string, unknown>): StoredProfile {
  const providers = Array.isArray(value.providerData) ? (value.providerData as unknown[]) : [];
  return {
    email: text(value.email),
    displayName: text(value.displayName),
    providerData: providers.flatMap((each) => {
      const providerId = (each as { providerId?: unknown } | null)?.providerId;
      return typeof providerId === 'string' ? [{ providerId }] : [];
    }),
    metadata: {
      creationTime: metadataTime(value.createdAt),
      lastSignInTime: metadataTime(value.lastLoginAt),
    },
  };
}

const DATABASE = 'firebaseLocalStorageDb';
const STORE = 'firebaseLocalStorage';

/**
 * A token with less than this left is not used: the SDK renews its token when under 30 seconds
 * remain, and a read may take a while to arrive.
 */
export const STORED_TOKEN_MARGIN_MS = 5 * 60_000;

const storedUserKey = () => `firebase:authUser:${config.firebase.apiKey}:[DEFAULT]`;

/** The stored record's value, or undefined: never creates the database where there is none. */
function readRecord(): Promise<unknown> {
  return new Promise((resolve) => {
    let opening: IDBOpenDBRequest;
    try {
      opening = indexedDB.open(DATABASE);
    } catch {
      resolve(undefined); // IndexedDB blocked
      return;
    }
    // No database yet (nobody signed in here): abort rather than create an empty one.
    opening.onupgradeneeded = () => opening.transaction?.abort();
    opening.onerror = () => resolve(undefined);
    opening.onblocked = () => resolve(undefined);
    opening.onsuccess = () => {
      const database = opening.result;
      try {
        const reading = database
          .transaction(STORE, 'readonly')
          .objectStore(STORE)
          .get(storedUserKey());
        reading.onsuccess = () =>
          resolve((reading.result as { value?: unknown } | undefined)?.value);
        reading.onerror = () => resolve(undefined);
      } catch {
        resolve(undefined); // no such store: not the SDK's database as we know it
      } finally {
        database.close(); // closes once the transaction ends, so the SDK's own opening is not held
      }
    };
  });
}

/** A JWT's payload, or undefined when it is not one. */
function payloadOf(token: string): Record<string, unknown> | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const bytes = Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (each) =>
      each.charCodeAt(0),
    );
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null
      ? (payload as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The stored session with a token valid for a while yet at `now`, or undefined. */
export function storedSessionFrom(value: unknown, now: number): StoredSession | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { uid, emailVerified, stsTokenManager, lastLoginAt } = value as Record<string, unknown>;
  if (typeof uid !== 'string' || typeof stsTokenManager !== 'object' || !stsTokenManager)
    return undefined;
  const { accessToken, expirationTime } = stsTokenManager as Record<string, unknown>;
  if (typeof accessToken !== 'string' || typeof expirationTime !== 'number') return undefined;
  if (expirationTime - now < STORED_TOKEN_MARGIN_MS) return undefined;
  const claims = payloadOf(accessToken);
  // The token must be this account's (its `sub`).
  if (!claims || claims.sub !== uid) return undefined;
  return {
    uid,
    emailVerified: emailVerified === true,
    claims,
    idToken: accessToken,
    signedInAt: typeof lastLoginAt === 'string' ? lastLoginAt : undefined,
    profile: profileOf(value as Record<string, unknown>),
  };
}

/** The session stored in this browser, with a token valid for a while yet, or undefined. */
export async function readStoredSession(now = Date.now()): Promise<StoredSession | undefined> {
  if (typeof indexedDB === 'undefined') return undefined;
  return storedSessionFrom(await readRecord(), now);
}
