import { useMemo } from 'react';
import type { Slot } from '../../../shared/booking';
import { useResource } from '../../lib/use-resource';
import { fetchAvailability, fetchPracticeAvailability } from './bookings-api';

export type AvailabilityState =
  | { status: 'loading' }
  | { status: 'ready'; slots: Slot[] }
  | { status: 'failed'; message: string };

/**
 * Free start times for one service over `days` days from a London date; reload on demand. For the
 * practitioner (`forPractitioner`), the times she may move a session to: no notice period.
 */
export function useAvailability(
  serviceId: number | undefined,
  from: string,
  days: number,
  forPractitioner = false,
) {
  const fetchTimes = forPractitioner ? fetchPracticeAvailability : fetchAvailability;
  const { state, reload } = useResource(
    serviceId === undefined ? undefined : `${serviceId}|${from}|${days}|${forPractitioner}`,
    (signal) =>
      // Never asked without a service: no service, no key.
      serviceId === undefined
        ? Promise.reject(new Error('No service to ask about.'))
        : fetchTimes(serviceId, from, days, signal),
  );
  const availability = useMemo<AvailabilityState>(
    () => (state.status === 'ready' ? { status: 'ready', slots: state.data.slots } : state),
    [state],
  );
  return { state: availability, reload };
}
