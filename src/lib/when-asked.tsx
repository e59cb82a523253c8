import { useState, type ReactNode } from 'react';
import { LazyPart } from '../components/layout/lazy-part';

/**
 * A dialog whose code is lazy, mounted from the first time it is asked for and then kept, so that
 * closing it still runs as before it was lazy (its exit, `onExited`, focus given back). Where its
 * code cannot be downloaded, `failed` (by default a sentence saying so) stands in its place.
 */
export function WhenAsked({
  asking,
  failed,
  children,
}: {
  asking: boolean;
  failed?: ReactNode;
  children: ReactNode;
}) {
  const [asked, setAsked] = useState(false);
  if (asking && !asked) setAsked(true);
  if (!asked && !asking) return null;
  return <LazyPart failed={failed}>{children}</LazyPart>;
}
