import type { ReactNode } from 'react';
import { RequireAccount } from './require-verified-email';

/**
 * The checkout gate's first two steps for pages any signed-in account may open: loading, then
 * log in (and back here afterwards). Keyed by account, so a different account starts afresh; it
 * opens on the session stored in this browser before the identity SDK has loaded.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  return <RequireAccount>{() => children}</RequireAccount>;
}
