import { useCallback, useEffect, useState } from 'react';
import { loadServices, ServicesUnavailableError } from './load-services';
import type { Service } from './service-schema';

export type ServicesState =
  | { status: 'loading' }
  | { status: 'ready'; services: Service[] }
  | { status: 'failed'; message: string };

/** The services list: empty at first, filled once after the page loads, retried on request. */
export function useServices(): { state: ServicesState; retry: () => void } {
  const [state, setState] = useState<ServicesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    loadServices(controller.signal).then(
      (services) => setState({ status: 'ready', services }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'failed',
          message:
            error instanceof ServicesUnavailableError
              ? error.message
              : 'The services list could not be loaded.',
        });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, retry };
}
