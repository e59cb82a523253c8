import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState, type ReactNode } from 'react';
import { holdFirstContent } from './boot-session';
import {
  lazyPrefetched,
  useAfterFirstContent,
  usePrefetchAfterFirstContent,
} from './lazy-prefetched';
import { WhenAsked } from './when-asked';

type Loaded = { default: () => ReactNode };
const dialog = () => <p role="dialog">Skip this week?</p>;

it('downloads only after the page’s first content has arrived, and then renders at once', async () => {
  let contentArrives!: () => void;
  holdFirstContent(new Promise<void>((resolve) => (contentArrives = resolve)));
  const load = vi.fn(() => Promise.resolve<Loaded>({ default: dialog }));
  const Dialog = lazyPrefetched(load);
  function Page() {
    usePrefetchAfterFirstContent(Dialog.prefetch);
    const after = useAfterFirstContent();
    return (
      <Suspense fallback="Loading">
        <p>{after ? 'after the content' : 'the content'}</p>
        {after && <Dialog />}
      </Suspense>
    );
  }
  render(<Page />);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(screen.getByText('the content')).toBeInTheDocument();
  expect(load).not.toHaveBeenCalled();

  contentArrives();
  expect(await screen.findByText('after the content')).toBeInTheDocument();
  expect(await screen.findByRole('dialog')).toHaveTextContent('Skip this week?');
  expect(load).toHaveBeenCalledTimes(1);
});

it('mounts a dialog from the first time it opens and keeps it, asking again after a failed download', async () => {
  const load = vi
    .fn<() => Promise<Loaded>>()
    .mockRejectedValueOnce(new Error('offline'))
    .mockResolvedValue({ default: dialog });
  const Dialog = lazyPrefetched(load);
  function Series() {
    usePrefetchAfterFirstContent(Dialog.prefetch);
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen((now) => !now)}>Skip</button>
        <WhenAsked asking={open}>
          <Dialog />
        </WhenAsked>
      </>
    );
  }
  render(<Series />);
  // The prefetch after the content (none is held here) fails: nothing shows, nothing breaks.
  await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Skip' }));
  expect(await screen.findByRole('dialog')).toHaveTextContent('Skip this week?');
  expect(load).toHaveBeenCalledTimes(2);
  await user.click(screen.getByRole('button', { name: 'Skip' })); // closed: still mounted
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});
