import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';

/** One email as the outbox sends it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes (the client, on the practice's messages). */
  replyTo?: string;
  /** An .ics file to attach, with its iTIP method. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
}

export interface Mailer {
  /** Sends one message, or throws why the mail server did not take it. */
  send(message: MailMessage): Promise<void>;
}

/** How long the mailer waits for a mail server's greeting before it gives the message up. */
export const SMTP_GREETING_TIMEOUT_MS = 5_000;

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // A few kept-open connections: a batch of messages does not pay a handshake each.
    pool: true,
    maxConnections: 3,
    connectionTimeout: 5_000,
    greetingTimeout: SMTP_GREETING_TIMEOUT_MS,
    socketTimeout: 10_000,
  } as SMTPPool.Options);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.replyTo && { replyTo: message.replyTo }),
        ...(message.calendar && {
          attachments: [
            {
              filename: 'session.ics',
              content: message.calendar.content,
              contentType: `text/calendar; charset=utf-8; method=${message.calendar.method}`,
            },
          ],
        }),
      });
    },
  };
}
