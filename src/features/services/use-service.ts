import { useEffect, useState } from 'react';
import { loadServices } from './load-services';
import { withFreeCall, type Service } from './service-schema';

/**
 * Reads `?service=<id>` and finds that service (the free call too); undefined while loading,
 * unknown or missing.
 */
export function useService(rawId: string | null): Service | undefined {
  const [service, setService] = useState<Service | undefined>(undefined);
  const id = rawId !== null && /^\d{1,9}$/.test(rawId) ? Number(rawId) : undefined;

  useEffect(() => {
    if (id === undefined) return;
    const controller = new AbortController();
    loadServices(controller.signal).then(
      (services) => setService(withFreeCall(services).find((candidate) => candidate.id === id)),
      () => setService(undefined),
    );
    return () => controller.abort();
  }, [id]);

  return id === undefined ? undefined : service;
}
