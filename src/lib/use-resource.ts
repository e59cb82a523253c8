import { useCallback, useEffect, useRef, useState } from 'react';
import { errorSentence } from './api';
import { arrivedEarlyRead, takeEarlyRead } from './early-reads';

export type ResourceState<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; message: string };

const LOADING = { status: 'loading' } as const;

export interface ResourceOptions {
  /**
   * While `reload` asks the same question again, keep the last answer on screen (a list that
   * refreshes after an action does not blink to "Loading"); without it a reload is loading at once.
   */
  keepWhileReloading?: boolean;
}

/**
 * One read from the API for the question `key` names (a service and week, a diary range); no
 * key, no read. A new key is loading at once, an answer to an older key or attempt never shows,
 * the request of a question no longer asked is aborted, and `reload` asks again (the "Try again"
 * of a failed read, or a refresh after a change).
 * `load` must give the same answer for the same key: it is not a dependency of its own. The first
 * read of a key takes the answer of a read started as the session was restored, if the page's
 * module started one (`readWhenSignedIn`, src/lib/early-reads.ts); a reload asks the API again.
 */
export function useResource<T>(
  key: string | undefined,
  load: (signal: AbortSignal) => Promise<T>,
  { keepWhileReloading = false }: ResourceOptions = {},
): { state: ResourceState<T>; reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  // An early read already arrived is the first render's answer: no "Loading", no render more.
  const [answer, setAnswer] = useState<{
    key: string;
    attempt: number;
    state: ResourceState<T>;
  } | null>(() => {
    if (key === undefined) return null;
    const early = arrivedEarlyRead<T>(key);
    return early ? { key, attempt: 0, state: { status: 'ready', data: early.data } } : null;
  });
  const shownEarly = useRef(answer?.key);

  useEffect(() => {
    if (key === undefined) return;
    if (attempt === 0 && shownEarly.current === key) {
      // Shown from its first render: taken (a reload asks the API), not asked again.
      shownEarly.current = undefined;
      takeEarlyRead(key)?.catch(() => undefined);
      return;
    }
    const controller = new AbortController();
    const settle = (state: ResourceState<T>) => {
      // Aborted: the question changed, and a late answer (even one that ignored the signal) is stale.
      if (!controller.signal.aborted) setAnswer({ key, attempt, state });
    };
    const early = attempt === 0 ? takeEarlyRead<T>(key) : undefined;
    // A failed early read (the session not yet ready for the API, say) is asked again here.
    const answer = early ? early.catch(() => load(controller.signal)) : load(controller.signal);
    answer.then(
      (data) => settle({ status: 'ready', data }),
      (error: unknown) => settle({ status: 'failed', message: errorSentence(error) }),
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for what `load` asks
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const current =
    answer !== null &&
    key !== undefined &&
    answer.key === key &&
    (answer.attempt === attempt || keepWhileReloading);
  return { state: current ? answer.state : LOADING, reload };
}
