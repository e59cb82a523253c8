import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyWhenSignedIn } from './lazy-signed-in';
import { writeSessionHint } from './session-hint';

const firebaseAuth = vi.hoisted(() => vi.fn());
vi.mock('./load-firebase', () => ({ loadFirebase: () => Promise.resolve({ firebaseAuth }) }));

const content = () => {
  const load = vi.fn(() => Promise.resolve({ default: () => <p>Your bookings</p> }));
  return { load, Content: lazyWhenSignedIn(load) };
};

afterEach(() => writeSessionHint(false));

// First: the session's restore starts once per page load, and the other test starts it.
it('waits until it is shown for any other visitor', async () => {
  const { load, Content } = content();
  expect(load).not.toHaveBeenCalled();
  expect(firebaseAuth).not.toHaveBeenCalled();
  render(
    <Suspense fallback="Loading">
      <Content />
    </Suspense>,
  );
  expect(await screen.findByText('Your bookings')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

it("starts the download and the session's restore at once where this browser was signed in last time, each once", async () => {
  writeSessionHint(true);
  const { load, Content } = content();
  expect(load).toHaveBeenCalledTimes(1);
  // The identity SDK restores the last session beside it, once for every page's content.
  content();
  await vi.waitFor(() => expect(firebaseAuth).toHaveBeenCalledTimes(1));
  render(
    <Suspense fallback="Loading">
      <Content />
    </Suspense>,
  );
  expect(await screen.findByText('Your bookings')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

it('renders content already downloaded at once, without its fallback', async () => {
  writeSessionHint(true);
  const { load, Content } = content();
  await load.mock.results[0]?.value;
  await Promise.resolve(); // its module recorded
  render(
    <Suspense fallback="Loading">
      <Content />
    </Suspense>,
  );
  // Not after a fallback: React holds content that replaces a fallback back by up to 300 ms.
  expect(screen.getByText('Your bookings')).toBeInTheDocument();
  expect(screen.queryByText('Loading')).not.toBeInTheDocument();
});
