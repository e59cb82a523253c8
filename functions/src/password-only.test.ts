import { passwordToken, type TestAccount } from './testing/accounts';
import { useApiStack } from './testing/api-stack';
import { DATABASE_KINDS } from './testing/databases';
import { createAccounts } from './testing/factories/accounts';
import { confirmedSession } from './testing/factories/bookings';
import { insertRefund } from './payments/queries-refunds';

/**
 * Her password alone (the practitioner's claim without the passkey step) opens nothing of anyone
 * else's: a route for her answers 403 second-factor-required, a client route treats her as the
 * plain client she then is.
 */
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const HELD = '2027-02-22T10:00:00Z'; // a week before: over
const AHEAD = '2027-03-10T10:00:00Z'; // well beyond the notice period

const { client, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  practitioner: { practitioner: true, name: 'Dr Practitioner' },
});
const passwordOnly: TestAccount = {
  ...practitioner,
  idToken: await passwordToken(practitioner.email),
};

describe.each(DATABASE_KINDS)('her password alone on %s', (kind) => {
  // Her passkey sign-in was made on the wall clock, which the sign-in's age is measured on.
  const { db, api, request } = useApiStack(kind, { now: () => NOW });
  const statusOf = async (path: string, who: TestAccount) => {
    const response = await fetch(`${api.url}${path}`, {
      headers: { authorization: `Bearer ${who.idToken}` },
    });
    await response.arrayBuffer();
    return response.status;
  };

  const refusedForHer = (answer: { status: number; json: { type?: string } }) =>
    expect({ status: answer.status, type: answer.json?.type }).toEqual({
      status: 403,
      type: '/api/problems/second-factor-required',
    });

  it('reads, writes, signs and amends no session note', async () => {
    const { id } = await confirmedSession(db, client, HELD);
    const path = `/practice/bookings/${id}/note`;
    refusedForHer(await request('GET', path, passwordOnly));
    refusedForHer(await request('PUT', path, passwordOnly, { text: 'Written without a passkey' }));
    // A draft to sign exists, so only the caller stands in the way.
    expect((await request('PUT', path, practitioner, { text: 'Low mood.' })).status).toBe(200);
    refusedForHer(await request('POST', `${path}/sign`, passwordOnly));
    expect((await request('POST', `${path}/sign`, practitioner)).status).toBe(200);
    refusedForHer(await request('POST', `${path}/addenda`, passwordOnly, { text: 'More' }));
    const note = await request('GET', path, practitioner);
    expect(note.json).toMatchObject({ text: 'Low mood.', status: 'signed', addenda: [] });
  });

  it('cancels and moves no one else’s session: the practice routes ask for her passkey', async () => {
    const { id } = await confirmedSession(db, client, AHEAD);
    const asClient = await request('POST', `/bookings/${id}/cancel`, passwordOnly, {});
    expect({ status: asClient.status, type: asClient.json.type }).toEqual({
      status: 403,
      type: '/api/problems/not-yours',
    });
    refusedForHer(await request('POST', `/practice/bookings/${id}/cancel`, passwordOnly, {}));
    const move = { start: '2027-03-11T10:00:00Z' };
    const moved = await request('POST', `/bookings/${id}/move`, passwordOnly, move);
    expect({ status: moved.status, type: moved.json.type }).toEqual({
      status: 403,
      type: '/api/problems/not-yours',
    });
    refusedForHer(await request('POST', `/practice/bookings/${id}/move`, passwordOnly, move));
    const [mine] = (await request('GET', '/bookings', client)).json.bookings;
    expect(mine).toMatchObject({ id, status: 'confirmed', start: '2027-03-10T10:00:00.000Z' });
    // With her passkey, the practice routes do it.
    expect(
      (await request('POST', `/practice/bookings/${id}/move`, practitioner, move)).status,
    ).toBe(200);
    expect(
      (await request('POST', `/practice/bookings/${id}/cancel`, practitioner, {})).status,
    ).toBe(200);
  });

  it('ends no one else’s series', async () => {
    const made = await request('POST', '/series', client, {
      serviceId: 1,
      start: '2027-03-16T18:00:00Z',
    });
    expect(made.status).toBe(201);
    const asClient = await request('POST', `/series/${made.json.id}/end`, passwordOnly);
    expect({ status: asClient.status, type: asClient.json.type }).toEqual({
      status: 403,
      type: '/api/problems/not-yours',
    });
    refusedForHer(await request('POST', `/practice/series/${made.json.id}/end`, passwordOnly));
    const [series] = (await request('GET', '/series', client)).json.series;
    expect(series.status).toBe('requested');
    const ended = await request('POST', `/practice/series/${made.json.id}/end`, practitioner);
    expect(ended.status).toBe(200);
  });

  it('reads no one else’s receipt or credit note, and takes no one off the waiting list', async () => {
    const payment = await db
      .insertInto('payments')
      .values({
        client_uid: client.uid,
        client_email: client.email,
        client_name: 'Ada Client',
        service_id: 1,
        amount: 6000,
        currency: 'GBP',
        status: 'paid',
        paid_at: new Date('2027-02-20T10:00:00Z'),
        receipt_year: 2027,
        receipt_sequence: 1,
        created_at: new Date('2027-02-20T10:00:00Z'),
        updated_at: new Date('2027-02-20T10:00:00Z'),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const refund = await insertRefund(db, {
      payment,
      bookingId: null,
      amount: 6000,
      stripeRefundId: null,
      reason: 'cancelled by the practice',
      now: new Date('2027-02-21T10:00:00Z'),
    });
    for (const path of [
      `/payments/${payment.id}`,
      `/payments/${payment.id}/receipt.pdf`,
      `/payments/credit-notes/${refund.id}`,
      `/payments/credit-notes/${refund.id}/credit-note.pdf`,
    ]) {
      expect({ path, status: await statusOf(path, passwordOnly) }).toEqual({ path, status: 404 });
      expect({ path, status: await statusOf(path, client) }).toEqual({ path, status: 200 });
      // With her passkey she reads it at /api/practice/….
      expect({ path, status: await statusOf(`/practice${path}`, practitioner) }).toEqual({
        path,
        status: 200,
      });
    }
    const waiting = await request('POST', '/waitlist', client, {
      serviceId: 1,
      days: ['Monday'],
      parts: ['morning'],
    });
    expect(waiting.status).toBe(201);
    const entry = waiting.json.id as string;
    expect((await request('DELETE', `/waitlist/${entry}`, passwordOnly)).status).toBe(404);
    refusedForHer(await request('DELETE', `/practice/waitlist/${entry}`, passwordOnly));
    expect((await request('GET', '/waitlist', client)).json.entries).toHaveLength(1);
    expect((await request('DELETE', `/practice/waitlist/${entry}`, practitioner)).status).toBe(204);
  });
});
