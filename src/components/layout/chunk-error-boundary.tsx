import { Component, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';

interface State {
  failed: boolean;
}

/** Shows the spec's 'Loading chunk failed' with a way to reload, never a blank page. */
export class ChunkErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  State
> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ failed: false });
    }
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Container className="py-5 text-center" role="alert">
        <h1 className="page-title">Loading chunk failed</h1>
        <p>
          Part of this page could not be downloaded. Please check your connection and try again.
        </p>
        <Button variant="success" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Container>
    );
  }
}
