import { signedLinkHolds, signedQuery, SIGNED_LINK_DAYS } from './signed-links';

const SECRET = 'a-secret-of-more-than-thirty-two-characters';
const NOW = new Date('2027-03-01T09:00:00Z');
const ID = '0b7c4c4e-8c1e-4d7a-9a39-3f4f1c2b9d10';
const query = (text: string) => new URLSearchParams(text);

describe('signed PDF links', () => {
  it('hold for their document until they expire, a year on', () => {
    const signed = query(signedQuery(SECRET, 'receipt', ID, NOW));
    expect(signedLinkHolds(SECRET, 'receipt', ID, signed, NOW)).toBe(true);
    const lastSecond = new Date(NOW.getTime() + SIGNED_LINK_DAYS * 86_400_000 - 1000);
    expect(signedLinkHolds(SECRET, 'receipt', ID, signed, lastSecond)).toBe(true);
    const expired = new Date(NOW.getTime() + SIGNED_LINK_DAYS * 86_400_000);
    expect(signedLinkHolds(SECRET, 'receipt', ID, signed, expired)).toBe(false);
  });

  it('refuse another id, another kind, another secret, a changed expiry or signature', () => {
    const text = signedQuery(SECRET, 'receipt', ID, NOW);
    const signed = query(text);
    expect(signedLinkHolds(SECRET, 'receipt', ID.replace('0b', '1b'), signed, NOW)).toBe(false);
    expect(signedLinkHolds(SECRET, 'credit-note', ID, signed, NOW)).toBe(false);
    expect(signedLinkHolds(`${SECRET}x`, 'receipt', ID, signed, NOW)).toBe(false);
    const later = query(
      text.replace(/expires=(\d+)/, (_, s: string) => `expires=${Number(s) + 60}`),
    );
    expect(signedLinkHolds(SECRET, 'receipt', ID, later, NOW)).toBe(false);
    const flipped = query(text.replace(/.$/, (last) => (last === '0' ? '1' : '0')));
    expect(signedLinkHolds(SECRET, 'receipt', ID, flipped, NOW)).toBe(false);
    for (const bad of ['', 'expires=x&signature=00', `expires=1&signature=${'0'.repeat(63)}`])
      expect(signedLinkHolds(SECRET, 'receipt', ID, query(bad), NOW)).toBe(false);
  });
});
