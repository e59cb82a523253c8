import { createEvent } from 'ics';
import { RULE_SENTENCES } from '../../../shared/booking-rules';
import { practiceAddressLine, practiceFacts as practice } from '../../../shared/practice';
import type { BookingRecord } from '../domain/types';

/** The confirmed session as an iCalendar file (session.ics). */
export function sessionCalendar(
  booking: BookingRecord,
  serviceName: string,
  organizerEmail: string,
): string {
  const { error, value } = createEvent({
    uid: `${booking.id}@${organizerEmail.split('@')[1] ?? 'practice'}`,
    start: booking.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: booking.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${serviceName} with ${practice.practitioner}`,
    description: `${practice.name}. Fees are paid at the session. ${RULE_SENTENCES.calendarCancel}`,
    location: practiceAddressLine,
    status: 'CONFIRMED',
    organizer: { name: practice.name, email: organizerEmail },
    productId: 'mindful-path/bookings',
  });
  if (error || !value) throw new Error('Could not write the calendar file', { cause: error });
  return value;
}
