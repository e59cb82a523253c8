import * as v from 'valibot';
import {
  BlockCreatedSchema,
  BookingSchema,
  DiarySchema,
  SeriesSchema,
  type BlockRequest,
} from '../../../shared/booking';
import { CalendarFeedCreatedSchema, CalendarFeedStateSchema } from '../../../shared/calendar-feed';
import { PracticePaymentsSchema, RefundCreatedSchema } from '../../../shared/payments-api';
import { PracticeWaitlistSchema } from '../../../shared/waitlist';
import { BusyCalendarReadSchema, BusyCalendarViewSchema } from '../../../shared/busy-calendar';
import { HoursViewSchema, type WorkingHours } from '../../../shared/working-hours';
import { apiRequest } from '../../lib/api';
import { bootToken } from '../../lib/boot-session';
import { loadFirebase } from '../../lib/load-firebase';

/**
 * Bookings starting and blocks overlapping the London dates `from` to `to`, both included;
 * without dates, from today to the end of the booking horizon (the server's default).
 */
export function fetchDiary(range: { from: string; to: string } | undefined, signal?: AbortSignal) {
  const query = range ? `?${new URLSearchParams(range)}` : '';
  return apiRequest(`/api/practice/bookings${query}`, DiarySchema, { signal });
}

/** The answers the diary gives itself (moving a session is another screen's). */
export type BookingAnswer = 'confirm' | 'decline' | 'cancel';

/** Cancelling is hers at /api/practice/… (a client cancels at /api/bookings/<id>/cancel). */
const answerPath = (id: string, answer: BookingAnswer) =>
  answer === 'cancel'
    ? `/api/practice/bookings/${encodeURIComponent(id)}/cancel`
    : `/api/bookings/${encodeURIComponent(id)}/${answer}`;

/** Decline and cancel carry the practitioner's optional word for the client's email. */
const answerBody = (answer: BookingAnswer, message: string) =>
  answer === 'confirm' ? undefined : { message: message.trim() };

export function answerBooking(id: string, answer: BookingAnswer, message = '') {
  // Cancel answers the client's view of the booking; the diary reloads after every answer anyway.
  return apiRequest(answerPath(id, answer), BookingSchema, {
    method: 'POST',
    body: answerBody(answer, message),
  });
}

/**
 * The same answer sent as the page goes away (tab closed, another site): a `keepalive` request
 * outlives the page, where an ordinary one is cut off. Resolves to whether the server took it.
 */
export async function answerBookingOnLeave(
  id: string,
  answer: BookingAnswer,
  message = '',
): Promise<boolean> {
  // The stored session's token while the page is open on it (src/lib/boot-session.ts).
  const token =
    bootToken() ?? (await (await loadFirebase()).firebaseAuth().currentUser?.getIdToken());
  if (!token) return false;
  const body = answerBody(answer, message);
  const response = await fetch(answerPath(id, answer), {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return response.ok;
}

/** What the diary does with a whole series: answer its request, or end it (every session ahead). */
export type SeriesAnswer = 'confirm' | 'decline' | 'end';

export function answerSeries(id: string, answer: SeriesAnswer) {
  // Ending is hers at /api/practice/… (a client ends their own at /api/series/<id>/end).
  const path =
    answer === 'end'
      ? `/api/practice/series/${encodeURIComponent(id)}/end`
      : `/api/series/${encodeURIComponent(id)}/${answer}`;
  return apiRequest(path, SeriesSchema, {
    method: 'POST',
  });
}

/** Blocks time; the answer lists the requests and sessions inside it (declined and cancelled too when asked). */
/** Blocks time; `leaving` when the page is going away (the request must outlive it). */
export function blockTime(block: BlockRequest, leaving = false) {
  return apiRequest('/api/practice/blocks', BlockCreatedSchema, {
    method: 'POST',
    body: block,
    keepalive: leaving,
  });
}

export function removeBlock(id: string) {
  return apiRequest(`/api/practice/blocks/${encodeURIComponent(id)}`, v.undefined(), {
    method: 'DELETE',
  });
}

/** The month's payments, refunds and what is due, per client (`month` is YYYY-MM; none: this one). */
export function fetchPracticePayments(month: string | undefined, signal?: AbortSignal) {
  const query = month ? `?${new URLSearchParams({ month })}` : '';
  return apiRequest(`/api/practice/payments${query}`, PracticePaymentsSchema, { signal });
}

/** Refunds `amount` pence of a payment (none: all that is left); the server caps it at what was paid. */
export function refundPayment(id: string, amount?: number) {
  return apiRequest(
    `/api/practice/payments/${encodeURIComponent(id)}/refund`,
    RefundCreatedSchema,
    { method: 'POST', body: amount === undefined ? {} : { amount } },
  );
}

/** Everyone on the waiting list, oldest first. */
export function fetchPracticeWaitlist(signal?: AbortSignal) {
  return apiRequest('/api/practice/waitlist', PracticeWaitlistSchema, { signal });
}

export function removeWaitlistEntry(id: string) {
  return apiRequest(`/api/practice/waitlist/${encodeURIComponent(id)}`, v.undefined(), {
    method: 'DELETE',
  });
}

/** Whether she has a calendar link, and since when (the link itself is shown only when made). */
export function fetchCalendarFeed(signal?: AbortSignal) {
  return apiRequest('/api/practice/calendar-feed', CalendarFeedStateSchema, { signal });
}

/** A new private calendar link; the one before it stops at once. */
export function createCalendarFeed() {
  return apiRequest('/api/practice/calendar-feed', CalendarFeedCreatedSchema, { method: 'POST' });
}

/** Her hours and the coming bank holidays. */
export function fetchWorkingHours(signal?: AbortSignal) {
  return apiRequest('/api/practice/hours', HoursViewSchema, { signal });
}

/** Saves her hours; a 422 names each field to fix (ApiError.fieldErrors). */
export function saveWorkingHours(hours: WorkingHours) {
  return apiRequest('/api/practice/hours', HoursViewSchema, { method: 'PUT', body: hours });
}

/** Her own calendar: whether it is connected, how its reads went, its busy times ahead. */
export function fetchBusyCalendar(signal?: AbortSignal) {
  return apiRequest('/api/practice/busy-calendar', BusyCalendarViewSchema, { signal });
}

/** Connects her calendar by its private iCal address; read at once (a 422 says why not). */
export function connectBusyCalendar(url: string) {
  return apiRequest('/api/practice/busy-calendar', BusyCalendarReadSchema, {
    method: 'PUT',
    body: { url },
  });
}

export function disconnectBusyCalendar() {
  return apiRequest('/api/practice/busy-calendar', v.undefined(), { method: 'DELETE' });
}
