import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EARLY_READ_MAX_AGE_MS, forgetEarlyReads, readWhenSignedIn } from './early-reads';
import { sessionRestored } from './boot-session';
import { writeSessionHint } from './session-hint';
import { useResource } from './use-resource';

// The identity SDK as the restored session leaves it: who is signed in, once it has looked.
const signedInAs = (uid: string) => ({
  uid,
  getIdTokenResult: () => Promise.resolve({ claims: {} }),
});
const auth = {
  currentUser: signedInAs('client-1') as ReturnType<typeof signedInAs> | null,
  authStateReady: vi.fn(() => Promise.resolve()),
};
vi.mock('./load-firebase', () => ({
  loadFirebase: () => Promise.resolve({ firebaseAuth: () => auth }),
}));
vi.mock('./firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

/** The SDK has restored `uid`'s session, and the session provider has heard it. */
function restoredAs(uid: string | null) {
  auth.currentUser = uid === null ? null : signedInAs(uid);
  sessionRestored(uid);
}

function Bookings({ load }: { load: (signal: AbortSignal) => Promise<string> }) {
  const { state, reload } = useResource('my-bookings', load);
  return (
    <>
      <p>
        {state.status === 'loading' && 'Loading…'}
        {state.status === 'ready' && `Answer: ${state.data}`}
        {state.status === 'failed' && `Failed: ${state.message}`}
      </p>
      <button type="button" onClick={reload}>
        Reload
      </button>
    </>
  );
}

/** The page's gate opens for any signed-in account. */
const anyone = () => true;

/** Lets the early read's promises settle (the SDK's restore, then the API). */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

// The stored session's reader, imported by the first read (jsdom has no IndexedDB: no stored
// session, so the reads wait for the SDK as these tests' SDK has it), loaded once beforehand.
beforeAll(() => import('./stored-session'));

beforeEach(() => {
  restoredAs('client-1');
  writeSessionHint(true);
});

afterEach(() => {
  forgetEarlyReads();
  writeSessionHint(false);
  vi.useRealTimers();
});

it("starts a page's read as the session is restored, before it renders, and the page shows that answer", async () => {
  const early = vi.fn(() => Promise.resolve('two bookings'));
  readWhenSignedIn('my-bookings', early, anyone);
  await settle();
  expect(early).toHaveBeenCalledTimes(1); // nothing rendered yet
  const ownLoad = vi.fn(() => Promise.resolve('asked by the page'));
  render(<Bookings load={ownLoad} />);
  expect(await screen.findByText('Answer: two bookings')).toBeInTheDocument();
  expect(ownLoad).not.toHaveBeenCalled();
});

it('shows an answer that arrived before the page rendered in its first render, without "Loading"', async () => {
  const early = vi.fn(() => Promise.resolve('two bookings'));
  readWhenSignedIn('my-bookings', early, anyone);
  await settle();
  const ownLoad = vi.fn(() => Promise.resolve('one booking'));
  render(<Bookings load={ownLoad} />);
  expect(screen.getByText('Answer: two bookings')).toBeInTheDocument(); // no render later
  await settle();
  expect(screen.getByText('Answer: two bookings')).toBeInTheDocument();
  expect(ownLoad).not.toHaveBeenCalled();
  // Taken by that first read: a reload, or the next page, asks the API.
  await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
  expect(await screen.findByText('Answer: one booking')).toBeInTheDocument();
  expect(early).toHaveBeenCalledTimes(1);
});

it('asks the API again after a change (a reload), and a second page reads afresh', async () => {
  readWhenSignedIn('my-bookings', () => Promise.resolve('two bookings'), anyone);
  const ownLoad = vi.fn(() => Promise.resolve('one booking'));
  const { unmount } = render(<Bookings load={ownLoad} />);
  expect(await screen.findByText('Answer: two bookings')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
  expect(await screen.findByText('Answer: one booking')).toBeInTheDocument();
  unmount();
  ownLoad.mockResolvedValueOnce('none');
  render(<Bookings load={ownLoad} />);
  expect(await screen.findByText('Answer: none')).toBeInTheDocument();
  expect(ownLoad).toHaveBeenCalledTimes(2);
});

it('starts nothing in a browser nobody signed in to last time', async () => {
  writeSessionHint(false);
  const early = vi.fn(() => Promise.resolve('two bookings'));
  readWhenSignedIn('my-bookings', early, anyone);
  await settle();
  expect(early).not.toHaveBeenCalled();
  render(<Bookings load={() => Promise.resolve('asked by the page')} />);
  expect(await screen.findByText('Answer: asked by the page')).toBeInTheDocument();
});

it('never shows what was read for another account: signed in as someone else meanwhile', async () => {
  readWhenSignedIn('my-bookings', () => Promise.resolve("client-1's bookings"), anyone);
  await settle();
  restoredAs('client-2'); // another tab signed in as someone else
  render(<Bookings load={() => Promise.resolve("client-2's bookings")} />);
  expect(await screen.findByText("Answer: client-2's bookings")).toBeInTheDocument();
  expect(screen.queryByText(/client-1/)).not.toBeInTheDocument();
});

it('asks again when the early read failed, or nobody was signed in after all', async () => {
  readWhenSignedIn(
    'my-bookings',
    () => Promise.reject(new Error('second factor required')),
    anyone,
  );
  render(<Bookings load={() => Promise.resolve('after the passkey')} />);
  expect(await screen.findByText('Answer: after the passkey')).toBeInTheDocument();
  forgetEarlyReads();

  restoredAs(null);
  const early = vi.fn(() => Promise.resolve('two bookings'));
  readWhenSignedIn('my-bookings', early, anyone);
  await settle();
  expect(early).not.toHaveBeenCalled();
});

it('is not taken once it is older than a page load', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  readWhenSignedIn('my-bookings', () => Promise.resolve('stale bookings'), anyone);
  vi.setSystemTime(Date.now() + EARLY_READ_MAX_AGE_MS + 1);
  render(<Bookings load={() => Promise.resolve('fresh bookings')} />);
  expect(await screen.findByText('Answer: fresh bookings')).toBeInTheDocument();
});

it("starts nothing where the page's gate would not open for the session as restored, and the page then asks itself", async () => {
  const early = vi.fn(() => Promise.resolve('the diary'));
  const opensFor = vi.fn(() => false);
  readWhenSignedIn('my-bookings', early, opensFor);
  await settle();
  expect(opensFor).toHaveBeenCalledWith(
    expect.objectContaining({ user: auth.currentUser, token: { claims: {} } }),
  );
  expect(early).not.toHaveBeenCalled();
  render(<Bookings load={() => Promise.resolve('after the passkey step')} />);
  expect(await screen.findByText('Answer: after the passkey step')).toBeInTheDocument();
});

it('never shows what was read for an account written back after the page took the read for another', async () => {
  // Read for client-1; the page renders for client-2 (signed in meanwhile in another tab) and
  // takes it; then a third tab writes client-1's session back before the answer comes.
  let answer!: (value: string) => void;
  readWhenSignedIn(
    'my-bookings',
    () => new Promise<string>((resolve) => (answer = resolve)),
    anyone,
  );
  await settle();
  restoredAs('client-2');
  const ownLoad = vi.fn(() => Promise.resolve('client-2’s own bookings'));
  render(<Bookings load={ownLoad} />);
  await settle();
  restoredAs('client-1');
  answer('client-1’s bookings');
  expect(await screen.findByText('Answer: client-2’s own bookings')).toBeVisible();
  expect(screen.queryByText(/client-1’s bookings/)).not.toBeInTheDocument();
});
