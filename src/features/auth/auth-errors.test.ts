import fc from 'fast-check';
import { AUTH_ERROR_MESSAGES, authErrorMessage, SITE_ERROR, siteError } from './auth-errors';

// Spec section 8's client codes, plus the ones the accounts issue names.
const REQUIRED_CODES = [
  'email-already-in-use',
  'wrong-password',
  'user-not-found',
  'invalid-email',
  'too-many-requests',
  'expired-action-code',
  'invalid-action-code',
  'requires-recent-login',
  'user-token-expired',
  'invalid-verification-code',
  'code-expired',
  'operation-not-allowed',
  'network-request-failed',
  'popup-blocked',
  'popup-closed-by-user',
  'unauthorized-domain',
  'user-mismatch',
  'cancelled-popup-request',
  'weak-password',
  'unavailable',
  'invalid-credential',
  'account-exists-with-different-credential',
  // The account pages and the email-link page.
  'user-disabled',
  'invalid-new-email',
  'missing-new-email',
  'unauthorized-continue-uri',
  'invalid-continue-uri',
];

const firebaseError = (code: string, message = `Firebase: Error (${code}).`) =>
  Object.assign(new Error(message), { code, name: 'FirebaseError' });

describe('authErrorMessage', () => {
  it.each(REQUIRED_CODES)('has a human sentence for auth/%s', (code) => {
    const message = authErrorMessage(firebaseError(`auth/${code}`));
    expect(message).toBe(AUTH_ERROR_MESSAGES[`auth/${code}`]);
    expect(message).toMatch(/^[A-Z].*\.$/);
    expect(message).not.toMatch(/auth\/|Firebase/);
  });

  it.each(Object.values(SITE_ERROR))('has a human sentence for our own %s', (code) => {
    const message = authErrorMessage(siteError(code));
    expect(message).toBe(AUTH_ERROR_MESSAGES[code]);
    expect(message).toMatch(/^[A-Z].*\.$/);
    expect(message).not.toMatch(/site\/|auth\//);
  });

  it('says what to do next when an emailed link fails', () => {
    for (const code of ['expired-action-code', 'invalid-action-code']) {
      expect(authErrorMessage({ code: `auth/${code}` })).toMatch(/ask for a new one/);
    }
    expect(authErrorMessage({ code: 'auth/user-disabled' })).toMatch(/contact the practice/);
    expect(authErrorMessage({ code: 'auth/weak-password' })).toMatch(/at least 6 characters/);
    expect(authErrorMessage(siteError(SITE_ERROR.incompleteLink))).toMatch(/ask for a new one/);
  });

  it('gives one message for every wrong-credential code, so accounts cannot be probed', () => {
    const messages = new Set(
      ['wrong-password', 'user-not-found', 'invalid-credential'].map((code) =>
        authErrorMessage(firebaseError(`auth/${code}`)),
      ),
    );
    expect(messages.size).toBe(1);
  });

  it("shows the provider's own message for a code it does not know", () => {
    expect(
      authErrorMessage(firebaseError('auth/brand-new', 'Firebase: Something new happened.')),
    ).toBe('Something new happened.');
  });

  it('falls back to a sentence for things that are not errors', () => {
    expect(authErrorMessage(undefined)).toBe('Something went wrong. Please try again.');
    expect(authErrorMessage({ code: 42 })).toBe('Something went wrong. Please try again.');
    expect(authErrorMessage('No user is logged in')).toBe('No user is logged in');
  });

  it('never throws, and keeps any text short and on one line', () => {
    fc.assert(
      fc.property(fc.anything(), fc.string({ maxLength: 5000 }), (thing, text) => {
        for (const input of [
          thing,
          new Error(text),
          { code: text, message: text },
          firebaseError(text, text),
        ]) {
          const message = authErrorMessage(input);
          expect(typeof message).toBe('string');
          expect(message.length).toBeGreaterThan(0);
          expect(message.length).toBeLessThanOrEqual(300);
          expect(message).not.toMatch(/\n/);
        }
      }),
    );
  });

  it('does not treat inherited object keys as codes', () => {
    expect(authErrorMessage({ code: 'constructor', message: 'x' })).toBe('x');
    expect(authErrorMessage({ code: '__proto__', message: 'y' })).toBe('y');
  });
});
