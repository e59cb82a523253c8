import { useCallback, useRef, useState } from 'react';
import { authErrorMessage } from './auth-errors';

/** Runs one identity request at a time; a second click while one is pending does nothing. */
export function useAuthAction() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  const run = useCallback(async (action: () => Promise<void>): Promise<boolean> => {
    if (busy.current) return false;
    busy.current = true;
    setPending(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (caught) {
      setError(authErrorMessage(caught));
      return false;
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);

  return { pending, error, run };
}
