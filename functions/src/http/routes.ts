import { availability } from './availability';
import { cancelBooking, confirmBooking, declineBooking } from './change-status';
import { createBlock } from './create-block';
import { createBooking } from './create-booking';
import { deleteBlock } from './delete-block';
import { deleteMyBookings } from './delete-my-bookings';
import type { Endpoint } from './endpoint';
import { health } from './health';
import { listMessages, retryMessage } from './messages';
import { myBookings } from './my-bookings';
import { practiceDiary } from './practice-diary';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Every endpoint of the API, by path after /api (`:id` is one path segment) and method. Each one
 * declares who may call it and what it takes (endpoint.ts), and the router checks both first.
 */
export const routes: Readonly<Record<string, Partial<Record<Method, Endpoint>>>> = {
  '/health': { GET: health },
  '/availability': { GET: availability },
  '/bookings': { GET: myBookings, POST: createBooking },
  '/bookings/:id/cancel': { POST: cancelBooking },
  '/bookings/:id/confirm': { POST: confirmBooking },
  '/bookings/:id/decline': { POST: declineBooking },
  '/practice/bookings': { GET: practiceDiary },
  '/practice/blocks': { POST: createBlock },
  '/practice/blocks/:id': { DELETE: deleteBlock },
  '/practice/messages': { GET: listMessages },
  '/practice/messages/:id/retry': { POST: retryMessage },
  '/account/bookings': { DELETE: deleteMyBookings },
};

export function matchRoute(
  path: string,
): { methods: Partial<Record<Method, Endpoint>>; params: Record<string, string> } | undefined {
  const segments = path.split('/');
  for (const [pattern, methods] of Object.entries(routes)) {
    const parts = pattern.split('/');
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = parts.every((part, index) => {
      const segment = segments[index] ?? '';
      if (!part.startsWith(':')) return part === segment;
      params[part.slice(1)] = safeDecode(segment);
      return segment !== '';
    });
    if (fits) return { methods, params };
  }
  return undefined;
}

/** A malformed escape (`%E0%A4`) is kept as it is: the handler then finds no such id. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
