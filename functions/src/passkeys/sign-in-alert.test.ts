import { auditEntries } from '../platform/audit';
import { createAccount } from '../testing/accounts';
import { useApiStack } from '../testing/api-stack';
import type { SoftwareAuthenticator } from '../testing/authenticator';
import { DATABASE_KINDS } from '../testing/databases';
import { grantEnrolment, testAuthenticator } from '../testing/passkeys';

const NOW = new Date('2027-03-01T09:00:00Z');
const LAPTOP = 'laptop-browser-0123456789';
const PHONE = 'phone-browser-0123456789';

describe.each(DATABASE_KINDS)('the sign-in alert on %s', (kind) => {
  const { db, api, request, sent, mailTo } = useApiStack(kind, { now: () => NOW });

  /** A practitioner who has enrolled her passkey from the link (in the browser `browser`). */
  async function enrolled(browser?: string) {
    const account = await createAccount({ name: 'Alex Morgan' });
    const { enrolment, password } = await grantEnrolment(account);
    const authenticator = testAuthenticator();
    const options = await request('POST', '/passkeys/registration/options', password, {
      enrolment,
    });
    const registered = await request('POST', '/passkeys/registration', password, {
      enrolment,
      response: authenticator.create(options.json),
      browser,
    });
    expect(registered.status, JSON.stringify(registered.json)).toBe(201);
    return { account, authenticator };
  }

  /** Her passkey sign-in from the browser whose own id is `browser`. */
  async function signInFrom(authenticator: SoftwareAuthenticator, browser: string) {
    const options = await request('POST', '/passkeys/authentication/options');
    const answer = await request('POST', '/passkeys/authentication', undefined, {
      response: authenticator.get(options.json),
      browser,
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    await api.deliveryIdle();
  }

  const alertsTo = (email: string) =>
    sent.filter((message) => message.to === email && /^New sign-in/.test(message.subject));

  it('emails her once when she signs in from a browser not seen before, and not again from it', async () => {
    const { account, authenticator } = await enrolled();

    await signInFrom(authenticator, LAPTOP);
    const alert = await mailTo(account.email, /^New sign-in to your account/);
    expect(alert.text).toContain('Hello Alex Morgan,');
    expect(alert.text).toMatch(/When: Monday, 1 March 2027 at 09:00 GMT/);
    expect(alert.text).toContain('Browser: A browser');
    expect(alert.text).toContain('Not you? Sign out everywhere: ');
    expect(alert.text).toMatch(/Sign out everywhere: http\S+\/account\/passkeys /);
    // Written through the outbox, about no booking, and kept only as a record once sent.
    const rows = await db
      .selectFrom('messages')
      .select(['kind', 'booking_id', 'status', 'payload', 'to_address'])
      .where('kind', '=', 'sign-in-alert')
      .execute();
    expect(rows).toEqual([
      {
        kind: 'sign-in-alert',
        booking_id: null,
        status: 'sent',
        payload: null,
        to_address: account.email,
      },
    ]);

    await signInFrom(authenticator, LAPTOP);
    expect(alertsTo(account.email)).toHaveLength(1);

    await signInFrom(authenticator, PHONE);
    expect(alertsTo(account.email)).toHaveLength(2);
    expect(
      (await auditEntries(db, account.uid)).filter((entry) =>
        entry.what.startsWith('first sign-in from'),
      ),
    ).toHaveLength(2);
  });

  it('takes the browser she enrolled in as one she has used: no alert from it, one from another', async () => {
    const { account, authenticator } = await enrolled(LAPTOP);
    await signInFrom(authenticator, LAPTOP);
    expect(alertsTo(account.email)).toEqual([]);
    await signInFrom(authenticator, PHONE);
    expect(alertsTo(account.email)).toHaveLength(1);
  });
});
