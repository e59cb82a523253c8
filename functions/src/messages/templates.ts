import { feePerSessionPence, formatMoney, monthlyPriceText } from '../../../shared/money';
import {
  BOOKING_RULES,
  RULE_SENTENCES,
  feeSentences,
  hoursText,
} from '../../../shared/booking-rules';
import { practiceFacts as practice } from '../../../shared/practice';
import type { Service } from '../../../shared/service';
import { PRACTICE_TIME_ZONE } from '../../../shared/time';
import { isActive } from '../../../shared/booking-rules';
import { ACCESS_REQUEST_PERIOD, RETENTION_SENTENCE } from '../../../shared/retention';
import { seriesSummary } from '../../../shared/series-text';
import { riskAnswersText } from '../../../shared/limits';
import { dayOfWeek, practiceDate } from '../../../shared/time';
import type { MessageContext, Notification } from '../outbox';
import type { SeriesContext } from '../series';
import { emailDateTime, placeOf } from '../bookings';
import type { MailMessage } from '../platform/mail/transport';
import { isPartyMessage, partyMessageFor } from '../participants';

const when = emailDateTime;

const dayOnly = new Intl.DateTimeFormat('en-GB', {
  timeZone: PRACTICE_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** "Weekly, Tuesdays 18:00, from 7 April, 8 sessions, 1 week skipped: 28 April". */
function seriesLine(series: SeriesContext): string {
  const active = series.sessions.filter((each) => isActive(each));
  return seriesSummary({
    everyWeeks: series.record.everyWeeks,
    weekday: dayOfWeek(practiceDate(series.record.firstStart)),
    time: series.record.localTime,
    firstStart: series.record.firstStart,
    sessions: active.length,
    skipped: series.skipped,
  });
}

/** What the client is told about paying, from the service's price and the refund rule. */
function paymentWords(
  service: Pick<Service, 'price' | 'session'> | undefined,
  kind: 'one-off' | 'series',
  billingUrl: string,
) {
  if (!service || service.price === 0) return feeSentences({ feeText: formatMoney(0) }).free;
  const words = feeSentences({
    feeText: formatMoney(feePerSessionPence(service)),
    monthlyText: monthlyPriceText(service).replace('/mo', ' a month'),
    sessionsPerMonth: service.session,
  });
  return kind === 'series'
    ? `${words.plan} Set up monthly payment: ${billingUrl}\n${words.refund}`
    : `${words.oneOff} Pay for it here: ${billingUrl}\n${words.refund}`;
}

/** A participant of a shared session: the person who booked it pays. */
const PAID_BY_BOOKER = 'Paid by the person who booked.';

const signature = `${practice.practitioner}\n${practice.name}\n${practice.phone.display}`;
const hello = (name: string) => `Hello${name ? ` ${name}` : ''},`;
const quoted = (label: string, words: string | undefined) =>
  words ? `\n\n${label}:\n${words.replace(/^/gm, '> ')}` : '';

/**
 * The words of each message. The client's note goes only to the practice, whose messages can be
 * answered straight to the client (Reply-To).
 */
export function messageFor(
  notification: Notification,
  context: MessageContext,
): Omit<MailMessage, 'calendar'> {
  if (isPartyMessage(notification)) return partyMessageFor(notification, context);
  const { booking } = notification;
  const serviceName = context.service?.name ?? 'Session';
  const time = when.format(booking.start);
  const session = `${serviceName}, ${time}`;
  const client = booking.client.name || booking.client.email;
  const myBookings = `${context.siteUrl}/bookings`;
  const chooseAgain = `${context.siteUrl}/checkout?service=${booking.serviceId}`;
  const toClient = { to: booking.client.email };
  const intake = context.intakeToDo
    ? `\n\nBefore your first session, please fill in your details and the therapy agreement: ${context.siteUrl}/account/intake`
    : '';
  const toPractice = { to: context.practiceEmail, replyTo: booking.client.email };
  switch (notification.kind) {
    case 'request-received':
      return {
        ...toPractice,
        subject: `New session request: ${session}`,
        text: `${client} (${booking.client.email}) asks for ${session}.${booking.callPhone ? `\n\nNumber to call: ${booking.callPhone}` : ''}${quoted('Their note', booking.note)}\n\nConfirm or decline it in the diary: ${context.siteUrl}/practice\nReplying to this email writes to the client.`,
      };
    case 'request-acknowledged':
      return {
        ...toClient,
        subject: `We have your request: ${session}`,
        text: `${hello(booking.client.name)}\n\nThank you: your request for ${session} has reached the practice. You will hear within a day whether the time is confirmed; until then it is held for you.\n\nYour bookings: ${myBookings}\n\n${signature}`,
      };
    case 'cancelled-by-client':
      return {
        ...toPractice,
        subject: `Session cancelled: ${session}`,
        text: `${client} (${booking.client.email}) cancelled ${session}. The time is free again.${quoted('Their note on the booking', booking.note)}\n\nDiary: ${context.siteUrl}/practice`,
      };
    case 'cancellation-acknowledged':
      return {
        ...toClient,
        subject: `You cancelled: ${session}`,
        text: `${hello(booking.client.name)}\n\nYour session is cancelled: ${session}. The calendar file attached removes it from your calendar.\n\nTo choose another time: ${chooseAgain}\n\n${signature}`,
      };
    case 'confirmed':
      return {
        ...toClient,
        subject: `Your session is confirmed: ${session}`,
        text: `${hello(booking.client.name)}\n\nYour session is confirmed: ${session}.\nWhere: ${placeOf(booking, context)}\nThe calendar file attached adds it to your calendar.${intake}\n\n${notification.forParticipant ? PAID_BY_BOOKER : paymentWords(context.service, 'one-off', `${context.siteUrl}/account/billing`)}\n${RULE_SENTENCES.cancelReminder}: ${myBookings}\n\n${signature}`,
      };
    case 'declined':
      return {
        ...toClient,
        subject: `Your session request: ${session}`,
        text: `${hello(booking.client.name)}\n\nI am sorry, I cannot see you at ${time}.${quoted('A word from me', notification.message)}\n\nPlease choose another time: ${chooseAgain}\n\n${signature}`,
      };
    case 'reminder':
      return {
        ...toClient,
        subject: `Reminder: ${session}`,
        text: `${hello(booking.client.name)}\n\nA reminder of your session: ${session}.\nWhere: ${placeOf(booking, context)}\n\nTo move or cancel it, use My bookings while there are more than ${hoursText(BOOKING_RULES.clientCancelNoticeHours)} to go: ${myBookings}\nAfter that, please phone the practice on ${practice.phone.display}.\n\n${signature}`,
      };
    case 'risk-flagged':
      // Never the answers, the scores or the name: only that someone needs her, and where.
      return {
        to: context.practiceEmail,
        subject: 'A client’s answers need your attention today',
        text: `A client’s answers need your attention today.${context.riskAnswers ? ` ${riskAnswersText(context.riskAnswers)}` : ''}\n\nOpen their record (signed in as the practitioner): ${context.siteUrl}/practice/clients/${encodeURIComponent(booking.client.uid)}`,
      };
    case 'series-requested':
      return {
        ...toPractice,
        subject: `New series request: ${serviceName}`,
        text: `${client} (${booking.client.email}) asks for ${serviceName}: ${notification.series ? seriesLine(notification.series) : session}.${quoted('Their note', booking.note)}\n\nConfirm or decline the whole series in the diary: ${context.siteUrl}/practice\nReplying to this email writes to the client.`,
      };
    case 'series-acknowledged':
      return {
        ...toClient,
        subject: `We have your request: ${serviceName}`,
        text: `${hello(booking.client.name)}\n\nThank you: your request for ${serviceName} has reached the practice: ${notification.series ? seriesLine(notification.series) : session}. You will hear within a day whether it is confirmed.\n\nYour bookings: ${myBookings}\n\n${signature}`,
      };
    case 'series-confirmed':
      return {
        ...toClient,
        subject: `Your sessions are confirmed: ${serviceName}`,
        text: `${hello(booking.client.name)}\n\nYour sessions are confirmed: ${notification.series ? seriesLine(notification.series) : session}.\nWhere: ${placeOf(booking, context)}\nThe calendar file attached adds them all to your calendar; it updates when a session moves.${intake}\n\n${notification.forParticipant ? PAID_BY_BOOKER : paymentWords(context.service, 'series', `${context.siteUrl}/account/billing`)}\nTo move or skip a session: ${myBookings} (${RULE_SENTENCES.cancelReminder.toLowerCase()}).\n\n${signature}`,
      };
    case 'series-declined':
      return {
        ...toClient,
        subject: `Your request: ${serviceName}`,
        text: `${hello(booking.client.name)}\n\nI am sorry, I cannot offer you ${notification.series ? seriesLine(notification.series) : session}.${quoted('A word from me', notification.message)}\n\nPlease choose another time: ${chooseAgain}\n\n${signature}`,
      };
    case 'series-ended':
      return {
        ...toClient,
        subject: `Your sessions have ended: ${serviceName}`,
        text: `${hello(booking.client.name)}\n\nYour standing sessions have ended; the sessions still ahead are cancelled. The calendar file attached updates your calendar.\n\nTo book again: ${chooseAgain}\n\n${signature}`,
      };
    case 'series-ended-by-client':
      return {
        ...toPractice,
        subject: `Series ended: ${serviceName}`,
        text: `${client} (${booking.client.email}) ended their sessions: ${notification.series ? seriesLine(notification.series) : session}. The times ahead are free again.\n\nDiary: ${context.siteUrl}/practice`,
      };
    case 'moved':
      return {
        ...toClient,
        subject: `Your session has moved: ${session}`,
        text: `${hello(booking.client.name)}\n\nYour session${notification.previousStart ? ` of ${when.format(notification.previousStart)}` : ''} is now ${session}.\nWhere: ${placeOf(booking, context)}\nThe calendar file attached moves it in your calendar.\n\nYour bookings: ${myBookings}\n\n${signature}`,
      };
    case 'moved-by-client':
      return {
        ...toPractice,
        subject: `Session moved: ${session}`,
        text: `${client} (${booking.client.email}) moved their session${notification.previousStart ? ` of ${when.format(notification.previousStart)}` : ''} to ${session}.\n\nDiary: ${context.siteUrl}/practice`,
      };
    case 'week-skipped':
      return {
        ...(notification.to === 'practice' ? toPractice : toClient),
        subject: `A week is not free: ${session}`,
        text:
          notification.to === 'practice'
            ? `The standing sessions of ${client} could not have ${session}: the time is not free. The other weeks stand.\n\nDiary: ${context.siteUrl}/practice`
            : `${hello(booking.client.name)}\n\nYour standing time is not free on ${time}, so there is no session that week; the other weeks stand. To book another time that week: ${chooseAgain}\n\n${signature}`,
      };
    case 'account-deleted': {
      const ahead = notification.sessions ?? [];
      const sessions =
        ahead.length === 0
          ? 'You had no sessions ahead.'
          : `Your ${ahead.length === 1 ? 'session' : `${ahead.length} sessions`} ahead ${ahead.length === 1 ? 'is' : 'are'} cancelled: ${ahead.map((each) => when.format(each.start)).join('; ')}. The calendar file attached removes ${ahead.length === 1 ? 'it' : 'them'} from your calendar.`;
      return {
        ...toClient,
        subject: 'Your account is deleted',
        text: `${hello(booking.client.name)}\n\nYour account and your bookings are deleted, as you asked. ${sessions}\n\n${RETENTION_SENTENCE}\n\nIf you did not ask for this, please reply to ${context.practiceEmail} or phone ${practice.phone.display}.\n\n${signature}`,
      };
    }
    case 'account-deleted-by-client': {
      const ahead = notification.sessions ?? [];
      return {
        to: context.practiceEmail,
        subject: 'A client deleted their account',
        text: `${client} (${booking.client.email}) deleted their account.${ahead.length > 0 ? ` The ${ahead.length === 1 ? 'session' : `${ahead.length} sessions`} they had ahead ${ahead.length === 1 ? 'is' : 'are'} cancelled and the times are free again.` : ''} Their clinical record is kept or deleted by the retention rule.\n\nDiary: ${context.siteUrl}/practice`,
      };
    }
    case 'notes-requested': {
      // Who asked and by when; never a note, a count of notes or anything from the record.
      const due = notification.notesRequest?.dueOn ?? practiceDate(booking.start);
      return {
        ...toPractice,
        subject: 'A client asks for their session notes',
        text: `${client} (${booking.client.email}) asked for their session notes on ${dayOnly.format(booking.start)}. The law gives ${ACCESS_REQUEST_PERIOD} to answer: review the signed notes, withhold any passage an exemption covers with your reason, and release them by ${dayOnly.format(new Date(`${due}T12:00:00Z`))}.\n\nNotes requests (signed in as the practitioner): ${context.siteUrl}/practice/notes-requests`,
      };
    }
    case 'payment-received': {
      const payment = notification.payment;
      return {
        ...toClient,
        subject: `Receipt ${payment?.receiptNumber ?? ''}: ${formatMoney(payment?.amount ?? 0)} paid`,
        text: `${hello(booking.client.name)}\n\nThank you: your payment of ${formatMoney(payment?.amount ?? 0)} for ${serviceName} has been received.\n\nYour receipt ${payment?.receiptNumber ?? ''} (for your records or your insurer): ${context.siteUrl}/account/billing/receipts/${payment?.id ?? ''}\nAs a PDF: ${context.siteUrl}${payment?.pdfLink ?? `/api/payments/${payment?.id ?? ''}/receipt.pdf`}\n\nYour payments: ${context.siteUrl}/account/billing\n\n${signature}`,
      };
    }
    case 'refund-issued': {
      const payment = notification.payment;
      const note = payment?.creditNote;
      return {
        ...toClient,
        subject: `Refund of ${formatMoney(payment?.amount ?? 0)}`,
        text: `${hello(booking.client.name)}\n\n${formatMoney(payment?.amount ?? 0)} for ${serviceName} has been refunded to the card you paid with (receipt ${payment?.receiptNumber ?? ''}). Banks usually show a refund within 5 to 10 working days.\n\nYour credit note ${note?.number ?? ''} (for your records or your insurer): ${context.siteUrl}/account/billing/credit-notes/${note?.id ?? ''}\nAs a PDF: ${context.siteUrl}${note?.pdfLink ?? ''}\n\nYour payments: ${context.siteUrl}/account/billing\n\n${signature}`,
      };
    }
    case 'payment-due': {
      const payment = notification.payment;
      return {
        ...toClient,
        subject: `Payment due: ${serviceName}`,
        text: `${hello(booking.client.name)}\n\nThe monthly payment of ${formatMoney(payment?.amount ?? 0)} for your sessions (${serviceName}) did not go through. Your sessions stand; please pay or update your card here: ${context.siteUrl}/account/billing\n\n${signature}`,
      };
    }
    case 'waitlist-offer': {
      const day = practiceDate(booking.start);
      const link = `${context.siteUrl}/checkout?service=${booking.serviceId}&day=${day}&time=${booking.start.toISOString()}`;
      return {
        ...toClient,
        subject: `A time has freed up: ${session}`,
        text: `${hello(booking.client.name)}\n\nA time you are waiting for has freed up: ${session}.\n\nI am telling everyone waiting for a time like this: the first to book it gets it. To book it: ${link}\n\nTo leave the waiting list: ${myBookings}\n\n${signature}`,
      };
    }
    case 'waitlist-ending': {
      const ends = notification.waitlist?.expiresAt ?? booking.start;
      return {
        ...toClient,
        subject: `Your place on the waiting list ends soon: ${serviceName}`,
        text: `${hello(booking.client.name)}\n\nYour place on the waiting list for ${serviceName} ends on ${dayOnly.format(ends)}. To stay on it for another ${plural(BOOKING_RULES.waitlistDays, 'day')}, choose "Stay on the list" here: ${myBookings}#waiting-list\n\nIf you do nothing, you leave the list then.\n\n${signature}`,
      };
    }
    case 'cancelled-by-practice':
      return {
        ...toClient,
        subject: `Your session is cancelled: ${session}`,
        text: `${hello(booking.client.name)}\n\nI am sorry, I have had to cancel your session: ${session}. The calendar file attached removes it from your calendar.${quoted('A word from me', notification.message)}\n\nPlease choose another time, or reply to ${context.practiceEmail}: ${chooseAgain}\n\n${signature}`,
      };
  }
}
