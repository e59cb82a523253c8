import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import { confirmedSession } from '../testing/factories/bookings';
import { localEnv } from '../testing/local-env';
import { startTwilioStandIn } from '../testing/twilio-stand-in';
import twilio from 'twilio';

const NOW = new Date('2026-11-25T09:00:00Z');
const START = '2026-12-03T10:00:00.000Z'; // Thursday 3 December, 10:00 in London (GMT)
const DUE = new Date(new Date(START).getTime() - 24 * 3_600_000);
const TEXTS = {
  accountSid: `AC${'0'.repeat(32)}`,
  authToken: 'api-tests-twilio-auth-token',
  from: '+447700900000',
};
const MOBILE = '+447400123456';

const { client, secondClient, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  secondClient: { name: 'Ben Client' },
  practitioner: { practitioner: true },
});

let apiOrigin: string | undefined;
const standIn = await startTwilioStandIn({
  host: localEnv.host(),
  ...TEXTS,
  callbackOrigin: () => apiOrigin,
  inboundUrl: 'http://site.test/api/sms/inbound',
});
afterAll(() => standIn.close());

describe.each(DATABASE_KINDS)('reminders by text on %s', (kind) => {
  let clock = NOW;
  const { db, api, request } = useApiStack(kind, {
    now: () => clock,
    texts: { ...TEXTS, apiUrl: standIn.url },
    beforeEach: () => {
      clock = NOW;
      standIn.reset();
    },
  });
  beforeAll(() => {
    apiOrigin = new URL(api.url).origin;
  });
  const turnOn = (body: unknown, who = client) => request('PUT', '/account/sms', who, body);
  /** The reminders that fall due, and Twilio's callbacks on them. */
  const remind = async () => {
    clock = DUE;
    await api.runOutbox();
    await standIn.idle();
  };
  const textsSent = async () =>
    (await (await fetch(`${standIn.url}/messages`)).json()) as {
      to: string;
      body: string;
      status: string;
    }[];
  /** A callback as Twilio would post it, signed with `token` over the site's address. */
  const callback = (path: string, params: Record<string, string>, token = TEXTS.authToken) =>
    fetch(`${api.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(
          token,
          `http://site.test/api${path}`,
          params,
        ),
      },
      body: new URLSearchParams(params).toString(),
    });

  it('needs consent and a mobile number, and records when it was given', async () => {
    expect((await turnOn({ phone: MOBILE })).status).toBe(422);
    const refusedConsent = await turnOn({ phone: MOBILE, consent: false });
    expect(refusedConsent.status).toBe(422);
    expect(refusedConsent.json.detail).toContain('Tick the box');
    const landline = await turnOn({ phone: '0117 496 0321', consent: true });
    expect(landline.status).toBe(422);
    expect(landline.json.detail).toBe(
      'Enter a mobile number, like 07400 123456 or +44 7400 123456.',
    );
    expect((await request('GET', '/account/sms', client)).json).toEqual({
      phone: null,
      consentedAt: null,
      stoppedByReply: false,
    });

    const on = await turnOn({ phone: '07400 123456', consent: true });
    expect(on.status).toBe(200);
    expect(on.json).toEqual({
      phone: MOBILE,
      consentedAt: NOW.toISOString(),
      stoppedByReply: false,
    });
    expect((await request('GET', '/account/sms', client)).json).toEqual(on.json);
    expect((await request('GET', '/account/sms')).status).toBe(401);
  });

  it('texts the reminder 24 hours before, once, in words that say nothing of why', async () => {
    expect((await turnOn({ phone: MOBILE, consent: true })).status).toBe(200);
    await confirmedSession(db, client, START);
    await confirmedSession(db, secondClient, '2026-12-03T14:00:00Z'); // no texts chosen
    clock = new Date(DUE.getTime() - 60_000);
    await api.runOutbox();
    expect(await textsSent()).toEqual([]);

    await remind();
    await api.runOutbox();
    const sent = await textsSent();
    expect(sent).toEqual([
      {
        to: MOBILE,
        body: 'Mindful Path: reminder of your appointment on Thu 3 Dec at 10:00. Reply STOP to stop these texts.',
        status: 'delivered',
      },
    ]);
    expect(sent[0]?.body).not.toMatch(/counselling|therapy|couples|individual/i);
    // The stand-in's page lists it too, as MailDev lists mail.
    expect(await (await fetch(standIn.url)).text()).toContain('reminder of your appointment');
  });

  it('refuses a forged callback with 403, and nothing changes', async () => {
    expect((await turnOn({ phone: MOBILE, consent: true })).status).toBe(200);
    await confirmedSession(db, client, START);
    await remind();
    const [row] = await db
      .selectFrom('messages')
      .select(['provider_id', 'status', 'last_error'])
      .where('kind', '=', 'text-reminder')
      .execute();
    expect(row?.status, row?.last_error ?? '').toBe('sent');
    const forgedStatus = await callback(
      '/sms/status',
      { MessageSid: row?.provider_id ?? '', MessageStatus: 'failed', ErrorCode: '30003' },
      'someone-elses-token',
    );
    expect(forgedStatus.status).toBe(403);
    const forgedStop = await callback('/sms/inbound', { From: MOBILE, Body: 'STOP' }, 'wrong');
    expect(forgedStop.status).toBe(403);
    const unsigned = await fetch(`${api.url}/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ From: MOBILE, Body: 'STOP' }).toString(),
    });
    expect(unsigned.status).toBe(403);
    expect(
      (await request('GET', '/practice/messages?status=failed', practitioner)).json.messages,
    ).toEqual([]);
    expect((await request('GET', '/account/sms', client)).json.phone).toBe(MOBILE);
  });

  it('turns texts off when the client replies STOP, and says so on their account', async () => {
    expect((await turnOn({ phone: MOBILE, consent: true })).status).toBe(200);
    await confirmedSession(db, client, START);
    await standIn.reply(MOBILE, 'Stop');
    expect((await request('GET', '/account/sms', client)).json).toEqual({
      phone: null,
      consentedAt: null,
      stoppedByReply: true,
    });
    await remind();
    expect(await textsSent()).toEqual([]);
    // Choosing them again turns them back on.
    expect((await turnOn({ phone: MOBILE, consent: true })).json.stoppedByReply).toBe(false);
  });

  it('puts a text that was not delivered in her failed-messages list', async () => {
    expect((await turnOn({ phone: MOBILE, consent: true })).status).toBe(200);
    const session = await confirmedSession(db, client, START);
    standIn.failDeliveryTo(MOBILE, 30003);
    await remind();
    const failed = await request('GET', '/practice/messages?status=failed', practitioner);
    expect(failed.status).toBe(200);
    expect(failed.json.messages).toEqual([
      expect.objectContaining({
        kind: 'text-reminder',
        to: MOBILE,
        bookingId: session.id,
        lastError: 'The text was undelivered (Twilio error 30003).',
      }),
    ]);
  });

  it('sends nothing once the client turns texts off', async () => {
    expect((await turnOn({ phone: MOBILE, consent: true })).status).toBe(200);
    expect((await request('DELETE', '/account/sms', client)).status).toBe(204);
    await confirmedSession(db, client, START);
    await remind();
    expect(await textsSent()).toEqual([]);
  });
});
