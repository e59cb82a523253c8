import { Component, type ReactNode } from 'react';
import Container from 'react-bootstrap/Container';

interface State {
  failure: 'chunk' | 'other' | null;
}

// Chromium, Firefox and Safari word a failed dynamic import differently; ours adds the timeout.
export const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|Loading chunk failed/i;

/**
 * A page whose code cannot be downloaded shows the spec's 'Loading chunk failed' with a way to
 * reload; any other failure says so plainly. Never a blank page.
 */
export class ChunkErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  State
> {
  state: State = { failure: null };

  static getDerivedStateFromError(error: unknown): State {
    const message = error instanceof Error ? error.message : String(error);
    return { failure: CHUNK_FAILURE.test(message) ? 'chunk' : 'other' };
  }

  componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failure && previous.resetKey !== this.props.resetKey) {
      this.setState({ failure: null });
    }
  }

  render() {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    return (
      <Container className="py-5 text-center" role="alert">
        <h1 className="page-title">
          {failure === 'chunk' ? 'Loading chunk failed' : 'Something went wrong'}
        </h1>
        <p>
          {failure === 'chunk'
            ? 'Part of this page could not be downloaded. Please check your connection and try again.'
            : 'This page could not be shown. Please reload it; if it happens again, try later.'}
        </p>
        <button type="button" className="btn btn-success" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </Container>
    );
  }
}
