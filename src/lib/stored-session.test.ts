import { STORED_TOKEN_MARGIN_MS, storedSessionFrom } from './stored-session';

const NOW = Date.parse('2027-03-01T09:00:00Z');
// A JWT's parts are base64url of UTF-8.
const base64url = (value: object) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const token = (claims: object) => `${base64url({ alg: 'RS256' })}.${base64url(claims)}.signature`;

/** The record the identity SDK stores (indexedDBLocalPersistence), as far as it is read. */
const record = (overrides: Record<string, unknown> = {}, claims: object = {}) => ({
  uid: 'uid-ada',
  email: 'ada@example.com',
  emailVerified: true,
  lastLoginAt: '1772355600000',
  createdAt: '1772269200000',
  displayName: 'Ada',
  providerData: [{ providerId: 'password', uid: 'ada@example.com' }, null],
  stsTokenManager: {
    refreshToken: 'refresh',
    accessToken: token({ sub: 'uid-ada', practitioner: true, name: 'Zoë', ...claims }),
    expirationTime: NOW + 60 * 60_000,
  },
  ...overrides,
});

it("reads the account, its address's state, its token's claims and when it signed in", () => {
  const session = storedSessionFrom(record(), NOW);
  expect(session).toEqual({
    uid: 'uid-ada',
    emailVerified: true,
    claims: expect.objectContaining({ sub: 'uid-ada', practitioner: true, name: 'Zoë' }),
    idToken: record().stsTokenManager.accessToken,
    signedInAt: '1772355600000',
    // As the SDK's User shows them (its UserMetadata makes the times this way).
    profile: {
      email: 'ada@example.com',
      displayName: 'Ada',
      providerData: [{ providerId: 'password' }],
      metadata: {
        creationTime: new Date(1772269200000).toUTCString(),
        lastSignInTime: new Date(1772355600000).toUTCString(),
      },
    },
  });
  expect(storedSessionFrom(record({ emailVerified: false }), NOW)?.emailVerified).toBe(false);
});

it('takes no token that runs out within the margin: the SDK renews it first', () => {
  const expiring = record();
  expiring.stsTokenManager.expirationTime = NOW + STORED_TOKEN_MARGIN_MS - 1;
  expect(storedSessionFrom(expiring, NOW)).toBeUndefined();
  expiring.stsTokenManager.expirationTime = NOW + STORED_TOKEN_MARGIN_MS;
  expect(storedSessionFrom(expiring, NOW)).toBeDefined();
});

it("takes no token that is another account's, and nothing that is not the SDK's record", () => {
  expect(storedSessionFrom(record({}, { sub: 'uid-someone-else' }), NOW)).toBeUndefined();
  for (const value of [
    undefined,
    null,
    'uid-ada',
    {},
    record({ uid: 42 }),
    record({ stsTokenManager: null }),
    record({ stsTokenManager: { accessToken: 'not-a-token', expirationTime: NOW + 3_600_000 } }),
    record({ stsTokenManager: { accessToken: token({ sub: 'uid-ada' }) } }),
  ])
    expect(storedSessionFrom(value, NOW)).toBeUndefined();
});
