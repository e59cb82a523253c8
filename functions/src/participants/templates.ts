import { practiceFacts as practice } from '../../../shared/practice';
import { emailDateTime, videoLinkOf } from '../bookings';
import type { MessageContext, Notification } from '../outbox';
import type { MailMessage } from '../platform/mail/transport';

const signature = `${practice.practitioner}\n${practice.name}\n${practice.phone.display}`;
const hello = (name: string) => `Hello${name ? ` ${name}` : ''},`;

export type PartyMessageKind = Extract<
  Notification['kind'],
  | 'invitation'
  | 'participant-joined'
  | 'participant-declined'
  | 'participant-cancelled'
  | 'participant-left'
  | 'participant-sessions-cancelled'
  | 'participant-departed'
>;

export const isPartyMessage = (
  notification: Notification,
): notification is Notification & { kind: PartyMessageKind } =>
  notification.kind === 'invitation' || notification.kind.startsWith('participant-');

/** The words of the couples' and families' messages (messages/templates.ts sends them). */
export function partyMessageFor(
  notification: Notification & { kind: PartyMessageKind },
  context: MessageContext,
): Omit<MailMessage, 'calendar'> {
  const { booking } = notification;
  const serviceName = context.service?.name ?? 'Session';
  const session = `${serviceName}, ${emailDateTime.format(booking.start)}`;
  const standing = booking.seriesId ? ' (the first of your standing sessions)' : '';
  const who = notification.party?.name ?? 'Someone';
  const booker = notification.party?.bookerName || 'Someone';
  const toClient = { to: booking.client.email };
  const toPractice = { to: context.practiceEmail };
  const myBookings = `${context.siteUrl}/bookings`;
  switch (notification.kind) {
    case 'invitation':
      return {
        ...toClient,
        subject: `${booker} invites you to ${serviceName}`,
        text: `${hello(booking.client.name)}\n\n${booker} has asked ${practice.name} for ${session}${standing}, with you. Each adult in the room is a client of the practice: you have your own account, agreement, reminders and calendar invitation, and what you tell me stays yours.\n\nTo join or decline, sign in or register with this email address (${booking.client.email}) here: ${context.siteUrl}/invitations\n\nIf you do not know ${booker}, you can ignore this email.\n\n${signature}`,
      };
    case 'participant-joined':
    case 'participant-declined': {
      const answer = notification.kind === 'participant-joined' ? 'joined' : 'declined';
      const next =
        answer === 'joined'
          ? ' Before the first session they accept the therapy agreement and give their own details.'
          : '';
      return notification.to === 'practice'
        ? {
            ...toPractice,
            subject: `${who} ${answer}: ${session}`,
            text: `${who} ${answer} ${booking.client.name || booking.client.email}’s ${session}.${next}\n\nDiary: ${context.siteUrl}/practice`,
          }
        : {
            ...toClient,
            subject: `${who} ${answer}: ${session}`,
            text: `${hello(booking.client.name)}\n\n${who} ${answer} your ${session}.${next}\n\nYour bookings: ${myBookings}\n\n${signature}`,
          };
    }
    case 'participant-cancelled':
      return notification.to === 'practice'
        ? {
            ...toPractice,
            subject: `Session cancelled: ${session}`,
            text: `${who} cancelled ${session}, booked by ${booker}. The time is free again.\n\nDiary: ${context.siteUrl}/practice`,
          }
        : {
            ...toClient,
            subject: `Session cancelled: ${session}`,
            text: `${hello(booking.client.name)}\n\n${who} cancelled the session ${session}. The calendar file attached removes it from your calendar.\n\nYour bookings: ${myBookings}\n\n${signature}`,
          };
    case 'participant-sessions-cancelled': {
      const dates = (notification.sessions ?? [booking])
        .map((each) => `- ${emailDateTime.format(each.start)}`)
        .join('\n');
      return {
        ...toClient,
        subject: `Your shared sessions are cancelled: ${serviceName}`,
        text: `${hello(booking.client.name)}\n\n${booker} has deleted their account, so the ${serviceName} sessions they booked with you are cancelled:\n${dates}\n\nThe calendar file attached removes them from your calendar. Your own account and record stay as they are; to go on, you can book a session of your own: ${context.siteUrl}/\n\n${signature}`,
      };
    }
    case 'participant-left': {
      const departure = notification.party?.departure;
      const how =
        departure === 'left'
          ? 'has left'
          : departure === 'removed'
            ? 'no longer attends'
            : 'has deleted their account and no longer comes to';
      if (notification.to === 'practice')
        return {
          ...toPractice,
          subject: `${who} ${departure === 'removed' ? 'removed' : 'left'}: ${serviceName}`,
          text: `${who} ${how} ${serviceName}, booked by ${booker}. The sessions stand for the others.\n\nDiary: ${context.siteUrl}/practice`,
        };
      return {
        ...toClient,
        subject: `${who} no longer comes: ${serviceName}`,
        text: `${hello(booking.client.name)}\n\n${who} ${how} ${serviceName}. Your sessions stand as they are.${newLinks(notification, context)}\n\nYour bookings: ${myBookings}\n\n${signature}`,
      };
    }
    case 'participant-departed':
      return {
        ...toClient,
        subject: `You no longer attend: ${serviceName}`,
        text: `${hello(booking.client.name)}\n\nYou no longer attend ${serviceName}, booked by ${booker}.${
          notification.sessions?.length
            ? ' The calendar file attached removes the sessions ahead from your calendar.'
            : ''
        } What you attended stays on your own record. To go on, you can book a session of your own: ${context.siteUrl}/\n\n${signature}`,
      };
  }
}

/** After someone left: the video sessions ahead meet in a new room, its link in the message. */
function newLinks(notification: Notification, context: MessageContext): string {
  const renewed = notification.sessions ?? [];
  const link = renewed[0] && videoLinkOf(renewed[0], context);
  if (!link) return '';
  if (renewed.length === 1)
    return ` The video session ahead has a new link: ${link}. The calendar file attached updates it.`;
  return ` The video sessions ahead each have a new link; the next one’s is ${link}. The calendar file attached updates them all.`;
}
