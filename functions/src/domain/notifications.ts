import type { BookingStatus } from '../../../shared/booking';
import { isActive } from '../../../shared/booking-rules';
import type { BookingRecord } from './types';

/** Who hears about a change to a booking, and what kind of message they get. */
export type Notification =
  | { kind: 'request-received'; to: 'practice'; booking: BookingRecord }
  | {
      kind: 'confirmed' | 'declined' | 'cancelled-by-practice';
      to: 'client';
      booking: BookingRecord;
    }
  | { kind: 'cancelled-by-client'; to: 'practice'; booking: BookingRecord };

export function notificationsFor(change: {
  booking: BookingRecord;
  status: BookingStatus;
  by: 'client' | 'practice';
}): Notification[] {
  const { booking, status, by } = change;
  if (status === 'requested') return [{ kind: 'request-received', to: 'practice', booking }];
  if (status === 'confirmed') return [{ kind: 'confirmed', to: 'client', booking }];
  if (status === 'declined') return [{ kind: 'declined', to: 'client', booking }];
  return by === 'practice'
    ? [{ kind: 'cancelled-by-practice', to: 'client', booking }]
    : [{ kind: 'cancelled-by-client', to: 'practice', booking }];
}

/** A deleted account's bookings: the practice hears of each future session that was still on. */
export function notificationsForDeletedAccount(
  deleted: readonly BookingRecord[],
  now: Date,
): Notification[] {
  return deleted
    .filter((booking) => isActive(booking) && booking.start > now)
    .map((booking) => ({ kind: 'cancelled-by-client', to: 'practice', booking }));
}
