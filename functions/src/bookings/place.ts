import { practiceAddressLine } from '../../../shared/practice';
import type { Service } from '../../../shared/service';
import { DEFAULT_MEETING_HOST } from '../platform/settings';
import type { BookingRecord } from './types';
import { joinUrlOf } from './video';

/** A video session's own link, while it has one (confirmed, not cancelled). */
export const videoLinkOf = (
  booking: Pick<BookingRecord, 'status' | 'videoRoom'>,
  context: { meetingHost?: string },
) => joinUrlOf(booking, context.meetingHost ?? DEFAULT_MEETING_HOST);

/** Where this session happens: its own video link, the practice, or the service's words. */
export function placeOf(
  booking: Pick<BookingRecord, 'status' | 'videoRoom' | 'mode'>,
  context: { meetingHost?: string; service?: Pick<Service, 'format'> | undefined },
): string {
  const link = videoLinkOf(booking, context);
  if (link) return `By video. Join at the time from this link, which is yours alone: ${link}`;
  if (booking.mode === 'in-person' && context.service?.format === 'in-person-or-video')
    return practiceAddressLine;
  return sessionPlace(context.service?.format);
}

/** Where a session of the service happens, in words a client and a calendar both read. */
function sessionPlace(format: Service['format'] | undefined): string {
  if (format === 'video') return 'By video (the link comes by email before the session)';
  if (format === 'in-person-or-video') return `${practiceAddressLine}, or by video`;
  if (format === 'phone-or-video')
    return 'By phone or video: the practitioner calls you at the time';
  return practiceAddressLine;
}
