import type { BookingStatus } from '../../../shared/booking';
import { isActive } from '../../../shared/booking-rules';
import type { BookingRecord, Client } from '../bookings';
import { clientAlone, type Notification } from '../outbox';

export function notificationsFor(change: {
  booking: BookingRecord;
  status: BookingStatus;
  by: 'client' | 'practice';
  message?: string;
}): Notification[] {
  const { booking, status, by } = change;
  const words = change.message ? { message: change.message } : {};
  if (status === 'requested') {
    return [
      { kind: 'request-received', to: 'practice', booking },
      { kind: 'request-acknowledged', to: 'client', booking },
    ];
  }
  if (status === 'confirmed') return [{ kind: 'confirmed', to: 'client', booking }];
  if (status === 'declined') return [{ kind: 'declined', to: 'client', booking, ...words }];
  return by === 'practice'
    ? [{ kind: 'cancelled-by-practice', to: 'client', booking, ...words }]
    : [
        { kind: 'cancelled-by-client', to: 'practice', booking },
        { kind: 'cancellation-acknowledged', to: 'client', booking },
      ];
}

/** A deleted account's bookings: the practice hears of each future session that was still on. */
export function sessionsOfDeletedAccount(
  deleted: readonly BookingRecord[],
  now: Date,
): Notification[] {
  return deleted
    .filter((booking) => isActive(booking) && booking.start > now)
    .map((booking) => ({ kind: 'cancelled-by-client', to: 'practice', booking }));
}

/**
 * A deleted account: the practice hears it was deleted, and the client gets a confirmation whose
 * calendar file cancels every session still ahead.
 */
export function notificationsForDeletedAccount(
  deleted: readonly BookingRecord[],
  now: Date,
  client: Client,
): Notification[] {
  const ahead = deleted.filter((booking) => isActive(booking) && booking.start > now);
  const about = ahead[0] ?? clientAlone(client, now);
  return [
    { kind: 'account-deleted', to: 'client', booking: about, sessions: ahead },
    { kind: 'account-deleted-by-client', to: 'practice', booking: about, sessions: ahead },
  ];
}
