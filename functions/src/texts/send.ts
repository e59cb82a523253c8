import { textReminderBody } from '../../../shared/text-reminders';
import type { Database } from '../platform/database/database';
import type { TextSettings } from '../platform/http/types';
import { markTextAccepted, textStillWanted } from './queries';
import { twilioClient } from './twilio-client';

/** A text reminder claimed from the outbox. */
export interface TextReminderClaim {
  kind: 'text-reminder';
  id: string;
  /** The client's mobile number, E.164. */
  address: string;
  clientUid: string;
  bookingId: string;
  start: Date;
  attempts: number;
  createdAt: Date;
}

/**
 * Sends one reminder text through Twilio's Messages API, its delivery callbacks to the site's
 * /api/sms/status. Answers 'unwanted' (the session moved or went, or texts were turned off) or
 * 'accepted'; throws when Twilio refuses, for the outbox to try again.
 */
export async function sendTextReminder(
  message: TextReminderClaim,
  context: { db: Database; texts: TextSettings | undefined; siteUrl: string },
  now: Date,
): Promise<'unwanted' | 'accepted'> {
  if (!(await textStillWanted(context.db, message.bookingId, message.start, message.clientUid)))
    return 'unwanted';
  if (!context.texts)
    throw new Error('Texts are not set up: set TWILIO_ACCOUNT_SID and its token.');
  const sent = await twilioClient(context.texts).messages.create({
    to: message.address,
    ...(context.texts.from.startsWith('MG')
      ? { messagingServiceSid: context.texts.from }
      : { from: context.texts.from }),
    body: textReminderBody(message.start),
    // Our own id in the address: a callback that overtakes this answer still finds its text.
    statusCallback: `${context.siteUrl}/api/sms/status?message=${message.id}`,
  });
  await markTextAccepted(context.db, message.id, sent.sid, now);
  return 'accepted';
}
