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

/**
 * Moves one session to a new start: same booking, same length, same status. The booker moves
 * their own at /api/bookings/<id>/move; the practitioner any at /api/practice/bookings/<id>/move.
 */
export function moveBooking(id: string, start: string, asPractitioner = false) {
  const body: MoveRequest = { start };
  const base = asPractitioner ? '/api/practice/bookings' : '/api/bookings';
  return apiRequest(`${base}/${encodeURIComponent(id)}/move`, BookingSchema, {
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
