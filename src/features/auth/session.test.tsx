import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import type { User } from '../../lib/firebase';
import { CHECK_BEFORE_EXPIRY_MS, nextCheckDelay, RETRY_AFTER_MS } from './session-check';
import { SESSION_ENDED_MESSAGE, SessionProvider, signOutOnPurpose, useSession } from './session';

// The auth-state listener the provider registered: the tests play the SDK's part through it.
const firebase = vi.hoisted(() => ({
  emit: undefined as unknown as (user: unknown) => void,
  /** The ID-token listeners: the SDK tells them of every new token and every sign-in. */
  tokenListeners: [] as ((user: unknown) => void)[],
  signOut: vi.fn(),
}));

vi.mock('../../lib/firebase', () => ({
  firebaseAuth: () => ({ currentUser: null }),
  onAuthStateChanged: (_auth: unknown, listener: (user: unknown) => void) => {
    firebase.emit = listener;
    return () => undefined;
  },
  onIdTokenChanged: (_auth: unknown, listener: (user: unknown) => void) => {
    firebase.tokenListeners.push(listener);
    return () => undefined;
  },
  signOut: firebase.signOut,
}));

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../lib/toast', () => ({ showToast: toast }));

const HINT = 'mindful-path:signed-in';
/** A user as the SDK gives it, signed in at `lastLoginAt` (milliseconds, as the SDK stores it). */
const signedInAt = (lastLoginAt: string) =>
  ({
    uid: 'u1',
    emailVerified: true,
    metadata: { lastSignInTime: new Date(Number(lastLoginAt)).toUTCString() },
    toJSON: () => ({ uid: 'u1', lastLoginAt }),
    getIdTokenResult: () => new Promise(() => undefined), // the session check waits on it
  }) as unknown as User;
const someone = signedInAt('1795856400100');

function Starter() {
  const { start, session } = useSession();
  useEffect(start, [start]);
  return <p>{session.status}</p>;
}

async function startSession() {
  render(
    <SessionProvider>
      <Starter />
    </SessionProvider>,
  );
  await vi.waitFor(() => expect(firebase.emit).not.toBe(undefined));
  await act(async () => {
    await Promise.resolve();
  });
}

const emit = (user: User | null) =>
  act(() => {
    firebase.emit(user);
  });

describe('the session provider', () => {
  beforeEach(() => {
    localStorage.clear();
    toast.mockClear();
    firebase.emit = undefined as never;
    firebase.tokenListeners.length = 0;
    // As the SDK does: signing out tells the listeners.
    firebase.signOut.mockReset().mockImplementation(async () => firebase.emit(null));
  });

  it('says once that the session ended when a remembered session does not come back', async () => {
    localStorage.setItem(HINT, '1');
    await startSession();
    await emit(null);
    expect(toast).toHaveBeenCalledExactlyOnceWith(SESSION_ENDED_MESSAGE, 'error');
    await emit(null);
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('says nothing to a visitor who was never signed in', async () => {
    await startSession();
    await emit(null);
    expect(toast).not.toHaveBeenCalled();
  });

  it('says so when the server ends a running session, but not for a sign-out on purpose', async () => {
    await startSession();
    await emit(someone);
    await emit(null);
    expect(toast).toHaveBeenCalledExactlyOnceWith(SESSION_ENDED_MESSAGE, 'error');

    toast.mockClear();
    await emit(someone);
    await act(() => signOutOnPurpose(async () => firebase.emit(null)));
    expect(toast).not.toHaveBeenCalled();
  });

  it('says nothing when another tab of this browser logged out', async () => {
    await startSession();
    await emit(someone);
    localStorage.removeItem(HINT); // the other tab's sign-out cleared the hint first
    await emit(null);
    expect(toast).not.toHaveBeenCalled();
  });

  it('refuses the session it signed out of when another tab writes it back, not a new sign-in', async () => {
    await startSession();
    await emit(someone);
    await act(() => signOutOnPurpose(async () => firebase.emit(null)));
    // Another tab renewed its token a moment later and stored the same session again.
    await emit(signedInAt('1795856400100'));
    expect(firebase.signOut).toHaveBeenCalledOnce();
    expect(screen.getByText('signed-out')).toBeVisible();
    expect(localStorage.getItem(HINT)).toBeNull();

    // She signs in again, even within the same second: a new session, shown.
    await emit(signedInAt('1795856400900'));
    expect(screen.getByText('signed-in')).toBeVisible();
    expect(firebase.signOut).toHaveBeenCalledOnce();
    expect(toast).not.toHaveBeenCalled();
  });

  it('remembers the session signed in again with the same account (her passkey step)', async () => {
    await startSession();
    await emit(someone);
    // Her passkey step signs in again: a new user and token, no auth-state event (same account).
    const stepped = signedInAt('1795857000500');
    await act(() => {
      for (const listener of firebase.tokenListeners) listener(stepped);
    });
    await act(() => signOutOnPurpose(async () => firebase.emit(null)));
    // Another tab wrote back the session she had after her passkey step.
    await emit(signedInAt('1795857000500'));
    expect(firebase.signOut).toHaveBeenCalledOnce();
    expect(screen.getByText('signed-out')).toBeVisible();
  });

  it('forgets a sign-out on purpose that failed', async () => {
    await startSession();
    await emit(someone);
    await expect(
      signOutOnPurpose(() => Promise.reject(new Error('requires-recent-login'))),
    ).rejects.toThrow();
    await emit(null);
    expect(toast).toHaveBeenCalledOnce();
  });
});

describe('nextCheckDelay', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  const token = (issuedAtTime: string, expirationTime: string) => ({
    issuedAtTime,
    expirationTime,
  });

  it('checks a little before the token expires', () => {
    expect(
      nextCheckDelay(token('Sun, 22 Nov 2026 10:00:00 GMT', 'Sun, 22 Nov 2026 11:00:00 GMT'), now),
    ).toBe(60 * 60_000 - CHECK_BEFORE_EXPIRY_MS);
  });

  it('checks at once when that moment has passed, and retries later if the time is unreadable', () => {
    expect(
      nextCheckDelay(token('Sun, 22 Nov 2026 09:01:00 GMT', 'Sun, 22 Nov 2026 10:01:00 GMT'), now),
    ).toBe(0);
    expect(nextCheckDelay(token('not a time', 'not a time'), now)).toBe(RETRY_AFTER_MS);
  });

  it("times a token issued just now by its own lifetime, whatever the device's clock says", () => {
    const fresh = token('Sun, 22 Nov 2026 09:00:00 GMT', 'Sun, 22 Nov 2026 10:00:00 GMT');
    // The device runs an hour fast: the new token already looks expired.
    expect(nextCheckDelay(fresh, now, { justIssued: true })).toBe(
      60 * 60_000 - CHECK_BEFORE_EXPIRY_MS,
    );
    const short = token('Sun, 22 Nov 2026 09:00:00 GMT', 'Sun, 22 Nov 2026 09:05:00 GMT');
    expect(nextCheckDelay(short, now, { justIssued: true })).toBe(RETRY_AFTER_MS);
  });
});
