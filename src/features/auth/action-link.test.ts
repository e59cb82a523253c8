import fc from 'fast-check';
import { parseActionLink } from './action-link';
import { continuePath } from './safe-redirect';

const SITE = 'https://www.example.com';
const CODE = 'Ab_-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP';
const link = (query: Record<string, string>) => parseActionLink(new URLSearchParams(query), [SITE]);

describe('parseActionLink', () => {
  it.each(['verifyEmail', 'resetPassword', 'recoverEmail', 'verifyAndChangeEmail'])(
    'reads a %s link with its code',
    (mode) => {
      expect(link({ mode, oobCode: CODE, apiKey: 'key', lang: 'en' })).toEqual({
        valid: true,
        mode,
        oobCode: CODE,
        continueTo: null,
      });
    },
  );

  it('keeps a continue URL on this site as a path', () => {
    const parsed = link({
      mode: 'verifyEmail',
      oobCode: CODE,
      continueUrl: `${SITE}/checkout?service=2`,
    });
    expect(parsed).toMatchObject({ valid: true, continueTo: '/checkout?service=2' });
  });

  it.each([
    ['an unknown mode', { mode: 'signIn', oobCode: CODE }, null],
    ['no mode', { oobCode: CODE }, null],
    ['no code', { mode: 'verifyEmail' }, 'verifyEmail'],
    ['a code with markup', { mode: 'resetPassword', oobCode: '<img src=x>' }, 'resetPassword'],
    ['a too-short code', { mode: 'recoverEmail', oobCode: 'abc' }, 'recoverEmail'],
  ])('calls %s incomplete, remembering the mode it knows', (_label, query, mode) => {
    expect(link(query)).toEqual({ valid: false, mode });
  });
});

describe('continuePath', () => {
  it.each([
    ['another site', 'https://evil.example/checkout'],
    ['a look-alike host', 'https://www.example.com.evil.example/checkout'],
    ['plain http to an https site', 'http://www.example.com/checkout'],
    ['a relative path', '/checkout'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a double-slash path', 'https://www.example.com//evil.example/x'],
    ['nothing', ''],
  ])('refuses %s', (_label, url) => {
    expect(continuePath(url, [SITE])).toBeNull();
  });

  it('returns the path, query and fragment of a same-site URL', () => {
    expect(continuePath(`${SITE}/checkout?service=3#pay`, [SITE])).toBe('/checkout?service=3#pay');
  });

  it('never returns anything but a path on this site', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string()), (url) => {
        const path = continuePath(url, [SITE]);
        if (path !== null) {
          expect(path.startsWith('/')).toBe(true);
          expect(path.startsWith('//')).toBe(false);
          expect(new URL(path, SITE).origin).toBe(SITE);
        }
      }),
    );
  });
});
