import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDLE_SENTENCES } from '../../../shared/idle-sign-out';
import { IdleSignOut } from './idle-sign-out';
import type { IdleWatch } from './idle-watch';

// The warning dialog's code could not be downloaded (offline a moment, as the page settled).
// React.lazy throws a failed download's error where the part renders: here, the same error.
vi.mock('./idle-warning-dialog', () => ({
  IdleWarningDialog: () => {
    throw new TypeError(
      'Failed to fetch dynamically imported module: /assets/idle-warning-dialog.js',
    );
  },
}));
const watch = vi.hoisted(() => ({
  handlers: undefined as
    { onWarn: () => void; onActive: () => void; onSignOut: () => void } | undefined,
  stay: vi.fn(),
  stop: vi.fn(),
}));
vi.mock('./idle-watch', () => ({
  watchIdle: (handlers: NonNullable<typeof watch.handlers>): IdleWatch => {
    watch.handlers = handlers;
    return { stay: watch.stay, stop: watch.stop } as unknown as IdleWatch;
  },
}));
const signOut = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../lib/load-firebase', () => ({
  loadFirebase: () => Promise.resolve({ firebaseAuth: () => ({}), signOut }),
}));
vi.mock('../../lib/toast', () => ({ showToast: vi.fn(() => Promise.resolve()) }));

it('warns and signs out at the limit even where the warning dialog’s code cannot be downloaded', async () => {
  // React reports the caught error on the console; that is expected here.
  vi.mocked(console.error).mockImplementation(() => undefined);
  render(<IdleSignOut />);
  act(() => watch.handlers?.onWarn());
  const warning = await screen.findByRole('alert');
  expect(warning).toHaveTextContent(IDLE_SENTENCES.warning);
  await userEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
  expect(watch.stay).toHaveBeenCalledTimes(1);

  // Still watching (not replaced by the page's "Loading chunk failed"): the limit signs her out.
  expect(watch.stop).not.toHaveBeenCalled();
  act(() => watch.handlers?.onSignOut());
  await vi.waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
