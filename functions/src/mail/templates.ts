import { RULE_SENTENCES } from '../../../shared/booking-rules';
import { practiceFacts as practice } from '../../../shared/practice';
import { PRACTICE_TIME_ZONE } from '../../../shared/time';
import type { Notification } from '../domain/notifications';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An .ics file to attach (the confirmed session). */
  calendar?: string;
}

const when = new Intl.DateTimeFormat('en-GB', {
  timeZone: PRACTICE_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

export interface MessageContext {
  serviceName: string;
  practiceEmail: string;
  /** The site's address, for links to My bookings and the diary. */
  siteUrl: string;
}

const signature = `${practice.practitioner}\n${practice.name}\n${practice.phone.display}`;

/** The words of each message. The client's note is never put in an email. */
export function messageFor(
  notification: Notification,
  context: MessageContext,
): Omit<MailMessage, 'calendar'> {
  const { booking } = notification;
  const time = when.format(booking.start);
  const session = `${context.serviceName}, ${time}`;
  switch (notification.kind) {
    case 'request-received':
      return {
        to: context.practiceEmail,
        subject: `New session request: ${session}`,
        text: `${booking.client.name || booking.client.email} (${booking.client.email}) asks for ${session}.\n\nConfirm or decline it in the diary: ${context.siteUrl}/practice`,
      };
    case 'cancelled-by-client':
      return {
        to: context.practiceEmail,
        subject: `Session cancelled: ${session}`,
        text: `${booking.client.name || booking.client.email} (${booking.client.email}) cancelled ${session}. The time is free again.\n\nDiary: ${context.siteUrl}/practice`,
      };
    case 'confirmed':
      return {
        to: booking.client.email,
        subject: `Your session is confirmed: ${session}`,
        text: `Hello${booking.client.name ? ` ${booking.client.name}` : ''},\n\nYour session is confirmed: ${session}. The calendar file attached adds it to your calendar.\n\nFees are paid at the session. ${RULE_SENTENCES.cancelReminder}: ${context.siteUrl}/bookings\n\n${signature}`,
      };
    case 'declined':
      return {
        to: booking.client.email,
        subject: `Your session request: ${session}`,
        text: `Hello${booking.client.name ? ` ${booking.client.name}` : ''},\n\nI am sorry, I cannot see you at ${time}. Please choose another time: ${context.siteUrl}/checkout?service=${booking.serviceId}\n\n${signature}`,
      };
    case 'cancelled-by-practice':
      return {
        to: booking.client.email,
        subject: `Your session is cancelled: ${session}`,
        text: `Hello${booking.client.name ? ` ${booking.client.name}` : ''},\n\nI am sorry, I have had to cancel your session: ${session}. Please choose another time, or reply to ${context.practiceEmail}: ${context.siteUrl}/checkout?service=${booking.serviceId}\n\n${signature}`,
      };
  }
}
