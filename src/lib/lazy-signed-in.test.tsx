import { render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { firstContentSettled } from './boot-session';
import { lazyWhenSignedIn } from './lazy-signed-in';
import { writeSessionHint } from './session-hint';

const firebaseAuth = vi.hoisted(() => vi.fn());
vi.mock('./load-firebase', () => ({ loadFirebase: () => Promise.resolve({ firebaseAuth }) }));

const content = () => {
  const load = vi.fn(() => Promise.resolve({ default: () => <p>Your bookings</p> }));
  return { load, Content: lazyWhenSignedIn(load) };
};

afterEach(() => writeSessionHint(false));

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

it('starts the download at once where this browser was signed in last time, as the page’s first content, without the identity SDK', async () => {
  writeSessionHint(true);
  let arrive!: () => void;
  const load = vi.fn(
    () =>
      new Promise<{ default: () => ReactNode }>(
        (resolve) => (arrive = () => resolve({ default: () => <p>Your bookings</p> })),
      ),
  );
  const Content = lazyWhenSignedIn(load);
  expect(load).toHaveBeenCalledTimes(1);
  // The SDK waits for the page's first content (boot-session.ts), this download among it.
  let settled = false;
  void firstContentSettled().then(() => (settled = true));
  await Promise.resolve();
  expect(settled).toBe(false);
  arrive();
  await vi.waitFor(() => expect(settled).toBe(true));
  render(
    <Suspense fallback="Loading">
      <Content />
    </Suspense>,
  );
  expect(await screen.findByText('Your bookings')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
  expect(firebaseAuth).not.toHaveBeenCalled(); // its restore is the boot script's
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
