import type { BookingMode, BookingStatus } from '../../../shared/booking';
import type { Attendance } from '../../../shared/clinical-api';
import type { Interval } from '../../../shared/time';
import type { PartyRequest } from '../../../shared/participants';

export type { Interval };

export interface Client {
  uid: string;
  email: string;
  name: string;
}

export interface BookingRecord extends Interval {
  id: string;
  client: Client;
  serviceId: number;
  status: BookingStatus;
  note: string;
  createdAt: Date;
  updatedAt: Date;
  /** Its standing series, and the occurrence it stands for; null for a one-off session. */
  seriesId: string | null;
  occurrence: Date | null;
  /** Calendar revision, raised by each move. */
  sequence: number;
  /** What happened, marked after the session (a client's late cancellation at once). */
  attendance?: Attendance | null;
  /** In person or by video; absent in older outbox payloads (in person). */
  mode?: BookingMode;
  /** A video session's room while it is active (its join link: video.ts). */
  videoRoom?: string | null;
  /** The free call's number to phone; absent in older outbox payloads. */
  callPhone?: string | null;
  /**
   * Everyone in the room (the client and each participant who joined), as a message's snapshot
   * carries them for the calendar file; absent: the client alone.
   */
  attendees?: Client[];
}

export interface SeriesRecord {
  id: string;
  client: Client;
  serviceId: number;
  everyWeeks: 1 | 2;
  firstStart: Date;
  /** London wall-clock "HH:MM" every session keeps. */
  localTime: string;
  status: 'requested' | 'confirmed' | 'declined' | 'ended';
  note: string;
  bookedThrough: Date;
  endedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Published (inside its transaction) each time a session's status changes: confirmed, declined or
 * cancelled, by the client or the practice, from the booking's page, a block of time or a series
 * ending. Data only; whoever reacts loads what else it needs.
 */
export interface BookingStatusChanged {
  type: 'booking.status-changed';
  bookingId: string;
  to: BookingStatus;
  by: 'client' | 'practice';
  /** Why, when not the booking's own page: 'block' (time blocked), 'series-ended'. */
  cause: 'booking' | 'block' | 'series-ended';
  /** The session's start (ISO): a time freed by it is known without reading it again. */
  start: string;
  /** The practitioner's own words to the client, when she gave any (a decline, a cancellation). */
  message?: string;
  /** A participant who joined the session and cancelled it (their account), not its booker. */
  participantUid?: string;
  occurredAt: string;
}

/**
 * Published inside the transaction that declines a request whose start came without an answer
 * (the hourly job): no time is freed, as that time has come.
 */
export interface BookingLapsed {
  type: 'booking.lapsed';
  bookingId: string;
  occurredAt: string;
}

/** Published inside the transaction that makes a request for one session. */
export interface BookingRequested {
  type: 'booking.requested';
  bookingId: string;
  clientUid: string;
  serviceId: number;
  /** The other people the request names, checked (participants invites them); absent if none. */
  party?: PartyRequest;
  occurredAt: string;
}

/** Published inside the transaction that moves a session: `from` is a time free again. */
export interface BookingMoved {
  type: 'booking.moved';
  bookingId: string;
  by: 'client' | 'practice';
  /** The old and the new start (ISO). */
  from: string;
  to: string;
  occurredAt: string;
}
