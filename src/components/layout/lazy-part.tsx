import { Component, Suspense, type ReactNode } from 'react';
import { CHUNK_FAILURE } from './chunk-error-boundary';

/** Where a part's code could not be downloaded; the rest of the page goes on. */
export const PART_FAILED =
  'Part of this page could not be downloaded. Please check your connection and reload the page.';

/** A failed download stays in the part; any other failure goes on up to the page's boundary. */
class PartBoundary extends Component<
  { failed: ReactNode; children: ReactNode },
  { error: unknown; chunk: boolean }
> {
  state = { error: null as unknown, chunk: false };

  static getDerivedStateFromError(error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    return { error, chunk: CHUNK_FAILURE.test(message) };
  }

  render() {
    if (this.state.error === null) return this.props.children;
    if (!this.state.chunk) throw this.state.error;
    return this.props.failed;
  }
}

/**
 * A part of a page whose code is lazy (a dialog, a section below the content): `loading` while it
 * downloads, and where the download fails, `failed` in its place, not the page's "Loading chunk
 * failed" instead of the whole page (the page's timers, the idle sign-out's among them, go on).
 */
export function LazyPart({
  loading = null,
  failed = (
    <p role="alert" className="text-danger">
      {PART_FAILED}
    </p>
  ),
  children,
}: {
  loading?: ReactNode;
  failed?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PartBoundary failed={failed}>
      <Suspense fallback={loading}>{children}</Suspense>
    </PartBoundary>
  );
}
