import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyWhenSignedIn } from './lazy-signed-in';
import { writeSessionHint } from './session-hint';

const content = () => {
  const load = vi.fn(() => Promise.resolve({ default: () => <p>Your bookings</p> }));
  return { load, Content: lazyWhenSignedIn(load) };
};

afterEach(() => writeSessionHint(false));

it('starts the download at once where this browser was signed in last time, and only once', async () => {
  writeSessionHint(true);
  const { load, Content } = content();
  expect(load).toHaveBeenCalledTimes(1);
  render(
    <Suspense fallback="Loading">
      <Content />
    </Suspense>,
  );
  expect(await screen.findByText('Your bookings')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

it('waits until it is shown for any other visitor', async () => {
  const { load, Content } = content();
  expect(load).not.toHaveBeenCalled();
  render(
    <Suspense fallback="Loading">
      <Content />
    </Suspense>,
  );
  expect(await screen.findByText('Your bookings')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});
