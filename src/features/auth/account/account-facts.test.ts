import {
  deletionConfirmed,
  formatAccountTime,
  signInMethodName,
  signInMethodsOf,
} from './account-facts';

const provider = (providerId: string) => ({ providerId }) as never;

describe('account facts', () => {
  it('lists each sign-in method once, by name', () => {
    const methods = signInMethodsOf({
      providerData: [provider('password'), provider('google.com'), provider('password')],
    });
    expect(methods).toEqual(['google.com', 'password']);
    expect(methods.map(signInMethodName)).toEqual(['Google', 'Email and password']);
    expect(signInMethodName('github.com')).toBe('github.com');
    expect(signInMethodName('constructor')).toBe('constructor');
  });

  it("formats user-metadata times in the practice's time zone", () => {
    // 12:30 UTC in July is 13:30 in London (British Summer Time).
    expect(formatAccountTime('Tue, 14 Jul 2026 12:30:00 GMT')).toEqual({
      text: '14 July 2026 at 13:30',
      iso: '2026-07-14T12:30:00.000Z',
    });
    expect(formatAccountTime('Sat, 14 Nov 2026 12:30:00 GMT')?.text).toBe(
      '14 November 2026 at 12:30',
    );
    expect(formatAccountTime(undefined)).toBeNull();
    expect(formatAccountTime('not a date')).toBeNull();
  });

  it.each([
    ['DELETE', true],
    ['  delete ', true],
    ['Delete', true],
    ['DELET', false],
    ['DELETE ME', false],
    ['', false],
  ])('"%s" confirms deletion: %s', (typed, expected) => {
    expect(deletionConfirmed(typed)).toBe(expected);
  });
});
