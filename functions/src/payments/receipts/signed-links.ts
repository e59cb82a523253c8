import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long an emailed PDF link works: a year, long enough for an insurer's claim. */
export const SIGNED_LINK_DAYS = 365;

/** What a signed link opens; the kind is signed too, so one kind's link never opens another. */
export type SignedDocument = 'receipt' | 'credit-note';

const signatureOf = (secret: string, kind: SignedDocument, id: string, expires: number) =>
  createHmac('sha256', secret).update(`${kind}:${id}:${expires}`).digest('hex');

/** `expires=<unix seconds>&signature=<hex HMAC-SHA256>` for a document's PDF, from `now`. */
export function signedQuery(secret: string, kind: SignedDocument, id: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + SIGNED_LINK_DAYS * 86_400;
  return `expires=${expires}&signature=${signatureOf(secret, kind, id, expires)}`;
}

/** Whether a link's signature is this document's and has not expired (constant-time compare). */
export function signedLinkHolds(
  secret: string,
  kind: SignedDocument,
  id: string,
  query: URLSearchParams,
  now: Date,
): boolean {
  const expiresText = query.get('expires') ?? '';
  const given = query.get('signature') ?? '';
  if (!/^\d{1,12}$/.test(expiresText) || !/^[0-9a-f]{64}$/.test(given)) return false;
  const expires = Number(expiresText);
  if (expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signatureOf(secret, kind, id, expires), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
