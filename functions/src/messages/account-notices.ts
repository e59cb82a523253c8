import { practiceFacts as practice } from '../../../shared/practice';
import { emailDateTime } from '../bookings';
import type { AccountNotice } from '../outbox';
import type { MailMessage } from '../platform/mail/transport';

const when = emailDateTime;

/** The notice's subject and what happened, in her words. */
function told(notice: AccountNotice): { subject: string; what: string; ifNotYou: string } {
  const removeIt = 'remove any passkey you do not recognise';
  switch (notice.kind) {
    case 'sign-in-alert':
      return {
        subject: `New sign-in to your account: ${notice.browser}`,
        what: 'Your account was signed in from a browser it has not used before.',
        ifNotYou: `${removeIt}, then change your password`,
      };
    case 'passkey-added':
      return {
        subject: `A passkey was added to your account: ${notice.passkey}`,
        what: `A passkey ("${notice.passkey}") was added to your account. It can sign in as you.`,
        ifNotYou: `${removeIt} (this one included), then change your password`,
      };
    case 'passkey-removed':
      return {
        subject: `A passkey was removed from your account: ${notice.passkey}`,
        what: `A passkey ("${notice.passkey}") was removed from your account: it no longer signs in, and every session of your account was ended.`,
        ifNotYou: `${removeIt}, then change your password`,
      };
    case 'recovery-code-used':
      return {
        subject: 'A recovery code was used to sign in to your account',
        what: `A recovery code was used in place of your passkey to sign in. ${notice.left} recovery code${notice.left === 1 ? '' : 's'} left.`,
        ifNotYou: `${removeIt}, renew your recovery codes, then change your password`,
      };
    case 'recovery-code-failed':
      return {
        subject: 'A wrong recovery code was tried on your account',
        what: 'Someone signed in with your password tried a recovery code that is not one of yours (or was used already). It was refused.',
        ifNotYou: 'change your password',
      };
    case 'recovery-codes-renewed':
      return {
        subject: 'Your recovery codes were renewed',
        what: 'New recovery codes were made for your account: the old ones no longer work.',
        ifNotYou: `${removeIt}, renew your recovery codes, then change your password`,
      };
  }
}

/** The words of an account notice. */
export function accountNoticeEmail(
  notice: AccountNotice,
  context: { siteUrl: string; practiceEmail: string },
): Omit<MailMessage, 'to' | 'calendar'> {
  const passkeysPage = `${context.siteUrl}/account/passkeys`;
  const { subject, what, ifNotYou } = told(notice);
  return {
    subject,
    text: [
      `Hello${notice.name ? ` ${notice.name}` : ''},`,
      `${what}\n\nWhen: ${when.format(notice.at)}\nBrowser: ${notice.browser}`,
      `If this was you, there is nothing to do.`,
      `Not you? Sign out everywhere: ${passkeysPage} (the "Sign out everywhere" button ends every session at once); ${ifNotYou}.`,
      `${practice.name}\n${context.practiceEmail}`,
    ].join('\n\n'),
  };
}
