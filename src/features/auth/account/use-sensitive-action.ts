import { useCallback, useRef, useState } from 'react';
import { codeOf } from '../auth-errors';
import { useAuthAction } from '../use-auth-action';

type Action = () => Promise<void>;

/**
 * Runs an action the identity provider may refuse with `requires-recent-login`. Then, instead of
 * an error, `confirming` turns true; once the visitor has confirmed who they are, `confirmed`
 * runs the very same action again, with what they had typed.
 */
export function useSensitiveAction() {
  const { pending, error, run } = useAuthAction();
  const [confirming, setConfirming] = useState(false);
  const waiting = useRef<Action | null>(null);

  const runSensitive = useCallback(
    async (action: Action): Promise<boolean> => {
      let needsRecentLogin = false;
      const ok = await run(async () => {
        try {
          await action();
        } catch (caught) {
          if (codeOf(caught) !== 'auth/requires-recent-login') throw caught;
          needsRecentLogin = true;
          waiting.current = action;
        }
      });
      setConfirming(needsRecentLogin);
      return ok && !needsRecentLogin;
    },
    [run],
  );

  /** Call after re-authenticating: finishes what was asked. */
  const confirmed = useCallback(async () => {
    const action = waiting.current;
    waiting.current = null;
    setConfirming(false);
    return action ? runSensitive(action) : false;
  }, [runSensitive]);

  const cancel = useCallback(() => {
    waiting.current = null;
    setConfirming(false);
  }, []);

  return { pending, error, confirming, run: runSensitive, confirmed, cancel };
}
