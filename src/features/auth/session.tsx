import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { User } from 'firebase/auth';

export type Session =
  | { status: 'unknown' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: User; emailVerified: boolean };

interface SessionValue {
  session: Session;
  /** Loads Firebase now instead of after the first paint (pages that need the session at once). */
  start: () => void;
  /** Re-reads the user from the server (email verified elsewhere, account disabled or deleted). */
  refresh: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

function afterFirstPaint(run: () => void): () => void {
  // Firebase is off the critical path: public pages paint and hydrate before it loads.
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 1500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

function toSession(user: User | null): Session {
  return user
    ? { status: 'signed-in', user, emailVerified: user.emailVerified }
    : { status: 'signed-out' };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>({ status: 'unknown' });
  const subscription = useRef<Promise<() => void> | null>(null);

  const start = useCallback(() => {
    subscription.current ??= Promise.all([
      import('../../lib/firebase'),
      import('firebase/auth'),
    ]).then(([{ firebaseAuth }, { onAuthStateChanged }]) =>
      onAuthStateChanged(firebaseAuth(), (user) => setSession(toSession(user))),
    );
  }, []);

  useEffect(() => {
    const cancelWait = afterFirstPaint(start);
    return () => {
      cancelWait();
      const current = subscription.current;
      subscription.current = null;
      void current?.then((unsubscribe) => unsubscribe());
    };
  }, [start]);

  const refresh = useCallback(async () => {
    const { firebaseAuth } = await import('../../lib/firebase');
    const auth = firebaseAuth();
    const user = auth.currentUser;
    if (!user) return;
    try {
      await user.reload();
    } finally {
      // reload() updates emailVerified without an auth-state event, so publish it here.
      setSession(toSession(auth.currentUser));
    }
  }, []);

  const value = useMemo(() => ({ session, start, refresh }), [session, start, refresh]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
