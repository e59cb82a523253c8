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
vi.mock('./load-firebase', () => ({
  loadFirebase: () => Promise.resolve({ firebaseAuth: () => ({}), signInWithCustomToken }),
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

it('a sign-in with her recovery code, on a page open on the stored session, sends the new sign-in’s token from then on', async () => {
  readStoredSession.mockResolvedValue(stored);
  window.localStorage.setItem('mindful-path:signed-in', '1');
  const boot = await import('./boot-session');
  await boot.readBootSession();
  expect(boot.bootToken()).toBe('stored-token');

  apiRequest.mockResolvedValueOnce({ token: 'custom-token', recoveryCodesLeft: 9 });
  const { signInWithRecoveryCode } = await import('./passkeys');
  await expect(signInWithRecoveryCode('abcd-efgh-ijkl')).resolves.toBe(9);

  expect(signInWithCustomToken).toHaveBeenCalledWith({}, 'custom-token');
  // The page stays open on the same account; its calls now ask the SDK for its token (api.ts).
  expect(boot.bootSession()?.uid).toBe('uid-ada');
  expect(boot.bootToken()).toBeUndefined();
});
