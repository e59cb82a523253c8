import { sql } from 'kysely';
import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';

// Issue 45: a reaction that calls Stripe is retried until it succeeds or is given up "with a
// note she sees". She sees it here, in her words, and can try it again: the same reaction, so the
// same refund (its key and parameters), which then succeeds once Stripe answers.
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const DAY = 86_400_000;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const { client, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  practitioner: { practitioner: true },
});

interface Item {
  kind: string;
  id: string;
  givenUpAt: string;
  what: string;
  why: string;
  tries: number;
}

describe.each(DATABASE_KINDS)('a refund given up, on %s', (kind) => {
  const stack = usePaymentsStack(kind, { start: NOW, practitioner: () => practitioner });
  const { request, stripe, clock, db } = stack;
  const givenUp = async () => {
    const answer = await request('GET', '/practice/given-up', practitioner);
    expect(answer.status).toBe(200);
    return (answer.json as { items: Item[] }).items;
  };

  /** A paid session (Thu 4 March, 10:00) she cancels while Stripe answers nothing, for 8 tries. */
  async function refundGivenUp() {
    const bookingId = await stack.confirmedSession(client);
    await stripe().pay(await stack.checkout(client, { bookingId }));
    stripe().dropNext(1_000_000);
    const cancelled = await request(
      'POST',
      `/practice/bookings/${bookingId}/cancel`,
      practitioner,
      {},
    );
    expect(cancelled.status).toBe(200);
    // Tried once with the cancellation; each later try once its wait (at most 3 days) is over.
    for (let round = 2; round <= 8; round += 1) {
      expect(await givenUp()).toEqual([]);
      clock.now = new Date(clock.now.getTime() + 3 * DAY);
      await stack.api.context.reactions.run();
    }
    stripe().dropNext(0);
    return bookingId;
  }

  it('appears in her words, newest first, and trying again makes the same refund once', async () => {
    const bookingId = await refundGivenUp();
    expect(stripe().refunds).toEqual([]);
    const [item, ...more] = await givenUp();
    expect(more).toEqual([]);
    expect(item).toEqual({
      kind: 'reaction',
      id: expect.any(String),
      givenUpAt: clock.now.toISOString(),
      what: 'Refund of £60.00 for the session on Thu 4 Mar at 10:00 for Ada Client',
      why: 'the card payment service did not answer; given up after 8 tries.',
      tries: 8,
    });
    expect(`${item?.what} ${item?.why}`).not.toMatch(UUID);

    const again = await request(
      'POST',
      `/practice/given-up/reaction/${item?.id}/try-again`,
      practitioner,
    );
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ outcome: 'done' });
    // The refund recorded before Stripe was first asked: its id is the key and the metadata.
    const held = await sql<{
      id: string;
      status: string;
    }>`select id, status from payment_refunds where booking_id = ${bookingId}`.execute(db);
    expect(held.rows).toEqual([{ id: expect.any(String), status: 'succeeded' }]);
    expect(stripe().refunds.map((each) => [each.amount, each.metadata?.refundId])).toEqual([
      [6000, held.rows[0]?.id],
    ]);
    await stack.mailTo(client.email, /^Refund of £60\.00$/);
    expect(await givenUp()).toEqual([]);

    const twice = await request(
      'POST',
      `/practice/given-up/reaction/${item?.id}/try-again`,
      practitioner,
    );
    expect(twice.status).toBe(404);
    expect(twice.contentType).toMatch(/^application\/problem\+json/);
    expect(twice.json.detail).toMatch(/no longer waiting for you/);
    await stripe().settled();
    expect(stripe().refunds).toHaveLength(1);
  });

  it('one Stripe refused names Stripe’s reason; trying again asks the same refund and is refused the same', async () => {
    const bookingId = await stack.confirmedSession(client);
    await stripe().pay(await stack.checkout(client, { bookingId }));
    // Refunded in full at Stripe another way, its event lost: Stripe refuses ours.
    const intent = [...stripe().checkouts.values()][0]?.paymentIntent;
    const charged = intent ? stripe().intents.get(intent) : undefined;
    if (!charged) throw new Error('no payment intent');
    charged.refunded = 6000;
    const cancelled = await request(
      'POST',
      `/practice/bookings/${bookingId}/cancel`,
      practitioner,
      {},
    );
    expect(cancelled.status).toBe(200);
    for (let round = 2; round <= 8; round += 1) {
      clock.now = new Date(clock.now.getTime() + 3 * DAY);
      await stack.api.context.reactions.run();
    }
    const [item] = await givenUp();
    expect(item?.what).toBe(
      'Refund of £60.00 for the session on Thu 4 Mar at 10:00 for Ada Client',
    );
    expect(item?.why).toMatch(
      /^the card payment service refused this refund \(Stripe’s reason: [a-z_]+\); given up after 8 tries\.$/,
    );
    const again = await request(
      'POST',
      `/practice/given-up/reaction/${item?.id}/try-again`,
      practitioner,
    );
    // Refused the same: she is told why, and it stays in her list (try-again-refused.test.ts).
    expect(again.status).toBe(409);
    expect(stripe().refunds).toEqual([]);
    expect((await givenUp()).map((each) => each.id)).toEqual([item?.id]);
  });

  it('is the practitioner’s alone: a client is refused (403) before anything is read or done', async () => {
    await refundGivenUp();
    const [item] = await givenUp();
    expect((await request('GET', '/practice/given-up', client)).status).toBe(403);
    for (const action of ['try-again', 'dealt-with']) {
      const refused = await request(
        'POST',
        `/practice/given-up/reaction/${item?.id}/${action}`,
        client,
      );
      expect(refused.status).toBe(403);
      expect(refused.json.detail).toEqual(expect.any(String));
    }
    expect(stripe().refunds).toEqual([]);
    expect(await givenUp()).toHaveLength(1);
  });

  it('marked as dealt with, it leaves her list and nothing else changes; undone, it is back', async () => {
    await refundGivenUp();
    const [item] = await givenUp();
    const path = `/practice/given-up/reaction/${item?.id}/dealt-with`;
    expect((await request('POST', path, practitioner)).status).toBe(200);
    expect((await request('POST', path, practitioner)).status).toBe(200);
    expect(await givenUp()).toEqual([]);
    expect(stripe().refunds).toEqual([]);
    expect((await request('DELETE', path, practitioner)).status).toBe(200);
    expect(await givenUp()).toEqual([item]);
    const unknown = await request(
      'POST',
      '/practice/given-up/payment/00000000-0000-4000-8000-000000000000/try-again',
      practitioner,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.json.detail).toEqual(expect.any(String));
  });
});
