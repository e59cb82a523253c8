import type { Database } from '../platform/database/database';

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
