import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { MailMessage } from './templates';

export interface Mailer {
  /** Sends one message; a failure is logged and swallowed (mail never fails a booking). */
  send(message: MailMessage): Promise<boolean>;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  } as SMTPTransport.Options);
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.calendar && {
            attachments: [
              {
                filename: 'session.ics',
                content: message.calendar,
                contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              },
            ],
          }),
        });
        return true;
      } catch (error) {
        // Only the reason: the message may name the client.
        console.error('Mail not sent:', error instanceof Error ? error.message : 'unknown error');
        return false;
      }
    },
  };
}
