import { createEvent } from 'ics';
import { RULE_SENTENCES } from '../../../shared/booking-rules';
import { practiceFacts as practice } from '../../../shared/practice';
import type { BookingRecord } from '../domain/types';
import { sessionPlace, type MessageContext } from './templates';

/**
 * A session as an iCalendar file (session.ics): REQUEST when it is confirmed, CANCEL with the same
 * UID when it is cancelled, so the client's calendar removes the event it added (RFC 5546).
 */
export function sessionCalendar(
  booking: BookingRecord,
  method: 'REQUEST' | 'CANCEL',
  context: Pick<MessageContext, 'service' | 'practiceEmail'>,
): string {
  const serviceName = context.service?.name ?? 'Session';
  const { error, value } = createEvent({
    method,
    uid: `${booking.id}@${context.practiceEmail.split('@')[1] ?? 'practice'}`,
    // A later version of the same event: the cancellation replaces the confirmation.
    sequence: method === 'CANCEL' ? 1 : 0,
    start: booking.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: booking.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${serviceName} with ${practice.practitioner}`,
    description: `${practice.name}. Fees are paid at the session. ${RULE_SENTENCES.calendarCancel}`,
    location: sessionPlace(context.service?.format),
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: practice.name, email: context.practiceEmail },
    attendees: [
      {
        name: booking.client.name || booking.client.email,
        email: booking.client.email,
        rsvp: false,
        partstat: 'ACCEPTED',
        role: 'REQ-PARTICIPANT',
      },
    ],
    productId: 'mindful-path/bookings',
  });
  if (error || !value) throw new Error('Could not write the calendar file', { cause: error });
  return value;
}
