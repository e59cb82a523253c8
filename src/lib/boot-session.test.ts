import type { StoredSession } from './stored-session';

const readStoredSession = vi.hoisted(() => vi.fn<() => Promise<StoredSession | undefined>>());
vi.mock('./stored-session', () => ({ readStoredSession }));

const NOW = Date.parse('2027-03-01T09:00:00Z');
const session = (overrides: Partial<StoredSession> = {}): StoredSession => ({
  uid: 'uid-ada',
  emailVerified: true,
  claims: { sub: 'uid-ada', exp: NOW / 1000 + 3600 },
  idToken: 'stored-token',
  signedInAt: '1772355600000',
  profile: { email: null, displayName: null, providerData: [], metadata: {} },
  ...overrides,
});

/** A fresh page load: the module's state starts again, this browser signed in last time. */
async function pageLoad(stored: StoredSession | undefined) {
  vi.resetModules();
  readStoredSession.mockResolvedValue(stored);
  window.localStorage.setItem('mindful-path:signed-in', '1');
  return import('./boot-session');
}

afterEach(() => window.localStorage.clear());

it('opens on the stored session and signs calls with its token until the SDK has spoken', async () => {
  const boot = await pageLoad(session());
  expect(boot.bootSession()).toBeUndefined(); // not read yet: nothing to open on
  await boot.readBootSession();
  expect(boot.bootSession()?.uid).toBe('uid-ada');
  expect(boot.accountShown()).toBe('uid-ada');
  expect(boot.bootToken(NOW)).toBe('stored-token');

  boot.sessionRestored('uid-bea'); // the SDK restored someone else (another tab signed in)
  expect(boot.bootSession()).toBeUndefined();
  expect(boot.accountShown()).toBe('uid-bea');
  expect(boot.bootToken(NOW)).toBeUndefined();
  boot.sessionRestored(null);
  expect(boot.accountShown()).toBeNull();
});

it('never opens on the session this browser signed out of on purpose, come back from storage', async () => {
  const ended = await pageLoad(session());
  window.localStorage.setItem(
    'mindful-path:ended-session',
    JSON.stringify({ uid: 'uid-ada', signedInAt: '1772355600000' }),
  );
  expect(await ended.readBootSession()).toBeUndefined();
  expect(ended.accountShown()).toBeUndefined();

  // A new sign-in of the same account has a new sign-in time.
  const again = await pageLoad(session({ signedInAt: '1772359200000' }));
  window.localStorage.setItem(
    'mindful-path:ended-session',
    JSON.stringify({ uid: 'uid-ada', signedInAt: '1772355600000' }),
  );
  expect((await again.readBootSession())?.uid).toBe('uid-ada');
});

it('opens on nothing without a sign-in time, or once another tab has signed out', async () => {
  const undated = await pageLoad(session({ signedInAt: undefined }));
  expect(await undated.readBootSession()).toBeUndefined();

  const boot = await pageLoad(session());
  await boot.readBootSession();
  window.localStorage.removeItem('mindful-path:signed-in'); // another tab's sign-out
  expect(boot.bootSession()).toBeUndefined();
  expect(boot.bootToken(NOW)).toBeUndefined();
});

it('reads nothing in a browser nobody signed in to last time', async () => {
  const boot = await pageLoad(session());
  window.localStorage.removeItem('mindful-path:signed-in');
  expect(await boot.readBootSession()).toBeUndefined();
  expect(readStoredSession).not.toHaveBeenCalled();
});

it('sends no token with under a minute to run: the SDK renews it', async () => {
  const boot = await pageLoad(session());
  await boot.readBootSession();
  const expires = NOW + 3600_000;
  expect(boot.bootToken(expires - 60_000)).toBe('stored-token');
  expect(boot.bootToken(expires - 59_999)).toBeUndefined();
});

it('settles the first content once everything held, and what that started, has arrived', async () => {
  const boot = await pageLoad(undefined);
  let arriveRead!: () => void;
  let arriveCode!: () => void;
  boot.holdFirstContent(new Promise<void>((resolve) => (arriveCode = resolve)));
  boot.holdFirstContent(Promise.reject(new Error('a failed read counts as arrived')));
  let settled = false;
  void boot.firstContentSettled().then(() => (settled = true));
  // The content's code, once here, starts its own read.
  arriveCode();
  boot.holdFirstContent(new Promise<void>((resolve) => (arriveRead = resolve)));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(settled).toBe(false);
  arriveRead();
  await vi.waitFor(() => expect(settled).toBe(true));
});

it('ends for the page load once another tab signs in or out, or signs out on purpose', async () => {
  for (const key of ['mindful-path:signed-in', 'mindful-path:ended-session', null]) {
    const boot = await pageLoad(session());
    await boot.readBootSession();
    expect(boot.bootSession()?.uid).toBe('uid-ada');
    // Signed out and in again as someone else in another tab: the hint reads as before.
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: '1' }));
    expect(boot.bootSession(), String(key)).toBeUndefined();
    expect(boot.accountShown()).toBeUndefined();
    expect(boot.bootToken(NOW)).toBeUndefined();
  }
});

it('closes once its token has run out (an SDK that never loaded leaves nothing open)', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  const boot = await pageLoad(session());
  await boot.readBootSession();
  expect(boot.bootSession()).toBeDefined();
  vi.setSystemTime(NOW + 3600_000);
  expect(boot.bootSession()).toBeUndefined();
  vi.useRealTimers();
});

it('asks the SDK instead where the browser’s storage does not answer', async () => {
  vi.useFakeTimers();
  const boot = await pageLoad(undefined);
  readStoredSession.mockReturnValue(new Promise(() => undefined));
  const read = boot.readBootSession();
  await vi.advanceTimersByTimeAsync(1000);
  expect(await read).toBeUndefined();
  vi.useRealTimers();
});
