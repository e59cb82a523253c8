import type { BookingRecord } from './types';

/** The practice's booking rules, in one place. */
export const BOOKING_RULES = {
  /** Rest after every session; no session may start inside another's break. */
  breakMinutes: 10,
  /** Start times are offered every this many minutes from the opening time. */
  slotStepMinutes: 30,
  /** A request must be at least this far ahead, so the practitioner can answer it. */
  minimumNoticeHours: 24,
  /** Nothing further ahead than this can be requested. */
  horizonDays: 56,
  /** How many unanswered requests one client may have open. */
  maxOpenRequests: 3,
  /** A client may cancel until this long before the start. */
  clientCancelNoticeHours: 24,
} as const;

const HOUR = 3_600_000;
export const MINUTE = 60_000;

export const addMinutes = (instant: Date, minutes: number) =>
  new Date(instant.getTime() + minutes * MINUTE);

export function isActive(booking: Pick<BookingRecord, 'status'>): boolean {
  return booking.status === 'requested' || booking.status === 'confirmed';
}

/** A client may cancel an active booking that starts more than the notice period from now. */
export function clientMayCancel(
  booking: Pick<BookingRecord, 'status' | 'start'>,
  now: Date,
): boolean {
  return (
    isActive(booking) &&
    booking.start.getTime() > now.getTime() + BOOKING_RULES.clientCancelNoticeHours * HOUR
  );
}

/** Earliest and latest start a request may have, seen from `now`. */
export function bookableWindow(now: Date): { earliest: Date; latest: Date } {
  return {
    earliest: new Date(now.getTime() + BOOKING_RULES.minimumNoticeHours * HOUR),
    latest: new Date(now.getTime() + BOOKING_RULES.horizonDays * 24 * HOUR),
  };
}
