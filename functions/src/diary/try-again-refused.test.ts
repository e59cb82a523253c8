import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';

/**
 * Her Try again on a reaction that fails the same way (a refund Stripe refuses: the payment was
 * refunded in full another way) answered 200 "it failed again, and will be tried again by itself
 * shortly", and the item left her list: it came back only after eight more tries, about four
 * days later, though no try could succeed. Now a try refused again (a 4xx problem) is given up
 * again at once, stays in her list, and she is answered with its sentence (problem+json); one a
 * service did not answer is still left to the queue (review-reactions.test.ts).
 */
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const DAY = 86_400_000;
const { client, practitioner } = await createAccounts({
  client: { name: 'Ada Client' },
  practitioner: { practitioner: true },
});

describe.each(DATABASE_KINDS)('Try again that fails the same way, on %s', (kind) => {
  const stack = usePaymentsStack(kind, { start: NOW, practitioner: () => practitioner });
  const { request, stripe, clock } = stack;
  const givenUp = async () =>
    (
      (await request('GET', '/practice/given-up', practitioner)).json as {
        items: { id: string; why: string }[];
      }
    ).items;

  it('tells her why and keeps it in her list', async () => {
    const bookingId = await stack.confirmedSession(client);
    await stripe().pay(await stack.checkout(client, { bookingId }));
    // Refunded in full at Stripe another way, its event lost: Stripe refuses ours.
    const intent = [...stripe().checkouts.values()][0]?.paymentIntent;
    const charged = intent ? stripe().intents.get(intent) : undefined;
    if (!charged) throw new Error('no payment intent');
    charged.refunded = 6000;
    expect(
      (await request('POST', `/practice/bookings/${bookingId}/cancel`, practitioner, {})).status,
    ).toBe(200);
    for (let round = 2; round <= 8; round += 1) {
      clock.now = new Date(clock.now.getTime() + 3 * DAY);
      await stack.api.context.reactions.run();
    }
    const [item] = await givenUp();
    if (!item) throw new Error('nothing given up');

    const again = await request(
      'POST',
      `/practice/given-up/reaction/${item.id}/try-again`,
      practitioner,
    );
    expect(again.status).toBe(409);
    expect(again.contentType).toContain('application/problem+json');
    expect(again.json).toMatchObject({
      status: 409,
      detail: expect.stringMatching(
        /^The card payment service refused this refund \(Stripe’s reason: [a-z_]+\)\. Open the payment again to see what is left\.$/,
      ),
    });
    expect(stripe().refunds).toEqual([]);
    // Still hers to see to, with the same reason.
    const [still, ...more] = await givenUp();
    expect(more).toEqual([]);
    expect(still?.id).toBe(item.id);
    expect(still?.why).toMatch(
      /^the card payment service refused this refund \(Stripe’s reason: [a-z_]+\); given up after 1 try\.$/,
    );
    // And the minute job does not take it up by itself meanwhile.
    clock.now = new Date(clock.now.getTime() + DAY);
    await stack.api.context.reactions.run();
    expect((await givenUp()).map((each) => each.id)).toEqual([item.id]);
  });
});
