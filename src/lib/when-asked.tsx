import { Suspense, useState, type ReactNode } from 'react';

/**
 * A dialog whose code is lazy, mounted from the first time it is asked for and then kept, so that
 * closing it still runs as before it was lazy (its exit, `onExited`, focus given back).
 */
export function WhenAsked({ asking, children }: { asking: boolean; children: ReactNode }) {
  const [asked, setAsked] = useState(false);
  if (asking && !asked) setAsked(true);
  if (!asked && !asking) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
