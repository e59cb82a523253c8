import type { BookingStatus } from '../../../shared/booking';
import { isActive } from '../../../shared/booking-rules';
import type { BookingRecord, Client } from '../bookings';
import type { SeriesContext } from '../series';

// The series' own shape (series/series-context.ts): a message tells of it as a view does.
export type { SeriesContext };

/** Who hears about a change to a booking, and what kind of message they get. */
export type Notification = (
  | {
      kind:
        | 'request-received'
        | 'cancelled-by-client'
        | 'series-requested'
        | 'series-ended-by-client'
        | 'moved-by-client'
        | 'risk-flagged'
        | 'account-deleted-by-client'
        | 'notes-requested';
      to: 'practice';
    }
  | {
      kind:
        | 'request-acknowledged'
        | 'confirmed'
        | 'declined'
        | 'cancelled-by-practice'
        | 'cancellation-acknowledged'
        | 'reminder'
        | 'series-acknowledged'
        | 'series-confirmed'
        | 'series-declined'
        | 'series-ended'
        | 'moved'
        | 'account-deleted';
      to: 'client';
    }
  | { kind: 'week-skipped'; to: 'client' | 'practice' }
  | { kind: 'payment-received' | 'payment-due' | 'refund-issued'; to: 'client' }
  | { kind: 'waitlist-offer' | 'waitlist-ending'; to: 'client' }
  // Couples and families: their words are in participants/templates.ts.
  | { kind: 'invitation'; to: 'client' }
  | {
      kind:
        | 'participant-joined'
        | 'participant-declined'
        | 'participant-cancelled'
        | 'participant-left';
      to: 'client' | 'practice';
    }
  | { kind: 'participant-sessions-cancelled' | 'participant-departed'; to: 'client' }
) & {
  /** The session the message is about (for a series: its first session, or the one changed). */
  booking: BookingRecord;
  /** The practitioner's own words to the client (a decline or a cancellation). */
  message?: string;
  series?: SeriesContext;
  /** A moved session's start before the move. */
  previousStart?: Date;
  /** A deleted account's sessions that were still ahead (the client's calendar cancels them). */
  sessions?: BookingRecord[];
  /**
   * A payment's receipt (payment-received), the renewal that failed (payment-due) or a refund
   * and its credit note (refund-issued; `amount` is then what was refunded).
   */
  payment?: {
    id: string;
    receiptNumber: string | null;
    amount: number;
    seriesId: string | null;
    /** The PDF's signed, token-free path on the site (`/api/…?expires=…&signature=…`). */
    pdfLink?: string;
    creditNote?: { id: string; number: string; pdfLink: string };
  };
  /**
   * A couple's or family's session: the participant it is about (an invitation's invitee, who
   * joined, declined, cancelled or left) and who booked it.
   */
  party?: {
    participantId: string;
    name: string;
    bookerName: string;
    /** How they went (participant-left, -departed): absent when their account was deleted. */
    departure?: 'left' | 'removed';
  };
  /** Set on the copy of a session's message that goes to a participant (their account). */
  forParticipant?: string;
  /** The waiting-list entry an offer (of `booking.start`) or a warning is for. */
  waitlist?: { entryId: string; expiresAt: Date };
  /** A request for one's session notes and the London date it must be answered by. */
  notesRequest?: { id: string; dueOn: string };
};

export type MessageKind = Notification['kind'];

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

/**
 * The messages' payload is a booking as it was: for a message about the client rather than a
 * session, the client alone in that shape (no id: the message keeps no link to a booking).
 */
const clientAlone = (client: Client, now: Date): BookingRecord => ({
  id: '',
  client,
  serviceId: -1,
  start: now,
  end: now,
  status: 'cancelled',
  note: '',
  createdAt: now,
  updatedAt: now,
  seriesId: null,
  occurrence: null,
  sequence: 0,
});

/** The practice hears of a request for session notes, with the date the law gives to answer. */
export function notificationForNotesRequest(
  client: Client,
  request: { id: string; dueOn: string },
  now: Date,
): Notification {
  return {
    kind: 'notes-requested',
    to: 'practice',
    booking: clientAlone(client, now),
    notesRequest: request,
  };
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
