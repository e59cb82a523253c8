import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { firebaseAuth } from '../../lib/firebase';
import { GateAccountContext, type GateAccount } from '../../lib/gate-account';
import { RequirePractitioner } from './require-practitioner';

vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn() }));

type Claims = Record<string, unknown>;

/** A signed-in account whose stored token carries `stored` and whose next token `fresh`. */
function signedIn(stored: Claims, fresh: Promise<Claims>) {
  const getIdTokenResult = vi.fn((forceRefresh?: boolean) =>
    forceRefresh ? fresh.then((claims) => ({ claims })) : Promise.resolve({ claims: stored }),
  );
  vi.mocked(firebaseAuth).mockReturnValue({
    currentUser: { getIdTokenResult },
  } as unknown as ReturnType<typeof firebaseAuth>);
  return getIdTokenResult;
}

/** The gate as the sign-in gate opens it: for the SDK's user unless told the stored session. */
const renderGate = (account: GateAccount = { uid: 'uid-her', emailVerified: true }) =>
  render(
    <MemoryRouter>
      <GateAccountContext.Provider value={account}>
        <RequirePractitioner>
          <h1>Diary</h1>
        </RequirePractitioner>
      </GateAccountContext.Provider>
    </MemoryRouter>,
  );

describe('RequirePractitioner', () => {
  it('opens the diary on the stored token, before a fresh token has come back', async () => {
    const getIdTokenResult = signedIn(
      { practitioner: true, second_factor: 'passkey' },
      new Promise(() => undefined),
    );
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Diary' })).toBeInTheDocument();
    expect(getIdTokenResult).toHaveBeenCalledWith(true); // the claim is checked again
  });

  it('closes the diary when the fresh token no longer carries the claim', async () => {
    signedIn({ practitioner: true, second_factor: 'passkey' }, Promise.resolve({}));
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Diary' })).not.toBeInTheDocument();
  });

  it('opens the diary when the claim was granted after sign-in', async () => {
    signedIn({}, Promise.resolve({ practitioner: true, second_factor: 'passkey' }));
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Diary' })).toBeInTheDocument();
  });

  it('asks for her passkey when the sign-in had only her password', async () => {
    signedIn({ practitioner: true }, Promise.resolve({ practitioner: true }));
    renderGate();
    expect(
      await screen.findByRole('heading', { name: 'Confirm it is you with your passkey' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use my passkey' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Diary' })).not.toBeInTheDocument();
  });

  it('turns a client away', async () => {
    signedIn({}, Promise.resolve({}));
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByText(/The diary is only for the practitioner/)).toBeInTheDocument();
  });

  it('says the check failed when no token can be had, and does not open the diary', async () => {
    signedIn({}, Promise.reject(new Error('network')));
    renderGate();
    expect(await screen.findByText(/We could not check your account just now/)).toBeInTheDocument();
  });

  it('keeps the diary open when the stored token says so and the check cannot reach Auth', async () => {
    signedIn(
      { practitioner: true, second_factor: 'passkey' },
      Promise.reject(new Error('network')),
    );
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Diary' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByRole('heading', { name: 'Diary' })).toBeInTheDocument();
  });

  describe('open on the session stored in this browser, before the SDK has restored it', () => {
    beforeEach(() => vi.mocked(firebaseAuth).mockClear());

    const stored = (storedClaims: Claims): GateAccount => ({
      uid: 'uid-her',
      emailVerified: true,
      storedClaims,
    });

    it('opens the diary on the stored token’s claims in its first render, without asking the SDK', () => {
      const shown = new MutationObserver(() => undefined);
      shown.observe(document.body, { childList: true, subtree: true });
      renderGate(stored({ practitioner: true, second_factor: 'passkey' }));
      const added = shown.takeRecords().flatMap((record) => [...record.addedNodes]);
      shown.disconnect();
      expect(screen.getByRole('heading', { name: 'Diary' })).toBeInTheDocument();
      // Not a loading screen first, then the diary a render later.
      expect(added.map((node) => node.textContent).join(' ')).not.toContain('Loading');
      expect(firebaseAuth).not.toHaveBeenCalled();
    });

    it('opens nothing on a stored token without her passkey step or the claim: the SDK decides', async () => {
      for (const claims of [{ practitioner: true }, {}]) {
        const { unmount } = renderGate(stored(claims));
        await new Promise((resolve) => setTimeout(resolve, 0));
        expect(screen.queryByRole('heading', { name: 'Diary' })).toBeNull();
        expect(screen.queryByRole('heading', { name: 'Not allowed' })).toBeNull();
        expect(screen.getByRole('status')).toBeInTheDocument(); // still loading
        unmount();
      }
      expect(firebaseAuth).not.toHaveBeenCalled();
    });
  });
});
