import {
  AvailabilitySchema,
  BookingSchema,
  CancelledSchema,
  MyBookingsSchema,
  type BookingRequest,
} from '../../../shared/booking';
import { apiRequest } from '../../lib/api';

/** Free start times for a service, `days` days from `from` (a London date). */
export function fetchAvailability(
  serviceId: number,
  from: string,
  days: number,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ service: String(serviceId), from, days: String(days) });
  return apiRequest(`/api/availability?${query}`, AvailabilitySchema, { signal, anonymous: true });
}

/** The times the practitioner may move a session to: no notice period for her. */
export function fetchPracticeAvailability(
  serviceId: number,
  from: string,
  days: number,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ service: String(serviceId), from, days: String(days) });
  return apiRequest(`/api/practice/availability?${query}`, AvailabilitySchema, { signal });
}

export function requestBooking(request: BookingRequest) {
  return apiRequest('/api/bookings', BookingSchema, { method: 'POST', body: request });
}

export function fetchMyBookings(signal?: AbortSignal) {
  return apiRequest('/api/bookings', MyBookingsSchema, { signal });
}

export function cancelBooking(id: string) {
  return apiRequest(`/api/bookings/${encodeURIComponent(id)}/cancel`, CancelledSchema, {
    method: 'POST',
  });
}
