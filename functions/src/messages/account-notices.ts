import { practiceFacts as practice } from '../../../shared/practice';
import { emailDateTime } from './email-dates';
import type { Database } from '../platform/database/database';
import type { MailMessage } from '../platform/mail/transport';

/**
 * A message about the account itself rather than a booking: a sign-in from a browser the
 * account has not used before. It goes to the account's own address, once per browser.
 */
export interface AccountNotice {
  kind: 'sign-in-alert';
  to: 'client';
  /** When she signed in, and in what ("Chrome on Linux"). */
  at: Date;
  browser: string;
  name: string;
}

export type AccountNoticeKind = AccountNotice['kind'];

export const isAccountNoticeKind = (kind: string): kind is AccountNoticeKind =>
  kind === 'sign-in-alert';

/**
 * Writes an account's notice to the outbox. Call it with the transaction that records what it
 * tells of (the browser remembered), so both are kept or neither is; `once` is the notice's own
 * key (the account and the browser), so a repeat is not written again.
 */
export async function queueAccountNotice(
  db: Database,
  notice: AccountNotice,
  account: { uid: string; email: string; once: string; now: Date },
): Promise<void> {
  await db
    .insertInto('messages')
    .values({
      kind: notice.kind,
      // The account holder (a client or the practitioner herself), at her own address.
      recipient: 'client',
      to_address: account.email,
      client_uid: account.uid,
      booking_id: null,
      dedupe_key: `${notice.kind}:${account.uid}:${account.once}`,
      payload: JSON.stringify({ at: notice.at, browser: notice.browser, name: notice.name }),
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
  const parsed = JSON.parse(text) as { at: string; browser: string; name: string };
  return {
    kind,
    to: 'client',
    at: new Date(parsed.at),
    browser: parsed.browser,
    name: parsed.name,
  };
}

const when = emailDateTime;

/** The words of an account notice. */
export function accountNoticeEmail(
  notice: AccountNotice,
  context: { siteUrl: string; practiceEmail: string },
): Omit<MailMessage, 'to' | 'calendar'> {
  const signOutEverywhere = `${context.siteUrl}/account/passkeys`;
  return {
    subject: `New sign-in to your account: ${notice.browser}`,
    text: [
      `Hello${notice.name ? ` ${notice.name}` : ''},`,
      `Your account was signed in from a browser it has not used before.\n\nWhen: ${when.format(notice.at)}\nBrowser: ${notice.browser}`,
      `If this was you, there is nothing to do.`,
      `Not you? Sign out everywhere: ${signOutEverywhere} (the "Sign out everywhere" button ends every session at once), then change your password.`,
      `${practice.name}\n${context.practiceEmail}`,
    ].join('\n\n'),
  };
}
