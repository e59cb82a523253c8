import { sql } from 'kysely';
import { createAccount, type TestAccount } from '../testing/accounts';
import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';

/**
 * A credit's retry after its invoice item is on an invoice. A credit first asked more than 24
 * hours ago is looked for at Stripe before it is asked again (its key is forgotten by then,
 * https://docs.stripe.com/api/idempotent_requests). But once Stripe's renewal has put the item
 * on an invoice (draft, open or paid) it is no longer pending: it is found only by listing the
 * customer's items without the `pending` filter, where its `invoice` names that invoice
 * (https://docs.stripe.com/api/invoiceitems/list). Looking among the pending ones only, the
 * retry made a second credit and the session came off two months.
 *
 * Here the first commit fails after Stripe made the item (a trigger, once), May's invoice takes
 * the item and is paid, and only then does the queue's retry come.
 */
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const { practitioner } = await createAccounts({ practitioner: { practitioner: true } });

interface PaymentView {
  id: string;
  amount: number;
  periodEnd: string | null;
  credits: { bookingId: string | null; amount: number }[];
}

describe.each(DATABASE_KINDS)('a credit retried after its invoice took it, on %s', (kind) => {
  const stack = usePaymentsStack(kind, { start: NOW, practitioner: () => practitioner });
  const { request, clock, stripe } = stack;
  const at = (iso: string) => (clock.now = new Date(iso));
  const myPayments = async (who: TestAccount) =>
    ((await request('GET', '/payments', who)).json as { payments: PaymentView[] }).payments;
  const month = async (who: TestAccount, periodEnd: string) =>
    (await myPayments(who)).find((each) => each.periodEnd?.startsWith(periodEnd));

  afterEach(async () => {
    await sql`drop trigger if exists fail_first_credit_commit on payment_credits`.execute(stack.db);
    await sql`drop function if exists fail_first_credit_commit`.execute(stack.db);
    await sql`drop sequence if exists credit_commits`.execute(stack.db);
  });

  async function failFirstCreditCommit() {
    await sql`create sequence credit_commits`.execute(stack.db);
    await sql`create function fail_first_credit_commit() returns trigger language plpgsql as $$
      begin
        if nextval('credit_commits') = 1 then
          raise exception 'the connection was lost';
        end if;
        return new;
      end $$`.execute(stack.db);
    await sql`create trigger fail_first_credit_commit before update of stripe_invoice_item_id
      on payment_credits for each row execute function fail_first_credit_commit()`.execute(
      stack.db,
    );
  }

  /** A client's weekly series, March paid at Checkout and April renewed and paid. */
  async function paidThroughApril() {
    const client = await createAccount({ name: 'Ada Client' });
    const { seriesId, subscriptionId } = await stack.paidSeries(client);
    at('2027-04-01T09:00:00Z');
    await stack.roll();
    expect(await stripe().renew(subscriptionId, 'paid')).toBe(200);
    await stripe().settled();
    return { client, seriesId, subscriptionId };
  }

  for (const outcome of ['paid', 'failed'] as const)
    it(`the item on May's ${outcome} invoice is found on the retry: the session comes off once`, async () => {
      const { client, seriesId, subscriptionId } = await paidThroughApril();
      const may11 = (await stack.sessionsOf(client, seriesId)).find((each) =>
        each.start.startsWith('2027-05-11'),
      );
      at('2027-04-02T09:00:00Z');
      await failFirstCreditCommit();
      expect((await request('POST', `/bookings/${may11?.id}/cancel`, client)).status).toBe(200);

      // May's invoice takes the item Stripe made (£240 less £60), before the queue tries again.
      at('2027-05-01T09:00:00Z');
      await stack.roll();
      expect(await stripe().renew(subscriptionId, outcome)).toBe(200);
      await stripe().settled();
      at('2027-05-01T10:00:00Z');
      await stack.api.context.reactions.run();
      await stripe().settled();
      if (outcome === 'failed') {
        // Stripe's retry collects May's invoice: the same invoice, the same lines.
        expect(await stripe().collectFailed(subscriptionId)).toBe(200);
        await stripe().settled();
      }

      at('2027-06-01T09:00:00Z');
      await stack.roll();
      expect(await stripe().renew(subscriptionId, 'paid')).toBe(200);
      await stripe().settled();
      const may = await month(client, '2027-06');
      expect(may?.amount).toBe(18000);
      expect(may?.credits).toEqual([
        expect.objectContaining({ bookingId: may11?.id, amount: 6000 }),
      ]);
      // June is not taken off: the full £240.
      expect((await month(client, '2027-07'))?.amount).toBe(24000);
    });

  it('a session cancelled once that invoice is paid, before the retry, is given its share of the whole month', async () => {
    const { client, seriesId, subscriptionId } = await paidThroughApril();
    const mayOn = async (date: string) =>
      (await stack.sessionsOf(client, seriesId)).find((each) => each.start.startsWith(date))?.id;
    at('2027-04-02T09:00:00Z');
    await failFirstCreditCommit();
    expect(
      (await request('POST', `/bookings/${await mayOn('2027-05-11')}/cancel`, client)).status,
    ).toBe(200);
    at('2027-05-01T09:00:00Z');
    await stack.roll();
    expect(await stripe().renew(subscriptionId, 'paid')).toBe(200);
    await stripe().settled();

    // May: £180 paid and the £60 credit, so £240 for its four sessions, £60 each.
    const refundsBefore = stripe().refunds.length;
    expect(
      (await request('POST', `/bookings/${await mayOn('2027-05-18')}/cancel`, client)).status,
    ).toBe(200);
    expect(
      stripe()
        .refunds.slice(refundsBefore)
        .map((each) => each.amount),
    ).toEqual([6000]);
    expect((await month(client, '2027-06'))?.credits).toEqual([
      expect.objectContaining({ bookingId: await mayOn('2027-05-11'), amount: 6000 }),
    ]);
  });
});
