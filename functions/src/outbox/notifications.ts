import type { Service } from '../../../shared/service';
import type { BookingRecord, Client } from '../bookings';
// The series' own shape (series/series-context.ts): a message tells of it as a view does.
import type { SeriesContext } from '../series';

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

/** What an email is written with, besides the message itself (messages/templates.ts). */
export interface MessageContext {
  service: Pick<Service, 'id' | 'name' | 'format' | 'price' | 'session'> | undefined;
  practiceEmail: string;
  /** The site's address, for links to My bookings and the diary. */
  siteUrl: string;
  /** The client has not yet given their details and the agreement. */
  intakeToDo?: boolean;
  /** For the risk email: the client's risk answers not yet marked seen, when it is written. */
  riskAnswers?: number;
  /** The Jitsi server video sessions meet on (the function's MEETING_HOST). */
  meetingHost?: string;
}

/**
 * The messages' payload is a booking as it was: for a message about the client rather than a
 * session, the client alone in that shape (no id: the message keeps no link to a booking).
 */
export const clientAlone = (client: Client, now: Date): BookingRecord => ({
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
