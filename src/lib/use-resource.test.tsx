import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from './api-client';
import { useResource, type ResourceOptions } from './use-resource';

// No Firebase in unit tests: useResource only needs the error sentences.
vi.mock('./firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

/** A load whose answers the test gives by hand, in any order, one per call. */
function manualLoad() {
  const calls: {
    key: string;
    signal: AbortSignal;
    resolve: (value: string) => void;
    reject: (error: unknown) => void;
  }[] = [];
  const loadFor = (key: string) => (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => calls.push({ key, signal, resolve, reject }));
  return { calls, loadFor };
}

function Reader({
  question,
  loadFor,
  options,
}: {
  question: string | undefined;
  loadFor: (key: string) => (signal: AbortSignal) => Promise<string>;
  options?: ResourceOptions;
}) {
  const { state, reload } = useResource(question, loadFor(question ?? ''), options);
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

const answer = async (call: { resolve: (value: string) => void } | undefined, value: string) => {
  if (!call) throw new Error('No request was made.');
  await act(async () => call.resolve(value));
};

describe('useResource', () => {
  it('shows loading, then the answer to the question asked', async () => {
    const { calls, loadFor } = manualLoad();
    render(<Reader question="week 1" loadFor={loadFor} />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toEqual(['week 1']);
    await answer(calls[0], 'three slots');
    expect(screen.getByText('Answer: three slots')).toBeInTheDocument();
  });

  it('asks nothing without a key', () => {
    const { calls, loadFor } = manualLoad();
    render(<Reader question={undefined} loadFor={loadFor} />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('aborts the request of a question no longer asked, and never shows its answer', async () => {
    const { calls, loadFor } = manualLoad();
    const { rerender } = render(<Reader question="week 1" loadFor={loadFor} />);
    rerender(<Reader question="week 2" loadFor={loadFor} />);
    expect(calls.map((call) => [call.key, call.signal.aborted])).toEqual([
      ['week 1', true],
      ['week 2', false],
    ]);
    expect(screen.getByText('Loading…')).toBeInTheDocument();

    // The new answer comes first, the old one late (a load that ignored its signal).
    await answer(calls[1], 'week 2 slots');
    await answer(calls[0], 'week 1 slots');
    expect(screen.getByText('Answer: week 2 slots')).toBeInTheDocument();
    expect(screen.queryByText('Answer: week 1 slots')).not.toBeInTheDocument();
  });

  it('is loading at once when the key changes, even with an answer on screen', async () => {
    const { calls, loadFor } = manualLoad();
    const { rerender } = render(
      <Reader question="week 1" loadFor={loadFor} options={{ keepWhileReloading: true }} />,
    );
    await answer(calls[0], 'week 1 slots');
    rerender(<Reader question="week 2" loadFor={loadFor} options={{ keepWhileReloading: true }} />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
  });

  it('shows a failure as a sentence, and asks again on reload', async () => {
    const user = userEvent.setup();
    const { calls, loadFor } = manualLoad();
    render(<Reader question="diary" loadFor={loadFor} />);
    await act(async () => calls[0]?.reject(new ApiError('The diary could not be read.', 500)));
    expect(screen.getByText('Failed: The diary could not be read.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(calls.map((call) => call.key)).toEqual(['diary', 'diary']);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await answer(calls[1], 'two bookings');
    expect(screen.getByText('Answer: two bookings')).toBeInTheDocument();
  });

  it('aborts the request a reload replaces, and never shows its answer', async () => {
    const user = userEvent.setup();
    const { calls, loadFor } = manualLoad();
    render(<Reader question="diary" loadFor={loadFor} />);
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(calls.map((call) => call.signal.aborted)).toEqual([true, false]);
    await answer(calls[1], 'new');
    await answer(calls[0], 'old');
    expect(screen.getByText('Answer: new')).toBeInTheDocument();
  });

  it('keeps the last answer on screen while reloading, when asked to', async () => {
    const user = userEvent.setup();
    const { calls, loadFor } = manualLoad();
    render(<Reader question="diary" loadFor={loadFor} options={{ keepWhileReloading: true }} />);
    await answer(calls[0], 'two bookings');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(calls).toHaveLength(2);
    expect(screen.getByText('Answer: two bookings')).toBeInTheDocument();
    await answer(calls[1], 'three bookings');
    expect(screen.getByText('Answer: three bookings')).toBeInTheDocument();
  });

  it('aborts the request when the reader goes away', () => {
    const { calls, loadFor } = manualLoad();
    const { unmount } = render(<Reader question="diary" loadFor={loadFor} />);
    unmount();
    expect(calls[0]?.signal.aborted).toBe(true);
  });
});
