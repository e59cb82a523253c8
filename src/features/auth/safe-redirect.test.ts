import fc from 'fast-check';
import { isSitePath, redirectTarget } from './safe-redirect';

const from = (pathname: unknown, search: unknown = '', hash: unknown = '') => ({
  from: { pathname, search, hash },
});

describe('redirectTarget', () => {
  it('returns the remembered path on this site', () => {
    expect(redirectTarget(from('/checkout', '?service=2', '#pay'))).toBe('/checkout?service=2#pay');
    expect(redirectTarget(from('/about'))).toBe('/about');
  });

  it.each([
    ['no state', undefined],
    ['a string', '/checkout'],
    ['no from', { other: 1 }],
    ['a number pathname', from(42)],
    ['another host', from('//evil.example/x')],
    ['a backslash host', from('/\\evil.example')],
    ['an absolute URL', from('https://evil.example/')],
    ['a javascript: URL', from('javascript:alert(1)')],
    ['a relative path', from('checkout')],
    ['a tab trick', from('/\t/evil.example')],
    ['a newline', from('/\n/evil.example')],
    ['a hostile search', from('/checkout', { toString: () => '//evil' })],
    ['the login page itself', from('/login')],
    ['the register page', from('/register')],
    ['a very long path', from(`/${'a'.repeat(5000)}`)],
  ])('sends the visitor to / for %s', (_label, state) => {
    expect(redirectTarget(state)).toBe('/');
  });

  it('never leaves the site, whatever it is given', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.constantFrom('//x.example', '/\\x', 'javascript:alert(1)'),
        ),
        fc.string(),
        fc.string(),
        (pathname, search, hash) => {
          const target = redirectTarget(from(pathname, search, hash));
          expect(target.startsWith('/')).toBe(true);
          expect(target.startsWith('//')).toBe(false);
          expect(new URL(target, 'https://site.example').origin).toBe('https://site.example');
        },
      ),
    );
  });
});

describe('isSitePath', () => {
  it('accepts paths and rejects everything else', () => {
    expect(isSitePath('/')).toBe(true);
    expect(isSitePath('/blogs?x=1')).toBe(true);
    expect(isSitePath('')).toBe(false);
    expect(isSitePath('//a')).toBe(false);
    expect(isSitePath('http://a')).toBe(false);
  });
});
