import type { ReactNode } from 'react';
import { SessionProvider } from '../features/auth/session';

export function AppProviders({ children }: { children: ReactNode }) {
  return <SessionProvider>{children}</SessionProvider>;
}
