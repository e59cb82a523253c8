import { randomBytes } from 'node:crypto';
import type { BookingMode, BookingStatus } from '../../../shared/booking';
import type { Service } from '../../../shared/service';

/** A room name nobody can guess: 128 random bits from the system's CSPRNG, base64url (22 characters). */
export const newVideoRoom = (): string => randomBytes(16).toString('base64url');

/** A session's join link on the meeting host (a Jitsi server: the room is the path). */
const joinUrlFor = (meetingHost: string, room: string): string =>
  `${meetingHost.replace(/\/+$/, '')}/${room}`;

/** The link a booking shows: only a video session's, only while it is confirmed. */
export function joinUrlOf(
  booking: { status: BookingStatus; videoRoom?: string | null },
  meetingHost: string,
): string | undefined {
  if (booking.status !== 'confirmed' || !booking.videoRoom) return undefined;
  return joinUrlFor(meetingHost, booking.videoRoom);
}

/**
 * The mode a booking takes: a video-only service is always by video; one offered either way takes
 * the client's choice (in person when they sent none, as older callers do); any other is in person.
 * undefined when the choice is not offered by the service.
 */
export function bookingMode(
  format: Service['format'],
  asked: BookingMode | undefined,
): BookingMode | undefined {
  if (format === 'video') return asked === 'in-person' ? undefined : 'video';
  if (format === 'in-person-or-video') return asked ?? 'in-person';
  return asked === 'video' ? undefined : 'in-person';
}
