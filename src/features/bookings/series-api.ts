import {
  BookingSchema,
  SeriesListSchema,
  SeriesSchema,
  type MoveRequest,
} from '../../../shared/booking';
import { apiRequest } from '../../lib/api';

/** The signed-in client's own standing series, each with its sessions. */
export function fetchMySeries(signal?: AbortSignal) {
  return apiRequest('/api/series', SeriesListSchema, { signal });
}

/** Moves one session to a new start: same booking, same length, same status. */
export function moveBooking(id: string, start: string) {
  const body: MoveRequest = { start };
  return apiRequest(`/api/bookings/${encodeURIComponent(id)}/move`, BookingSchema, {
    method: 'POST',
    body,
  });
}

/** Ends a series: every session beyond the notice period is cancelled. */
export function endSeries(id: string) {
  return apiRequest(`/api/series/${encodeURIComponent(id)}/end`, SeriesSchema, {
    method: 'POST',
  });
}
