import { useCallback, useEffect, useState } from 'react';
import type { Diary } from '../../../shared/booking';
import { errorSentence } from '../../lib/api';
import { fetchDiary } from './practice-api';

export type DiaryState =
  { status: 'loading' } | { status: 'ready'; diary: Diary } | { status: 'failed'; message: string };

/** The diary for London dates `from` to `to`; reloading keeps the old page on screen meanwhile. */
export function useDiary(from: string, to: string) {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ range: string; state: DiaryState } | null>(null);
  const range = `${from}|${to}`;

  useEffect(() => {
    const controller = new AbortController();
    fetchDiary(from, to, controller.signal).then(
      (diary) => setAnswer({ range, state: { status: 'ready', diary } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ range, state: { status: 'failed', message: errorSentence(error) } });
      },
    );
    return () => controller.abort();
  }, [from, to, range, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const state: DiaryState = answer?.range === range ? answer.state : { status: 'loading' };
  return { state, reload };
}
