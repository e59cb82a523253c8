import { CALL_PHONE_SENTENCES } from '../../../shared/phone';
import { FREE_CALL } from '../../../shared/service';
import { useApiStack } from '../testing/api-stack';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccount } from '../testing/accounts';
import { createAccounts } from '../testing/factories/accounts';

const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const START = '2027-03-04T10:00:00.000Z'; // a Thursday, inside the hours and the window

const { client, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  practitioner: { practitioner: true },
});

describe.each(DATABASE_KINDS)('the free call’s number to phone, on %s', (kind) => {
  const { db, api, sent, request } = useApiStack(kind, { now: () => NOW });

  it('is required for the free call, and must be a UK number (422 with a sentence)', async () => {
    for (const [phone, detail] of [
      [undefined, CALL_PHONE_SENTENCES.empty],
      ['   ', CALL_PHONE_SENTENCES.empty],
      ['12', CALL_PHONE_SENTENCES.notUk],
      ['+1 212 555 0100', CALL_PHONE_SENTENCES.notUk],
      ['<script>alert(1)</script>', CALL_PHONE_SENTENCES.notUk],
    ] as const) {
      const answer = await request('POST', '/bookings', client, {
        serviceId: FREE_CALL.id,
        start: START,
        ...(phone !== undefined && { phone }),
      });
      expect(answer.status, String(phone)).toBe(422);
      expect(answer.contentType).toMatch(/problem\+json/);
      expect(answer.json.detail).toBe(detail);
    }
    expect((await request('GET', '/bookings', client)).json.bookings).toEqual([]);
  });

  it('is kept with the request, shown to the practitioner and in her email, and in the export', async () => {
    const made = await request('POST', '/bookings', client, {
      serviceId: FREE_CALL.id,
      start: START,
      phone: '+44 7400 123456',
    });
    expect(made.status).toBe(201);
    expect(made.json.phone).toBe('07400 123456');

    const diary = await request(
      'GET',
      '/practice/bookings?from=2027-03-01&to=2027-03-07',
      practitioner,
    );
    expect(diary.status).toBe(200);
    expect(
      diary.json.bookings.find((each: { id: string }) => each.id === made.json.id),
    ).toMatchObject({ phone: '07400 123456', clientName: 'Ada Client' });

    await api.deliveryIdle();
    const email = sent.find((message) => /^New session request/.test(message.subject));
    expect(email?.text).toContain('Number to call: 07400 123456');

    const exported = await request('GET', '/account/export', client);
    expect(exported.status).toBe(200);
    expect(exported.json.bookings).toEqual([
      expect.objectContaining({ id: made.json.id, phone: '07400 123456' }),
    ]);
  });

  it('is refused for any other service, and other sessions carry none', async () => {
    const refused = await request('POST', '/bookings', client, {
      serviceId: 1,
      start: START,
      phone: '07400 123456',
    });
    expect(refused.status).toBe(422);
    expect(refused.json.detail).toBe(CALL_PHONE_SENTENCES.notFreeCall);

    const made = await request('POST', '/bookings', client, { serviceId: 1, start: START });
    expect(made.status).toBe(201);
    expect(made.json).not.toHaveProperty('phone');
    const exported = await request('GET', '/account/export', client);
    expect(exported.json.bookings).toEqual([
      expect.objectContaining({ id: made.json.id, phone: null }),
    ]);
  });

  it('goes with the bookings when the account is deleted', async () => {
    const leaving = await createAccount({ name: 'Cy Leaving' });
    const made = await request('POST', '/bookings', leaving, {
      serviceId: FREE_CALL.id,
      start: START,
      phone: '0117 496 0321',
    });
    expect(made.status).toBe(201);
    expect((await request('POST', '/account/deletion', leaving)).status).toBe(200);
    const left = await db
      .selectFrom('bookings')
      .select('call_phone')
      .where('call_phone', 'is not', null)
      .execute();
    expect(left).toEqual([]);
  });

  it('the database refuses an empty number', async () => {
    await expect(
      db
        .insertInto('bookings')
        .values({
          client_uid: 'someone',
          client_email: 'someone@example.test',
          client_name: '',
          service_id: FREE_CALL.id,
          starts_at: new Date(START),
          ends_at: new Date('2027-03-04T10:20:00.000Z'),
          during: '[2027-03-04 10:00:00+00,2027-03-04 10:30:00+00)',
          status: 'requested',
          note: '',
          call_phone: '',
        })
        .execute(),
    ).rejects.toThrow();
  });
});
