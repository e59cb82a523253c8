import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { StoredSession } from '../../../lib/stored-session';
import { SessionProvider } from '../session';
import { PasskeysPage } from './passkeys-page';

// The page opens on the session stored in this browser; an act on it waits for the identity SDK's
// word on the session, and goes ahead only for the account the page was opened for. (One page load
// per file: the stored session's state lives in its module. The act going ahead for the same
// account is e2e/passkeys.spec.ts's.)

const readStoredSession = vi.hoisted(() => vi.fn<() => Promise<StoredSession | undefined>>());
vi.mock('../../../lib/stored-session', () => ({ readStoredSession }));

const sdk = vi.hoisted(() => ({
  heard: [] as ((user: unknown) => void)[],
}));
vi.mock('../../../lib/firebase', () => ({
  firebaseAuth: () => ({ currentUser: null, authStateReady: () => Promise.resolve() }),
  onAuthStateChanged: (_auth: unknown, listener: (user: unknown) => void) => {
    sdk.heard.push(listener);
    return () => undefined;
  },
  onIdTokenChanged: () => () => undefined,
}));
vi.mock('../session-check', () => ({ keepSessionChecked: () => () => undefined }));
// The SDK starts only when the act asks for it, not at the idle moment after the content.
vi.mock('../../../lib/after-first-content', () => ({
  afterFirstContent: () => () => undefined,
  afterFirstPaint: () => () => undefined,
}));
vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));

const apiRequest = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api', () => ({
  ApiError: class extends Error {},
  apiRequest,
  errorSentence: (error: unknown) => String(error),
  SECOND_FACTOR_REQUIRED: '/api/problems/second-factor-required',
}));

const stored: StoredSession = {
  uid: 'uid-ada',
  emailVerified: true,
  claims: { sub: 'uid-ada', exp: Math.floor(Date.now() / 1000) + 3600 },
  idToken: 'stored-token',
  signedInAt: String(Date.now() - 60_000),
  profile: { email: 'ada@example.com', displayName: 'Ada', providerData: [], metadata: {} },
};
const userOf = (uid: string) => ({
  uid,
  emailVerified: true,
  getIdTokenResult: () => Promise.resolve({ claims: {} }),
});

const asked = (path: string) => apiRequest.mock.calls.filter(([called]) => called === path);

beforeEach(() => {
  sdk.heard.length = 0;
  readStoredSession.mockResolvedValue(stored);
  window.localStorage.setItem('mindful-path:signed-in', '1');
  apiRequest
    .mockReset()
    .mockImplementation((path: string) =>
      path === '/api/passkeys'
        ? Promise.resolve({ passkeys: [], recoveryCodesLeft: 0, reviewDue: false })
        : new Promise(() => undefined),
    );
});
afterEach(() => window.localStorage.clear());

it('does nothing for the page’s account once the SDK says another has signed in (another tab)', async () => {
  render(
    <SessionProvider>
      <MemoryRouter initialEntries={['/account/passkeys']}>
        <PasskeysPage />
      </MemoryRouter>
    </SessionProvider>,
  );
  // Open on the stored session: the list is read before the SDK has said anything.
  const add = await screen.findByRole('button', { name: 'Add a passkey on this device' });
  expect(sdk.heard).toHaveLength(0);
  await userEvent.setup().click(add);
  // The act waits for the SDK: started now, nothing asked of the API meanwhile.
  await vi.waitFor(() => expect(sdk.heard).toHaveLength(1));
  expect(add).toBeDisabled();
  expect(asked('/api/passkeys/registration/options')).toHaveLength(0);

  await act(async () => sdk.heard[0]!(userOf('uid-bea')));
  // The page starts afresh for the account signed in now: its list read again, no passkey added.
  await vi.waitFor(() => expect(asked('/api/passkeys')).toHaveLength(2));
  expect(await screen.findByRole('button', { name: 'Add a passkey on this device' })).toBeEnabled();
  expect(asked('/api/passkeys/registration/options')).toHaveLength(0);
});
