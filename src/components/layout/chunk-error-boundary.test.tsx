import { render, screen } from '@testing-library/react';
import { ChunkErrorBoundary } from './chunk-error-boundary';

function Throws({ message }: { message: string }): never {
  throw new Error(message);
}

describe('ChunkErrorBoundary', () => {
  beforeEach(() => {
    // React reports the caught error on the console; that is expected here.
    vi.mocked(console.error).mockImplementation(() => undefined);
  });

  it.each([
    'Failed to fetch dynamically imported module: /assets/login-x.js',
    'Importing a module script failed.',
    'Loading chunk failed: timed out',
  ])("shows 'Loading chunk failed' for: %s", (message) => {
    render(
      <ChunkErrorBoundary resetKey="/login">
        <Throws message={message} />
      </ChunkErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Loading chunk failed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });

  it('says something went wrong for other failures', () => {
    render(
      <ChunkErrorBoundary resetKey="/">
        <Throws message="Cannot read properties of undefined" />
      </ChunkErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });
});
