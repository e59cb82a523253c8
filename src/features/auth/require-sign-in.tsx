import { Fragment, type ReactNode } from 'react';
import { RequireSignedIn } from './require-verified-email';

/**
 * The checkout gate's first two steps for pages any signed-in account may open: loading, then
 * log in (and back here afterwards). Keyed by account, so a different account starts afresh.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  return (
    <RequireSignedIn>{(user) => <Fragment key={user.uid}>{children}</Fragment>}</RequireSignedIn>
  );
}
