import type { Service } from '../../../shared/service';
import { BOOKING_RULES } from '../../../shared/booking-rules';
import { HOUR_MS } from '../../../shared/time';
import { bookingsStartingWithin, findBooking } from '../bookings';
import { findIntake, unseenRiskCount } from '../clinical';
import type { Database } from '../platform/database/database';
import {
  type AccountNoticeKind,
  claimDueMessages,
  isAccountNotice,
  markDropped,
  markNotSent,
  markSent,
  pruneMessages,
  queueMessages,
  type ClaimedMessage,
} from '../outbox';
import { findWaitlistEntry } from '../waitlist';
import { DELIVERY_RULES, nextAttempt } from '../platform/mail/delivery';
import {
  cancelledSessionsCalendar,
  seriesCalendar,
  sessionCalendar,
  updatedSessionsCalendar,
} from '../calendar';
import type { MailMessage } from '../platform/mail/transport';
import { messageFor } from './templates';
import { accountNoticeEmail } from './account-notices';
import type { Mailer } from '../platform/mail/transport';
import type { TextSettings } from '../platform/http/types';
import { queueTextReminders, sendTextReminder } from '../texts';

export interface OutboxSettings {
  db: Database;
  mailer: Mailer;
  practiceEmail: string;
  siteUrl: string;
  services: readonly Service[];
  /** The Jitsi server video sessions meet on; Jitsi's public server when absent. */
  meetingHost?: string;
  /** Reminders by text (Twilio); where none are set up, a text fails and her list shows it. */
  texts?: TextSettings;
}

const BATCH = 20;
const PARALLEL = 3;

async function deliverOne(
  message: ClaimedMessage,
  settings: OutboxSettings,
  now: () => Date,
): Promise<'sent' | 'failed' | 'dropped'> {
  if (message.kind === 'text-reminder') return deliverText(message, settings, now);
  if (!(await stillWanted(message, settings.db))) {
    await markDropped(settings.db, message.id, now());
    return 'dropped';
  }
  try {
    await settings.mailer.send(await emailFor(message, settings));
    await markSent(settings.db, message.id, now());
    return 'sent';
  } catch (error) {
    // Only the reason, never the message: it names the client and the session.
    const reason = error instanceof Error ? error.message : 'unknown error';
    const retryAt = nextAttempt(message.attempts, message.createdAt, now());
    await markNotSent(settings.db, message.id, { error: reason, retryAt, now: now() });
    return 'failed';
  }
}

/** A reminder text: handed to Twilio (its callback says later whether it arrived). */
async function deliverText(
  message: Extract<ClaimedMessage, { kind: 'text-reminder' }>,
  settings: OutboxSettings,
  now: () => Date,
): Promise<'sent' | 'failed' | 'dropped'> {
  try {
    if (
      (await sendTextReminder(message, { ...settings, texts: settings.texts }, now())) ===
      'unwanted'
    ) {
      await markDropped(settings.db, message.id, now());
      return 'dropped';
    }
    return 'sent';
  } catch (error) {
    // Only the reason: never the number or the text.
    const reason = error instanceof Error ? error.message : 'unknown error';
    const retryAt = nextAttempt(message.attempts, message.createdAt, now());
    await markNotSent(settings.db, message.id, { error: reason, retryAt, now: now() });
    return 'failed';
  }
}

type BookingMessage = Exclude<ClaimedMessage, { kind: AccountNoticeKind | 'text-reminder' }>;

/** The calendar file each kind carries to the client. */
function calendarFor(message: BookingMessage, context: Parameters<typeof sessionCalendar>[2]) {
  const session = (method: 'REQUEST' | 'CANCEL') => ({
    method,
    content: sessionCalendar(message.booking, method, context),
  });
  switch (message.kind) {
    case 'confirmed':
    case 'moved':
      return session('REQUEST');
    case 'cancelled-by-practice':
    case 'cancellation-acknowledged':
      return session('CANCEL');
    case 'participant-cancelled':
      return message.to === 'client' ? session('CANCEL') : undefined;
    case 'week-skipped':
      return message.to === 'client' ? session('CANCEL') : undefined;
    case 'participant-left':
      // Everyone still coming: the sessions ahead in their new video rooms.
      return message.to === 'client' && message.sessions && message.sessions.length > 0
        ? {
            method: 'REQUEST' as const,
            content: updatedSessionsCalendar(message.sessions, context),
          }
        : undefined;
    case 'account-deleted':
    case 'participant-sessions-cancelled':
    case 'participant-departed':
      return message.sessions && message.sessions.length > 0
        ? {
            method: 'CANCEL' as const,
            content: cancelledSessionsCalendar(message.sessions, context),
          }
        : undefined;
    case 'series-confirmed':
    case 'series-ended':
      return message.series
        ? { method: 'REQUEST' as const, content: seriesCalendar(message.series, context) }
        : undefined;
    default:
      return undefined;
  }
}

/** The email for one message, written now from the change it records. */
async function emailFor(
  message: Exclude<ClaimedMessage, { kind: 'text-reminder' }>,
  settings: OutboxSettings,
): Promise<MailMessage> {
  if (isAccountNotice(message))
    return { ...accountNoticeEmail(message, settings), to: message.address };
  // A confirmation says so when the intake is still to do before the first session.
  const confirming = message.kind === 'confirmed' || message.kind === 'series-confirmed';
  const context = {
    ...settings,
    service: settings.services.find((service) => service.id === message.booking.serviceId),
    intakeToDo: confirming && !(await findIntake(settings.db, message.booking.client.uid)),
    ...(message.kind === 'risk-flagged' && {
      riskAnswers: await unseenRiskCount(settings.db, message.booking.client.uid),
    }),
  };
  const calendar = calendarFor(message, context);
  return { ...messageFor(message, context), to: message.address, ...(calendar && { calendar }) };
}

/**
 * A reminder goes only while its session is still confirmed at the time it names; a waiting-list
 * email only while the entry is still there (the client may have left or booked meanwhile).
 */
async function stillWanted(
  message: Exclude<ClaimedMessage, { kind: 'text-reminder' }>,
  db: Database,
): Promise<boolean> {
  if (isAccountNotice(message)) return true;
  if (message.kind === 'waitlist-offer' || message.kind === 'waitlist-ending')
    return message.waitlist
      ? (await findWaitlistEntry(db, message.waitlist.entryId)) !== undefined
      : false;
  if (message.kind !== 'reminder') return true;
  const booking = await findBooking(db, message.booking.id);
  return (
    booking?.status === 'confirmed' && booking.start.getTime() === message.booking.start.getTime()
  );
}

/**
 * Sends every message that is due, in batches, until none is left or `until` has passed. Safe to
 * run in several places at once: each message is claimed by one sender.
 */
export async function deliverDueMessages(
  settings: OutboxSettings,
  now: () => Date,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const at = now();
    const claimed = await claimDueMessages(settings.db, {
      now: at,
      claimUntil: new Date(at.getTime() + DELIVERY_RULES.claimMinutes * 60_000),
      limit: BATCH,
    });
    if (claimed.length === 0) return { sent, failed };
    // A few at a time, as many as the mail transport keeps connections open.
    for (let first = 0; first < claimed.length; first += PARALLEL) {
      const outcomes = await Promise.all(
        claimed.slice(first, first + PARALLEL).map((message) => deliverOne(message, settings, now)),
      );
      sent += outcomes.filter((outcome) => outcome === 'sent').length;
      failed += outcomes.filter((outcome) => outcome === 'failed').length;
    }
  }
}

/** Writes the reminder of every confirmed session now within its lead time (once per start). */
async function queueDueReminders(
  settings: Pick<OutboxSettings, 'db' | 'practiceEmail'>,
  now: Date,
): Promise<number> {
  const sessions = await bookingsStartingWithin(settings.db, {
    start: new Date(now.getTime() + 1),
    end: new Date(now.getTime() + BOOKING_RULES.reminderHoursBefore * HOUR_MS + 1),
  });
  const confirmed = sessions.filter((booking) => booking.status === 'confirmed');
  const written = await queueMessages(
    settings.db,
    confirmed.map((booking) => ({ kind: 'reminder', to: 'client', booking })),
    { now, practiceEmail: settings.practiceEmail },
  );
  // And by text, for those who chose it (the booker: a participant has no number of theirs here).
  const texts = await queueTextReminders(settings.db, confirmed, now);
  return written.length + texts;
}

/**
 * The scheduled work of the outbox, a plain function of (settings, clock): production's Cloud
 * Scheduler job and the local stacks' timer call it; tests call it with their own clock.
 */
export async function runOutbox(settings: OutboxSettings, now: () => Date) {
  const reminders = await queueDueReminders(settings, now());
  const delivered = await deliverDueMessages(settings, now);
  const pruned = await pruneMessages(
    settings.db,
    new Date(now().getTime() - DELIVERY_RULES.keepDays * 24 * HOUR_MS),
  );
  return { reminders, ...delivered, pruned };
}
