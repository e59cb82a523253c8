import { useCallback, useEffect, useState } from 'react';
import type { Slot } from '../../../shared/booking';
import { errorSentence } from '../../lib/api';
import { fetchAvailability } from './bookings-api';

export type AvailabilityState =
  | { status: 'loading' }
  | { status: 'ready'; slots: Slot[] }
  | { status: 'failed'; message: string };

const LOADING: AvailabilityState = { status: 'loading' };

/** Free start times for one service over `days` days from a London date; reload on demand. */
export function useAvailability(serviceId: number | undefined, from: string, days: number) {
  const [attempt, setAttempt] = useState(0);
  const key = `${serviceId}|${from}|${days}|${attempt}`;
  // An answer counts only for the question it answers: a new week or service is loading at once.
  const [answer, setAnswer] = useState<{ key: string; state: AvailabilityState } | null>(null);

  useEffect(() => {
    if (serviceId === undefined) return;
    const controller = new AbortController();
    fetchAvailability(serviceId, from, days, controller.signal).then(
      ({ slots }) => setAnswer({ key, state: { status: 'ready', slots } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ key, state: { status: 'failed', message: errorSentence(error) } });
      },
    );
    return () => controller.abort();
  }, [serviceId, from, days, key]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state: answer?.key === key ? answer.state : LOADING, reload };
}
