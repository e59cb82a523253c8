import { auditEntries } from '../platform/audit';
import { createAccount, type TestAccount } from '../testing/accounts';
import { useApiStack } from '../testing/api-stack';
import type { SoftwareAuthenticator } from '../testing/authenticator';
import { DATABASE_KINDS } from '../testing/databases';
import { grantEnrolment, idTokenFrom, passkeySignIn, testAuthenticator } from '../testing/passkeys';

const NOW = new Date('2027-03-01T09:00:00Z');
const HOUR = 3_600_000;
const MINUTE = 60_000;
const PRACTICE_PAGE = '/practice/risk-flags';
const SECOND_FACTOR = '/api/problems/second-factor-required';
/** The gravest acts' own refusal: her passkey, again, within 5 minutes. */
const FRESH = '/api/problems/fresh-passkey-required';

describe.each(DATABASE_KINDS)('her passkey on %s', (kind) => {
  // The clock a sign-in's age is measured on; the ID tokens themselves run on the wall clock.
  let sessionShift = 0;
  const { db, api, request } = useApiStack(kind, {
    now: () => NOW,
    sessionClock: () => new Date(Date.now() + sessionShift),
    beforeEach: () => (sessionShift = 0),
  });

  /** A new practitioner who has enrolled her first passkey from the link. */
  async function enrolled() {
    const account = await createAccount();
    const { enrolment, password } = await grantEnrolment(account);
    const authenticator = testAuthenticator();
    const options = await request('POST', '/passkeys/registration/options', password, {
      enrolment,
    });
    expect(options.status).toBe(200);
    const registered = await request('POST', '/passkeys/registration', password, {
      enrolment,
      response: authenticator.create(options.json),
    });
    expect(registered.status, JSON.stringify(registered.json)).toBe(201);
    const passkey: TestAccount = { ...account, idToken: await idTokenFrom(registered.json.token) };
    return {
      account,
      enrolment,
      password,
      authenticator,
      passkey,
      recoveryCodes: registered.json.recoveryCodes as string[],
    };
  }

  const registerWith = async (
    who: TestAccount,
    authenticator: SoftwareAuthenticator,
    enrolment?: string,
  ) => {
    const options = await request('POST', '/passkeys/registration/options', who, { enrolment });
    if (options.status !== 200) return options;
    return request('POST', '/passkeys/registration', who, {
      enrolment,
      response: authenticator.create(options.json),
    });
  };

  it('adds her first passkey only through the enrolment link, with ten recovery codes shown once', async () => {
    const account = await createAccount();
    const { enrolment, password } = await grantEnrolment(account);
    const authenticator = testAuthenticator();

    for (const wrong of [undefined, 'not-the-link-token-but-long-enough', `${enrolment}x`]) {
      const refused = await request('POST', '/passkeys/registration/options', password, {
        enrolment: wrong,
      });
      expect(refused.status).toBe(403);
      expect(refused.json.type).toBe('/api/problems/enrolment-required');
    }
    // The options alone do not get round it: the registration itself checks the link again.
    const options = await request('POST', '/passkeys/registration/options', password, {
      enrolment,
    });
    const withoutLink = await request('POST', '/passkeys/registration', password, {
      response: authenticator.create(options.json),
    });
    expect(withoutLink.status).toBe(403);

    const registered = await registerWith(password, authenticator, enrolment);
    expect(registered.status).toBe(201);
    const codes = registered.json.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Kept only hashed: no code is in the database as it was shown.
    const stored = await db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((row) => row.code_hash)).not.toContain(code);

    // The link works once: the same password sign-in cannot add another passkey with it.
    const again = await registerWith(password, testAuthenticator(), enrolment);
    expect(again.status).toBe(403);
    expect(again.json.type).toBe(SECOND_FACTOR);

    const listed = await request('GET', '/passkeys', password);
    expect(listed.json.passkeys).toHaveLength(1);
    expect(listed.json.recoveryCodesLeft).toBe(10);
    expect(listed.json).not.toHaveProperty('recoveryCodes');
    expect((await auditEntries(db, account.uid)).map((entry) => entry.what)).toEqual([
      expect.stringMatching(/^passkey enrolled from the link/),
    ]);
  });

  it('refuses an enrolment link past its 24 hours', async () => {
    const account = await createAccount();
    const { enrolment, password } = await grantEnrolment(account, new Date(Date.now() - 1000));
    const refused = await registerWith(password, testAuthenticator(), enrolment);
    expect(refused.status).toBe(403);
    expect(refused.json.type).toBe('/api/problems/enrolment-required');
  });

  it('adds a second passkey only with the first, used in the last 5 minutes', async () => {
    const { password, authenticator, account } = await enrolled();
    const phone = testAuthenticator();
    const withPassword = await registerWith(password, phone);
    expect(withPassword.status).toBe(403);
    expect(withPassword.json.type).toBe(SECOND_FACTOR);

    const fresh = await passkeySignIn(api.url, account, authenticator);
    sessionShift = 6 * 60_000;
    expect((await registerWith(fresh, phone)).json.type).toBe(FRESH);
    sessionShift = 0;
    const added = await registerWith(fresh, phone);
    expect(added.status).toBe(201);
    expect(added.json).not.toHaveProperty('recoveryCodes');
    expect((await request('GET', '/passkeys', fresh)).json.passkeys).toHaveLength(2);
  });

  it('opens the practice pages only to a sign-in with her passkey in the last 12 hours', async () => {
    const { password, authenticator, account } = await enrolled();
    const refused = await request('GET', PRACTICE_PAGE, password);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      type: SECOND_FACTOR,
      title: 'Confirm it is you with your passkey',
    });

    const signedIn = await passkeySignIn(api.url, account, authenticator);
    expect((await request('GET', PRACTICE_PAGE, signedIn)).status).toBe(200);
    // In use every 25 minutes (the pages' idle limit is 30), up to 12 hours and past them.
    for (sessionShift = 25 * MINUTE; sessionShift < 12 * HOUR; sessionShift += 25 * MINUTE) {
      expect((await request('GET', PRACTICE_PAGE, signedIn)).status).toBe(200);
    }
    sessionShift = 12 * HOUR + MINUTE;
    const stale = await request('GET', PRACTICE_PAGE, signedIn);
    expect(stale.status).toBe(403);
    expect(stale.json.type).toBe(SECOND_FACTOR);
    expect((await auditEntries(db, account.uid)).map((entry) => entry.what)).toContainEqual(
      expect.stringMatching(/^signed in with passkey: /),
    );
  });

  it('asks for her passkey again for a refund once the last use is over 5 minutes old', async () => {
    const { authenticator, account } = await enrolled();
    const signedIn = await passkeySignIn(api.url, account, authenticator);
    sessionShift = 6 * 60_000;
    const stale = await request('POST', '/practice/payments/x/refund', signedIn, {});
    expect(stale.status).toBe(403);
    expect(stale.json.type).toBe(FRESH);
    expect(stale.json.detail).toMatch(/again.*5 minutes/);
    // The diary itself still opens: only the gravest acts ask again.
    expect((await request('GET', PRACTICE_PAGE, signedIn)).status).toBe(200);
    sessionShift = 0;
    // Past the check: this stack has no card payments set up.
    expect((await request('POST', '/practice/payments/x/refund', signedIn, {})).status).not.toBe(
      403,
    );
  });

  it('refuses an answer replayed, tampered with, from another origin or for another site', async () => {
    const { authenticator, account } = await enrolled();
    const signIn = async (overrides: Parameters<SoftwareAuthenticator['get']>[1] = {}) => {
      const options = await request('POST', '/passkeys/authentication/options');
      const response = authenticator.get(options.json, overrides);
      return {
        response,
        answer: await request('POST', '/passkeys/authentication', undefined, { response }),
      };
    };
    const { response, answer } = await signIn();
    expect(answer.status).toBe(200);
    const replayed = await request('POST', '/passkeys/authentication', undefined, { response });
    expect(replayed.status).toBe(400);
    expect(replayed.json.type).toBe('/api/problems/passkey-refused');

    const options = await request('POST', '/passkeys/authentication/options');
    const genuine = authenticator.get(options.json);
    const signature = Buffer.from(genuine.response.signature, 'base64url');
    const last = signature.length - 1;
    signature.writeUInt8(signature.readUInt8(last) ^ 1, last);
    const tampered = await request('POST', '/passkeys/authentication', undefined, {
      response: {
        ...genuine,
        response: { ...genuine.response, signature: signature.toString('base64url') },
      },
    });
    expect(tampered.status).toBe(400);

    expect((await signIn({ origin: 'https://phishing.example' })).answer.status).toBe(400);
    expect((await signIn({ rpId: 'phishing.example' })).answer.status).toBe(400);
    expect((await signIn({ userVerified: false })).answer.status).toBe(400);
    // A challenge the API never gave.
    const invented = authenticator.get({ challenge: 'bm90LW91ci1jaGFsbGVuZ2U' });
    expect(
      (await request('POST', '/passkeys/authentication', undefined, { response: invented })).status,
    ).toBe(400);
    // The one good answer is the only sign-in in the audit log.
    const signIns = (await auditEntries(db, account.uid)).filter((entry) =>
      entry.what.startsWith('signed in'),
    );
    expect(signIns).toHaveLength(1);
  });

  it('refuses a new passkey made for another origin or site', async () => {
    const account = await createAccount();
    const { enrolment, password } = await grantEnrolment(account);
    for (const overrides of [
      { origin: 'https://phishing.example' },
      { rpId: 'phishing.example' },
    ]) {
      const options = await request('POST', '/passkeys/registration/options', password, {
        enrolment,
      });
      const answer = await request('POST', '/passkeys/registration', password, {
        enrolment,
        response: testAuthenticator().create(options.json, overrides),
      });
      expect(answer.status).toBe(400);
    }
    expect(await db.selectFrom('passkeys').selectAll().execute()).toEqual([]);
  });

  it('takes a recovery code once, in place of her passkey', async () => {
    const { password, recoveryCodes, account } = await enrolled();
    const [code] = recoveryCodes;
    const wrong = await request('POST', '/passkeys/recovery', password, { code: 'abcd-efgh-ijkl' });
    expect(wrong.status).toBe(400);
    const used = await request('POST', '/passkeys/recovery', password, {
      code: ` ${code!.toUpperCase()} `,
    });
    expect(used.status).toBe(200);
    expect(used.json.recoveryCodesLeft).toBe(9);
    const recovered = { ...account, idToken: await idTokenFrom(used.json.token) };
    expect((await request('GET', PRACTICE_PAGE, recovered)).status).toBe(200);
    // With it she may enrol a new passkey straight away.
    expect((await registerWith(recovered, testAuthenticator())).status).toBe(201);

    const again = await request('POST', '/passkeys/recovery', password, { code });
    expect(again.status).toBe(400);
    expect(again.json.type).toBe('/api/problems/passkey-refused');
    expect((await auditEntries(db, account.uid)).map((entry) => entry.what)).toContain(
      'signed in with a recovery code',
    );
  });

  it('signs out everywhere: every session of the account is refused afterwards', async () => {
    const { authenticator, account } = await enrolled();
    const signedIn = await passkeySignIn(api.url, account, authenticator);
    expect((await request('GET', PRACTICE_PAGE, signedIn)).status).toBe(200);
    // Revocation counts whole seconds: a token from this very second would still pass.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await request('POST', '/account/sign-out-everywhere', signedIn)).status).toBe(204);
    const after = await request('GET', PRACTICE_PAGE, signedIn);
    expect(after.status).toBe(401);
    expect(after.json.type).toBe('/api/problems/not-signed-in');
    expect((await auditEntries(db, account.uid)).at(-1)?.what).toBe('signed out everywhere');
    // A new passkey sign-in works again.
    const again = await passkeySignIn(api.url, account, authenticator);
    expect((await request('GET', PRACTICE_PAGE, again)).status).toBe(200);
  });

  it('removes a passkey only with a fresh passkey sign-in, and never her last', async () => {
    const { authenticator, account, password } = await enrolled();
    const fresh = await passkeySignIn(api.url, account, authenticator);
    const phone = testAuthenticator();
    await registerWith(fresh, phone);
    const [first, second] = (await request('GET', '/passkeys', fresh)).json.passkeys as {
      id: string;
    }[];
    expect((await request('DELETE', `/passkeys/${second!.id}`, password)).json.type).toBe(
      SECOND_FACTOR,
    );
    expect((await request('DELETE', '/passkeys/not-a-passkey-of-hers', fresh)).status).toBe(404);
    const removed = await request('DELETE', `/passkeys/${second!.id}`, fresh);
    expect(removed.status).toBe(200);
    // Every session ended with it; this browser signs in again with the token it was given.
    const renewed = { ...account, idToken: await idTokenFrom(removed.json.token) };
    const last = await request('DELETE', `/passkeys/${first!.id}`, renewed);
    expect(last.status).toBe(409);
    expect(last.json.detail).toMatch(/Add another passkey/);
  });

  it('lets a client add a passkey without a link and sign in with it instead of a password', async () => {
    const client = await createAccount({ name: 'Ada Client' });
    const authenticator = testAuthenticator();
    const added = await registerWith(client, authenticator);
    expect(added.status).toBe(201);
    expect(added.json).not.toHaveProperty('recoveryCodes');
    const signedIn = await passkeySignIn(api.url, client, authenticator);
    const bookings = await request('GET', '/bookings', signedIn);
    expect(bookings.status).toBe(200);
    // A client's passkey opens no practice page.
    expect((await request('GET', PRACTICE_PAGE, signedIn)).json.type).toBe(
      '/api/problems/not-practitioner',
    );
  });

  it('answers hostile bodies with a problem, never a 500', async () => {
    const { password } = await enrolled();
    const hostile = [
      null,
      [],
      'text',
      42,
      { response: null },
      { response: { id: '<script>', rawId: 'x', type: 'public-key', response: {} } },
      { response: { id: 'a'.repeat(5000) } },
      {
        response: {
          id: 'abc',
          rawId: 'abc',
          type: 'public-key',
          response: {
            clientDataJSON: 'bm90IGpzb24',
            attestationObject: 'AAAA',
            authenticatorData: 'AAAA',
            signature: 'AAAA',
          },
        },
      },
      { enrolment: { $ne: null } },
      { code: ['a'] },
      { code: "' or 1=1 --" },
    ];
    const paths = [
      '/passkeys/registration/options',
      '/passkeys/registration',
      '/passkeys/authentication/options',
      '/passkeys/authentication',
      '/passkeys/recovery',
    ];
    for (const path of paths) {
      for (const body of hostile) {
        const answer = await request('POST', path, password, body);
        expect({ path, body, status: answer.status < 500 }).toEqual({ path, body, status: true });
        if (answer.status >= 400) expect(answer.contentType).toMatch(/problem\+json/);
      }
    }
  });
});
