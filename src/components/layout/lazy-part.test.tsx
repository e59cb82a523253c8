import { render, screen } from '@testing-library/react';
import { ChunkErrorBoundary } from './chunk-error-boundary';
import { LazyPart, PART_FAILED } from './lazy-part';

const failing = (message: string) =>
  function Failing(): never {
    throw new TypeError(message);
  };

function Page({ Part }: { Part: () => never }) {
  return (
    <ChunkErrorBoundary resetKey="/practice">
      <h1>Diary</h1>
      <LazyPart>
        <Part />
      </LazyPart>
    </ChunkErrorBoundary>
  );
}

beforeEach(() => {
  // React reports the caught error on the console; that is expected here.
  vi.mocked(console.error).mockImplementation(() => undefined);
});

it('keeps a part whose code could not be downloaded to itself: a sentence there, the page goes on', () => {
  const Part = failing('Failed to fetch dynamically imported module: /assets/block-time.js');
  render(<Page Part={Part} />);
  expect(screen.getByRole('heading', { name: 'Diary' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(PART_FAILED);
});

it('leaves any other failure to the page’s own boundary', () => {
  render(<Page Part={failing('Cannot read properties of undefined')} />);
  expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Diary' })).not.toBeInTheDocument();
});
