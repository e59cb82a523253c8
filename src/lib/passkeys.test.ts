import type { StoredSession } from './stored-session';

const readStoredSession = vi.hoisted(() => vi.fn<() => Promise<StoredSession | undefined>>());
vi.mock('./stored-session', () => ({ readStoredSession }));
const apiRequest = vi.hoisted(() => vi.fn());
vi.mock('./api', () => ({
  ApiError: class extends Error {},
  apiRequest,
  SECOND_FACTOR_REQUIRED: '/api/problems/second-factor-required',
}));
const signInWithCustomToken = vi.hoisted(() => vi.fn(() => Promise.resolve()));
// The SDK after the sign-in: the same account, with the new sign-in's token.
const auth = vi.hoisted(() => ({
  authStateReady: () => Promise.resolve(),
  currentUser: { uid: 'uid-ada', getIdTokenResult: () => Promise.resolve({ claims: {} }) },
}));
vi.mock('./load-firebase', () => ({
  loadFirebase: () => Promise.resolve({ firebaseAuth: () => auth, signInWithCustomToken }),
}));

const NOW = Date.now();
const stored: StoredSession = {
  uid: 'uid-ada',
  emailVerified: true,
  claims: { sub: 'uid-ada', exp: Math.floor(NOW / 1000) + 3600, practitioner: true },
  idToken: 'stored-token',
  signedInAt: String(NOW - 60_000),
  profile: { email: null, displayName: null, providerData: [], metadata: {} },
};

afterEach(() => window.localStorage.clear());

it('a sign-in with her recovery code, on a page open on the stored session, sends the new sign-in’s token from then on, first reads too', async () => {
  readStoredSession.mockResolvedValue(stored);
  window.localStorage.setItem('mindful-path:signed-in', '1');
  const boot = await import('./boot-session');
  await boot.readBootSession();
  expect(boot.bootToken()).toBe('stored-token');
  const { readWhenSignedIn } = await import('./early-reads');
  const { storedTokenOf } = await import('./stored-token');
  const anyone = () => true;
  // A page's first read, as the page boots: with the stored session's token.
  const before = vi.fn((signal: AbortSignal) => Promise.resolve(storedTokenOf(signal)));
  readWhenSignedIn('before', before, anyone);
  await vi.waitFor(() => expect(before).toHaveBeenCalled());
  expect(await before.mock.results[0]!.value).toBe('stored-token');

  apiRequest.mockResolvedValueOnce({ token: 'custom-token', recoveryCodesLeft: 9 });
  const { signInWithRecoveryCode } = await import('./passkeys');
  await expect(signInWithRecoveryCode('abcd-efgh-ijkl')).resolves.toBe(9);

  expect(signInWithCustomToken).toHaveBeenCalledWith(auth, 'custom-token');
  // The page stays open on the same account; its calls now ask the SDK for its token (api.ts).
  expect(boot.bootSession()?.uid).toBe('uid-ada');
  expect(boot.bootToken()).toBeUndefined();
  // A first read started now (a page whose code loads later) asks the SDK, not the stored token.
  const after = vi.fn((signal: AbortSignal) => Promise.resolve(storedTokenOf(signal)));
  readWhenSignedIn('after', after, anyone);
  await vi.waitFor(() => expect(after).toHaveBeenCalled());
  expect(await after.mock.results[0]!.value).toBeUndefined();
});
