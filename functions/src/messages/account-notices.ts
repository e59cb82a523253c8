import { practiceFacts as practice } from '../../../shared/practice';
import { emailDateTime } from './email-dates';
import type { Database } from '../platform/database/database';
import type { MailMessage } from '../platform/mail/transport';

/** What every account notice says: when, from which browser ("Chrome on Linux"), to whom. */
interface NoticeBase {
  to: 'client';
  at: Date;
  browser: string;
  name: string;
}

/**
 * A message about the account itself rather than a booking: a sign-in from a browser the
 * account has not used before, a passkey added or removed, a recovery code used, refused or
 * renewed. It goes to the account's own address.
 */
export type AccountNotice = NoticeBase &
  (
    | { kind: 'sign-in-alert' }
    | { kind: 'passkey-added'; passkey: string }
    | { kind: 'passkey-removed'; passkey: string }
    | { kind: 'recovery-code-used'; left: number }
    | { kind: 'recovery-code-failed' }
    | { kind: 'recovery-codes-renewed' }
  );

export type AccountNoticeKind = AccountNotice['kind'];

const KINDS: readonly AccountNoticeKind[] = [
  'sign-in-alert',
  'passkey-added',
  'passkey-removed',
  'recovery-code-used',
  'recovery-code-failed',
  'recovery-codes-renewed',
];

export const isAccountNoticeKind = (kind: string): kind is AccountNoticeKind =>
  (KINDS as readonly string[]).includes(kind);

/** True for an account notice (no booking), whatever else the outbox holds. */
export const isAccountNotice = <T extends { kind: string }>(
  message: T,
): message is Extract<T, { kind: AccountNoticeKind }> => isAccountNoticeKind(message.kind);

/**
 * Writes an account's notice to the outbox. Call it with the transaction that records what it
 * tells of (the browser remembered, the passkey added), so both are kept or neither is; `once`
 * is the notice's own key (for the alert: the account and the browser), so a repeat is not
 * written again.
 */
export async function queueAccountNotice(
  db: Database,
  notice: AccountNotice,
  account: { uid: string; email: string; once: string; now: Date },
): Promise<void> {
  const { kind, to: _to, ...payload } = notice;
  await db
    .insertInto('messages')
    .values({
      kind,
      // The account holder (a client or the practitioner herself), at her own address.
      recipient: 'client',
      to_address: account.email,
      client_uid: account.uid,
      booking_id: null,
      dedupe_key: `${kind}:${account.uid}:${account.once}`,
      payload: JSON.stringify(payload),
      next_attempt_at: account.now,
      created_at: account.now,
      updated_at: account.now,
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .execute();
}

/** An account notice's payload as the outbox kept it. */
export function parseAccountNotice(kind: AccountNoticeKind, payload: unknown): AccountNotice {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const parsed = JSON.parse(text) as Record<string, unknown> & { at: string };
  return { ...parsed, kind, to: 'client', at: new Date(parsed.at) } as AccountNotice;
}

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
