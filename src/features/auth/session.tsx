import type { User } from '../../lib/firebase';
import { clearSessionDrafts } from '../../lib/session-drafts';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  accountShown,
  bootSession,
  endBootSession,
  readBootSession,
  sessionRestored,
  subscribeBootSession,
} from '../../lib/boot-session';
import { afterFirstContent, afterFirstPaint } from '../../lib/after-first-content';
import { forgetEarlyReads } from '../../lib/early-reads';
import type { GateAccount } from '../../lib/gate-account';
import type { StoredSession } from '../../lib/stored-session';
import { loadFirebase } from '../../lib/load-firebase';
import { readSessionHint, subscribeSessionHint, writeSessionHint } from '../../lib/session-hint';
import { restoreStarted } from '../../lib/session-restore';
import { signOutOnPurpose, takeSignOutExpected } from '../../lib/sign-out';
import { showToast } from '../../lib/toast';
import { authErrorMessage } from './auth-errors';
import { isEndedSession, rememberEndedSession } from './ended-session';
import { keepSessionChecked } from './session-check';

export type Session =
  | { status: 'unknown' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: User; emailVerified: boolean };

interface SessionValue {
  session: Session;
  /** The stored session, while the SDK has not yet said whose session this is. */
  stored: StoredSession | undefined;
  /** Loads Firebase now (pages that need the real session: log in, register, checkout). */
  start: () => void;
  /**
   * Loads Firebase now, and resolves once the SDK has said whose session this is: an act that
   * works through the SDK (a passkey added, a sign-out) on a page open on the stored session
   * waits for it, so its calls go out with the SDK's token and its sign-in or sign-out is heard.
   * Resolves with the account the SDK has (null: nobody); rejects if the SDK could not load.
   */
  live: () => Promise<string | null>;
  /** Re-reads the user from the server (email verified elsewhere, account disabled or deleted). */
  refresh: () => Promise<void>;
  /** Shows the user's profile again after this page changed it (updateProfile fires no event). */
  userChanged: () => Promise<void>;
}

const UNKNOWN: Session = { status: 'unknown' };
const SIGNED_OUT: Session = { status: 'signed-out' };

/** The one sentence a visitor sees when the server, not they, ended their session. */
export const SESSION_ENDED_MESSAGE = authErrorMessage({ code: 'auth/user-token-expired' });

export { signOutOnPurpose } from '../../lib/sign-out';

const SessionContext = createContext<SessionValue | null>(null);

function toSession(user: User | null): Session {
  return user ? { status: 'signed-in', user, emailVerified: user.emailVerified } : SIGNED_OUT;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  // null while prerendering and hydrating: the navbar renders the same "unknown" slot as the HTML.
  const hint = useSyncExternalStore(subscribeSessionHint, readSessionHint, () => null);
  const [started, setStarted] = useState(false);
  const [firebaseSession, setFirebaseSession] = useState<Session>(UNKNOWN);
  const subscription = useRef<Promise<() => void> | null>(null);
  // Resolved when the SDK's first auth-state event has been heard (live).
  const heard = useRef<{ promise: Promise<void>; resolve: () => void } | null>(null);
  heard.current ??= (() => {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => (resolve = done));
    return { promise, resolve };
  })();

  const start = useCallback(() => {
    if (subscription.current) return;
    setStarted(true);
    subscription.current = loadFirebase().then((sdk) => {
      const { firebaseAuth, onAuthStateChanged, onIdTokenChanged } = sdk;
      const auth = firebaseAuth();
      const stopChecks = keepSessionChecked(auth, onIdTokenChanged);
      let shown: User | null = null;
      // Signing in again to the same account (her passkey step) replaces the user without an
      // auth-state event: the session to remember at a sign-out on purpose is the latest one.
      const stopFollowing = onIdTokenChanged(auth, (user) => {
        if (user && user.uid === shown?.uid) shown = user;
      });
      const stopListening = onAuthStateChanged(auth, (user) => {
        if (user && isEndedSession(user)) {
          // Another tab wrote back a session this browser ended: end it again, quietly, and
          // nothing read before is shown. Should the sign-out fail (offline), the session stays
          // shown as it was: no unhandled error.
          forgetEarlyReads();
          sessionRestored(null);
          heard.current?.resolve();
          signOutOnPurpose(() => sdk.signOut(auth)).catch(() => undefined);
          return;
        }
        if (!user) {
          // Not asked for (revoked, disabled, deleted, expired): said once. The hint is still
          // set only if no tab of this browser signed out on purpose.
          const onPurpose = takeSignOutExpected();
          if (onPurpose && shown) rememberEndedSession(shown);
          if (!onPurpose && readSessionHint()) void showToast(SESSION_ENDED_MESSAGE, 'error');
          clearSessionDrafts();
          forgetEarlyReads();
        }
        shown = user;
        sessionRestored(user?.uid ?? null);
        writeSessionHint(user !== null);
        setFirebaseSession(toSession(user));
        heard.current?.resolve();
      });
      return () => {
        stopListening();
        stopFollowing();
        stopChecks();
      };
    });
    // The SDK did not load: a page open on the stored session closes rather than stay open
    // without anything to end it (the loading screen, as a page without one shows).
    subscription.current.catch(() => endBootSession());
  }, []);

  useEffect(() => {
    if (!hint) return;
    let cancel: (() => void) | undefined;
    let live = true;
    void readBootSession().then(() => {
      if (!live) return;
      // Where the page has restored the session from the start (a page of the app), the SDK is
      // here already: the page's gate hears it at once rather than at the next idle moment. A
      // page open on the stored session hears it after its content. Either way Firebase stays
      // off the critical path: the page paints and hydrates before it loads.
      if (restoreStarted()) start();
      else cancel = bootSession() ? afterFirstContent(start) : afterFirstPaint(start);
    });
    return () => {
      live = false;
      cancel?.();
    };
  }, [hint, start]);

  useEffect(
    () => () => {
      const current = subscription.current;
      subscription.current = null;
      void current?.then((unsubscribe) => unsubscribe());
    },
    [],
  );

  const userChanged = useCallback(async () => {
    const { firebaseAuth } = await loadFirebase();
    setFirebaseSession(toSession(firebaseAuth().currentUser));
  }, []);

  const live = useCallback(async () => {
    start();
    await subscription.current;
    await heard.current?.promise;
    // The account as the provider last heard the SDK: another tab may have signed in as someone
    // else meanwhile, or ended the session.
    return accountShown() ?? null;
  }, [start]);

  const refresh = useCallback(async () => {
    const { firebaseAuth } = await loadFirebase();
    const auth = firebaseAuth();
    const user = auth.currentUser;
    if (!user) return;
    try {
      await user.reload();
    } finally {
      // reload() updates emailVerified without an auth-state event, so publish it here.
      setFirebaseSession(toSession(auth.currentUser));
    }
  }, []);

  // Undefined while prerendering and hydrating, as the HTML was rendered.
  const boot = useSyncExternalStore(subscribeBootSession, bootSession, () => undefined);
  const session = started ? firebaseSession : hint === false ? SIGNED_OUT : UNKNOWN;
  const stored = session.status === 'unknown' ? boot : undefined;
  const value = useMemo(
    () => ({ session, stored, start, live, refresh, userChanged }),
    [session, stored, start, live, refresh, userChanged],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** The account a gate opens for (GateAccount), else whether the session is unknown or ended. */
export function useSessionAccount(): GateAccount | 'unknown' | 'signed-out' {
  const { session, stored } = useSession();
  if (session.status === 'signed-in')
    return { uid: session.user.uid, emailVerified: session.emailVerified };
  if (session.status === 'signed-out') return 'signed-out';
  return stored
    ? {
        uid: stored.uid,
        emailVerified: stored.emailVerified,
        storedClaims: stored.claims,
        storedProfile: stored.profile,
      }
    : 'unknown';
}
