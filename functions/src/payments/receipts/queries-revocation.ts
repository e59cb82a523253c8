import type { Database } from '../../platform/database/database';
import { SIGNED_LINK_DAYS } from './signed-links';

/**
 * Emailed receipt and credit-note links a client's account no longer honours: every link issued
 * before the revocation stops opening (links issued later work again). Revoked when the account is
 * deleted, and whenever the client asks (a forwarded email, a shared inbox).
 */
export async function revokeReceiptLinks(db: Database, clientUid: string, now: Date) {
  await db
    .insertInto('receipt_link_revocations')
    .values({ client_uid: clientUid, revoked_at: now })
    .onConflict((conflict) => conflict.column('client_uid').doUpdateSet({ revoked_at: now }))
    .execute();
}

/** Whether a signed link that expires at `expires` (unix seconds) was issued before a revocation. */
export async function receiptLinkRevoked(db: Database, clientUid: string, expires: number) {
  const issuedAt = new Date((expires - SIGNED_LINK_DAYS * 86_400) * 1000);
  const row = await db
    .selectFrom('receipt_link_revocations')
    .select('client_uid')
    .where('client_uid', '=', clientUid)
    .where('revoked_at', '>=', issuedAt)
    .executeTakeFirst();
  return row !== undefined;
}

/** A deleted account's payment identity: its links revoked, the card processor's customer forgotten. */
export async function retirePaymentIdentity(db: Database, clientUid: string, now: Date) {
  await revokeReceiptLinks(db, clientUid, now);
  await db.deleteFrom('payment_customers').where('client_uid', '=', clientUid).execute();
}
