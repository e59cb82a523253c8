import { auditEntries } from '../platform/audit';
import { adminAuth, createAccount, passwordToken, type TestAccount } from '../testing/accounts';
import { call } from '../testing/api-server';
import { useApiStack } from '../testing/api-stack';
import { SoftwareAuthenticator } from '../testing/authenticator';
import { DATABASE_KINDS } from '../testing/databases';
import { grantEnrolment, idTokenFrom, passkeySignIn, testAuthenticator } from '../testing/passkeys';
import { API_TESTS_PASSKEY_ORIGIN } from '../testing/api-server';

const NOW = new Date('2027-03-01T09:00:00Z');
const MINUTE = 60_000;
const PRACTICE_PAGE = '/practice/risk-flags';
const SECOND_FACTOR = '/api/problems/second-factor-required';
const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';

/** Waits into the next whole second: revocation counts whole seconds. */
const nextSecond = () =>
  new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));

describe.each(DATABASE_KINDS)('her passkey rules on %s', (kind) => {
  let sessionShift = 0;
  const { db, api, request, sent, mailTo } = useApiStack(kind, {
    now: () => NOW,
    sessionClock: () => new Date(Date.now() + sessionShift),
    beforeEach: () => (sessionShift = 0),
  });

  const register = async (
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

  /** A passkey sign-in's answer as it comes back (not thrown on a refusal). */
  const tryPasskey = async (
    authenticator: SoftwareAuthenticator,
    extra: { browser?: string; userAgent?: string } = {},
  ) => {
    const options = await request('POST', '/passkeys/authentication/options');
    return call(api.url, 'POST', '/passkeys/authentication', {
      body: { response: authenticator.get(options.json), browser: extra.browser },
      ...(extra.userAgent && { userAgent: extra.userAgent }),
    });
  };

  /** A practitioner enrolled from her link, and her passkey sign-in. */
  async function enrolled() {
    const account = await createAccount({ name: 'Alex Morgan' });
    const { enrolment, password } = await grantEnrolment(account);
    const authenticator = testAuthenticator();
    const registered = await register(password, authenticator, enrolment);
    expect(registered.status, JSON.stringify(registered.json)).toBe(201);
    const signedIn: TestAccount = { ...account, idToken: await idTokenFrom(registered.json.token) };
    return {
      account,
      password,
      authenticator,
      signedIn,
      recoveryCodes: registered.json.recoveryCodes as string[],
    };
  }

  const subjects = (email: string) =>
    sent.filter((message) => message.to === email).map((message) => message.subject);

  it('does not take a passkey made before the grant as hers, and deletes it when she enrols', async () => {
    // Someone opens an account with her email and adds a passkey, as any client may.
    const account = await createAccount({ name: 'Alex Morgan' });
    const before = testAuthenticator();
    expect((await register(account, before)).status).toBe(201);
    const earlierSession = await passkeySignIn(api.url, account, before);

    // She recovers the account and is made the practitioner.
    await nextSecond();
    const { enrolment, password } = await grantEnrolment(account);
    const refused = await tryPasskey(before);
    expect(refused.status).toBe(400);
    expect(refused.json.detail).toMatch(/added before this account became the practice account/);
    // The sign-in from before the grant ended with it.
    expect((await request('GET', PRACTICE_PAGE, earlierSession)).status).toBe(401);
    // Her first passkey still needs the link: the old one does not count as her first.
    const withoutLink = await register(password, testAuthenticator());
    expect(withoutLink.json.type).toBe('/api/problems/enrolment-required');

    const hers = testAuthenticator();
    expect((await register(password, hers, enrolment)).status).toBe(201);
    expect(await db.selectFrom('passkeys').select('id').execute()).toHaveLength(1);
    const signedIn = await passkeySignIn(api.url, account, hers);
    expect((await request('GET', PRACTICE_PAGE, signedIn)).status).toBe(200);
    expect((await tryPasskey(before)).json.detail).toMatch(/not registered here/);
  });

  it('alerts her to a new browser whether or not the sign-in names one, reading its User-Agent', async () => {
    const { account, authenticator } = await enrolled();
    const alerts = () => subjects(account.email).filter((subject) => /^New sign-in/.test(subject));

    expect((await tryPasskey(authenticator, { userAgent: CHROME_ON_LINUX })).status).toBe(200);
    expect((await mailTo(account.email, /^New sign-in/)).subject).toBe(
      'New sign-in to your account: Chrome on Linux',
    );
    // The same browser again, still without its id: no second alert.
    await tryPasskey(authenticator, { userAgent: CHROME_ON_LINUX });
    await api.deliveryIdle();
    expect(alerts()).toHaveLength(1);
    // Another browser, naming no id either.
    await tryPasskey(authenticator, { userAgent: FIREFOX_ON_WINDOWS });
    await api.deliveryIdle();
    expect(alerts()).toEqual([
      'New sign-in to your account: Chrome on Linux',
      'New sign-in to your account: Firefox on Windows',
    ]);
    // A browser that names its own id, not seen before.
    await tryPasskey(authenticator, {
      browser: 'tablet-browser-0123456789',
      userAgent: CHROME_ON_LINUX,
    });
    await api.deliveryIdle();
    expect(alerts()).toHaveLength(3);
  });

  it('emails her when a passkey is added or removed and when a recovery code is used or refused', async () => {
    const { account, authenticator, recoveryCodes } = await enrolled();
    const added = await mailTo(account.email, /^A passkey was added/);
    expect(added.text).toContain('Hello Alex Morgan,');
    expect(added.text).toMatch(/Sign out everywhere: http\S+\/account\/passkeys/);

    const fresh = await passkeySignIn(api.url, account, authenticator);
    const phone = testAuthenticator();
    const second = await register(fresh, phone);
    expect(second.status).toBe(201);
    const removed = await request('DELETE', `/passkeys/${second.json.passkey.id}`, fresh);
    expect(removed.status).toBe(200);
    expect((await mailTo(account.email, /^A passkey was removed/)).subject).toContain(
      second.json.passkey.name,
    );

    // The removal ended every session: she signs in with her password again.
    const password = { ...account, idToken: await passwordToken(account.email) };
    const wrong = await request('POST', '/passkeys/recovery', password, { code: 'abcd-efgh-ijkl' });
    expect(wrong.status).toBe(400);
    const failed = await mailTo(account.email, /^A wrong recovery code was tried/);
    expect(failed.text).toMatch(/It was refused/);
    expect((await auditEntries(db, account.uid)).map((entry) => entry.what)).toContain(
      'recovery code refused',
    );

    const used = await request('POST', '/passkeys/recovery', password, { code: recoveryCodes[0] });
    expect(used.status).toBe(200);
    expect((await mailTo(account.email, /^A recovery code was used/)).text).toContain(
      '9 recovery codes left.',
    );
    expect(
      subjects(account.email).filter((subject) => /^A passkey was added/.test(subject)),
    ).toHaveLength(2);
  });

  it('after "Sign out everywhere" asks her to review her passkeys; one she removes signs in no more and every session ends', async () => {
    const { account, authenticator, signedIn } = await enrolled();
    const fresh = await passkeySignIn(api.url, account, authenticator);
    const stolen = testAuthenticator();
    expect((await register(fresh, stolen)).status).toBe(201);
    const thief = await passkeySignIn(api.url, account, stolen);
    expect((await request('GET', PRACTICE_PAGE, thief)).status).toBe(200);

    await nextSecond();
    expect((await request('POST', '/account/sign-out-everywhere', signedIn)).status).toBe(204);
    for (const session of [signedIn, fresh, thief]) {
      expect((await request('GET', PRACTICE_PAGE, session)).status).toBe(401);
    }

    const back = await passkeySignIn(api.url, account, authenticator);
    const listed = await request('GET', '/passkeys', back);
    expect(listed.json.reviewDue).toBe(true);
    expect(listed.json.passkeys).toEqual([
      {
        id: expect.any(String),
        name: 'A browser',
        createdAt: NOW.toISOString(),
        lastUsedAt: NOW.toISOString(),
      },
      {
        id: expect.any(String),
        name: 'A browser',
        createdAt: NOW.toISOString(),
        lastUsedAt: NOW.toISOString(),
      },
    ]);
    const stolenId = (listed.json.passkeys as { id: string }[])[1]!.id;

    // The thief signs in again with the passkey before she removes it...
    const thiefAgain = await passkeySignIn(api.url, account, stolen);
    await nextSecond();
    const removed = await request('DELETE', `/passkeys/${stolenId}`, back);
    expect(removed.status).toBe(200);
    // ...and that session ends with the removal, as hers does; her browser gets a new one.
    expect((await request('GET', PRACTICE_PAGE, thiefAgain)).status).toBe(401);
    expect((await request('GET', PRACTICE_PAGE, back)).status).toBe(401);
    const renewed = { ...account, idToken: await idTokenFrom(removed.json.token) };
    expect((await request('GET', PRACTICE_PAGE, renewed)).status).toBe(200);
    const again = await tryPasskey(stolen);
    expect(again.status).toBe(400);
    expect(again.json.detail).toMatch(/not registered here/);

    expect((await request('POST', '/passkeys/review', renewed)).status).toBe(204);
    expect((await request('GET', '/passkeys', renewed)).json.reviewDue).toBe(false);
    expect((await auditEntries(db, account.uid)).map((entry) => entry.what)).toEqual(
      expect.arrayContaining([
        'signed out everywhere',
        'passkey removed: A browser',
        'passkeys reviewed',
      ]),
    );
  });

  it('renews her recovery codes with a fresh passkey: the old ones stop at once', async () => {
    const { account, password, authenticator, recoveryCodes } = await enrolled();
    const fresh = await passkeySignIn(api.url, account, authenticator);
    expect((await request('POST', '/passkeys/recovery-codes', password)).json.type).toBe(
      SECOND_FACTOR,
    );
    sessionShift = 6 * MINUTE;
    expect((await request('POST', '/passkeys/recovery-codes', fresh)).json.type).toBe(
      '/api/problems/fresh-passkey-required',
    );
    sessionShift = 0;
    const renewed = await request('POST', '/passkeys/recovery-codes', fresh);
    expect(renewed.status).toBe(200);
    const codes = renewed.json.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(recoveryCodes[0]);
    expect(
      (await request('POST', '/passkeys/recovery', password, { code: recoveryCodes[0] })).status,
    ).toBe(400);
    expect((await request('POST', '/passkeys/recovery', password, { code: codes[0] })).status).toBe(
      200,
    );
    await mailTo(account.email, /^Your recovery codes were renewed/);
    // A client has no recovery codes to renew.
    const client = await createAccount();
    const clientKey = testAuthenticator();
    await register(client, clientKey);
    const clientSignIn = await passkeySignIn(api.url, client, clientKey);
    expect((await request('POST', '/passkeys/recovery-codes', clientSignIn)).status).toBe(403);
  });

  it('ends her sign-in after 30 minutes without a practice request: 29 minutes pass, 31 do not', async () => {
    const { account, authenticator } = await enrolled();
    const signedIn = await passkeySignIn(api.url, account, authenticator);
    expect((await request('GET', PRACTICE_PAGE, signedIn)).status).toBe(200);
    sessionShift = 29 * MINUTE;
    expect((await request('GET', PRACTICE_PAGE, signedIn)).status).toBe(200);
    sessionShift = 58 * MINUTE;
    expect((await request('GET', PRACTICE_PAGE, signedIn)).status).toBe(200);
    sessionShift = 89 * MINUTE;
    const idle = await request('GET', PRACTICE_PAGE, signedIn);
    expect(idle.status).toBe(403);
    expect(idle.json).toMatchObject({
      type: SECOND_FACTOR,
      detail:
        'Confirm it is you with your passkey: the practice pages were not used for 30 minutes.',
    });
    // Refused requests do not keep it alive; her passkey opens the pages again.
    sessionShift = 90 * MINUTE;
    expect((await request('GET', PRACTICE_PAGE, signedIn)).status).toBe(403);
    sessionShift = 0;
    // A sign-in is its uid and auth_time, in whole seconds: the next one starts afresh.
    await nextSecond();
    const again = await passkeySignIn(api.url, account, authenticator);
    expect((await request('GET', PRACTICE_PAGE, again)).status).toBe(200);
    // Requests to her own account pages are not practice requests and do not need the passkey.
    sessionShift = 31 * MINUTE;
    expect((await request('GET', '/passkeys', again)).status).toBe(200);
    expect((await request('GET', PRACTICE_PAGE, again)).status).toBe(403);
  });

  it('refuses a passkey whose signature counter goes back, and tells her why', async () => {
    const { account, authenticator } = await enrolled();
    const copied = SoftwareAuthenticator.fromKey(
      API_TESTS_PASSKEY_ORIGIN,
      authenticator.exportKey(),
    );
    expect((await tryPasskey(authenticator)).status).toBe(200);
    expect((await tryPasskey(authenticator)).status).toBe(200);
    // The copy counts from where the original was when copied: behind it now.
    const refused = await tryPasskey(copied);
    expect(refused.status).toBe(400);
    expect(refused.json.detail).toMatch(
      /signature count lower than before, which a copied passkey does/,
    );
    const [stored] = await db.selectFrom('passkeys').select('counter').execute();
    expect(Number(stored!.counter)).toBe(2);
    expect((await auditEntries(db, account.uid)).at(-1)?.what).toMatch(
      /signature counter went back/,
    );
    // The database itself refuses a counter that goes back.
    await expect(db.updateTable('passkeys').set({ counter: 1 }).execute()).rejects.toThrow(
      /only goes forward/,
    );
  });

  it('deletes an account’s passkeys and recovery codes with it; a deleted account’s passkey mints nothing', async () => {
    const { account, authenticator } = await enrolled();
    const fresh = await passkeySignIn(api.url, account, authenticator);
    expect((await request('POST', '/account/deletion', fresh)).status).toBe(200);
    expect(await db.selectFrom('passkeys').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('recovery_codes').selectAll().execute()).toEqual([]);
    expect((await tryPasskey(authenticator)).status).toBe(400);

    // An identity account deleted elsewhere: its passkey finds no one and goes.
    const other = await enrolled();
    await adminAuth().deleteUser(other.account.uid);
    const orphan = await tryPasskey(other.authenticator);
    expect(orphan.status).toBe(400);
    expect(orphan.json.detail).toMatch(/not registered here/);
    expect(await db.selectFrom('passkeys').selectAll().execute()).toEqual([]);
  });

  it('limits the passkey challenges one address may ask for: 429 with a sentence and Retry-After', async () => {
    const answers = [];
    for (let index = 0; index < 21; index += 1) {
      answers.push(await request('POST', '/passkeys/authentication/options'));
    }
    expect(answers.slice(0, 20).every((answer) => answer.status === 200)).toBe(true);
    const limited = answers[20]!;
    expect(limited.status).toBe(429);
    expect(limited.contentType).toMatch(/problem\+json/);
    expect(limited.json.detail).toMatch(
      /^Too many passkey requests at once: wait \d+ seconds?, then try again\.$/,
    );
    expect(await db.selectFrom('passkey_challenges').selectAll().execute()).toHaveLength(20);
  });
});
