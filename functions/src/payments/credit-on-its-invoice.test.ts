import { createAccount, type TestAccount } from '../testing/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { createAccounts } from '../testing/factories/accounts';
import { usePaymentsStack } from '../testing/payments-stack';

/**
 * A credit is on the receipt of the invoice Stripe took it off, and only there. Stripe puts a
 * subscription's waiting invoice items on the next invoice it makes; a failed invoice collected
 * later (its retry, or the Portal) is the same invoice with the same lines. The webhook's
 * `attachCredits` used to give every credit still waiting to whichever invoice was paid next: a
 * credit for May, made while April's invoice had failed, landed on April's receipt when April was
 * collected, and May's receipt, £60 less, no longer said why.
 *
 * Failed while the webhook attached by series (written as `it.fails` then); now a paid invoice
 * takes the credits whose invoice items are its own lines, read as Stripe sends them (the first
 * handful in the event, the rest listed: the stand-in carries one).
 */

const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const { practitioner } = await createAccounts({ practitioner: { practitioner: true } });
const newClient = () => createAccount({ name: 'Ada Client' });

interface PaymentView {
  id: string;
  amount: number;
  periodEnd: string | null;
}

describe.each(DATABASE_KINDS)('a credit on its own invoice on %s', (kind) => {
  const stack = usePaymentsStack(kind, { start: NOW, practitioner: () => practitioner });
  const { request, clock, stripe } = stack;
  const at = (iso: string) => (clock.now = new Date(iso));
  const myPayments = async (who: TestAccount) =>
    ((await request('GET', '/payments', who)).json as { payments: PaymentView[] }).payments;
  const creditsOn = async (paymentId: string | undefined) =>
    (
      (await request('GET', `/practice/payments/${paymentId}`, practitioner)).json as {
        credits?: { start: string; amount: number }[];
      }
    ).credits ?? [];

  it(
    'a credit made while a month’s invoice had failed is on the next month’s receipt, not on the failed one collected',
    async () => {
      const client = await newClient();
      // A weekly series from 16 March on Tuesdays, March paid.
      const seriesId = await stack.confirmedSeries(client);
      await stripe().pay(await stack.checkout(client, { seriesId }));
      const subscription = [...stripe().subscriptions.values()].at(-1);
      if (!subscription) throw new Error('no subscription');
      at('2027-04-01T09:00:00Z');
      await stack.roll();
      expect(await stripe().renew(subscription.id, 'failed')).toBe(200);
      // May is not invoiced yet: its 11 May session cancelled comes off May's invoice.
      const may11 = (await stack.sessionsOf(client, seriesId)).find((each) =>
        each.start.startsWith('2027-05-11'),
      );
      expect((await request('POST', `/bookings/${may11?.id}/cancel`, client)).status).toBe(200);
      at('2027-04-04T09:00:00Z');
      expect(await stripe().collectFailed(subscription.id)).toBe(200);
      await stripe().settled();
      const april = (await myPayments(client)).find((each) =>
        each.periodEnd?.startsWith('2027-05'),
      );
      expect(april?.amount).toBe(24000);
      // April's invoice had no credit on it: Stripe took £240 for its four sessions.
      expect(await creditsOn(april?.id)).toEqual([]);

      at('2027-05-01T09:00:00Z');
      await stack.roll();
      expect(await stripe().renew(subscription.id, 'paid')).toBe(200);
      await stripe().settled();
      const may = (await myPayments(client)).find((each) => each.periodEnd?.startsWith('2027-06'));
      expect(may?.amount).toBe(18000);
      expect(await creditsOn(may?.id)).toEqual([
        expect.objectContaining({ start: '2027-05-11T17:00:00.000Z', amount: 6000 }),
      ]);
    },
  );
});
