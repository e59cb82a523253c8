import * as v from 'valibot';
import {
  BlockSchema,
  DiarySchema,
  BookingSchema,
  type BlockRequest,
} from '../../../shared/booking';
import type { BookingAction } from '../../../shared/booking-status';
import { apiRequest } from '../../lib/api';

/** Bookings starting and blocks overlapping the London dates `from` to `to`, both included. */
export function fetchDiary(from: string, to: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ from, to });
  return apiRequest(`/api/practice/bookings?${query}`, DiarySchema, { signal });
}

export type BookingAnswer = BookingAction;

export function answerBooking(id: string, answer: BookingAnswer) {
  // Cancel answers the client's view of the booking; the diary reloads after every answer anyway.
  return apiRequest(`/api/bookings/${encodeURIComponent(id)}/${answer}`, BookingSchema, {
    method: 'POST',
  });
}

export function blockTime(block: BlockRequest) {
  return apiRequest('/api/practice/blocks', BlockSchema, { method: 'POST', body: block });
}

export function removeBlock(id: string) {
  return apiRequest(`/api/practice/blocks/${encodeURIComponent(id)}`, v.undefined(), {
    method: 'DELETE',
  });
}
