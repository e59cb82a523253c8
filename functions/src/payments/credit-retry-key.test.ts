import { sql } from 'kysely';
import { createAccount, type TestAccount } from '../testing/accounts';
import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';

/**
 * A session cancelled in a month not yet invoiced is taken off that month's invoice once
 * (effects.ts creditNextInvoice). The credit's row and its Stripe invoice item are made in one
 * transaction, with the row's new id as the item's idempotency key. When Stripe has made the item
 * but the transaction does not commit (the process ends, the database drops the connection, or
 * the budget gives up on an answer Stripe sends late), the row is gone, the durable queue tries
 * again, and the new row's new id is a new key: Stripe makes a second item. The client's next
 * invoice then takes the session off twice (£60 too little) while the practice's records show
 * one credit.
 *
 * Here the commit fails once, after Stripe answered (a trigger on the credit's row, one time
 * only: a sequence is not rolled back). The stand-in cannot show the late answer itself: it never
 * serves a held request whose caller has hung up, where Stripe carries it out.
 *
 * The fix (effects.ts): the credit's row is committed first, then Stripe is asked with the key
 * `credit:<booking id>` and the row's own parameters, so the retry gets the same item back.
 */
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const { practitioner } = await createAccounts({ practitioner: { practitioner: true } });

interface PaymentView {
  id: string;
  amount: number;
  periodEnd: string | null;
}

describe.each(DATABASE_KINDS)('a credit asked again on %s', (kind) => {
  const stack = usePaymentsStack(kind, { start: NOW, practitioner: () => practitioner });
  const { request, clock, stripe } = stack;
  const at = (iso: string) => (clock.now = new Date(iso));
  const myPayments = async (who: TestAccount) =>
    ((await request('GET', '/payments', who)).json as { payments: PaymentView[] }).payments;

  /** The first commit of a credit's Stripe item fails, after Stripe has made it. */
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
  afterEach(async () => {
    await sql`drop trigger if exists fail_first_credit_commit on payment_credits`.execute(stack.db);
    await sql`drop function if exists fail_first_credit_commit`.execute(stack.db);
    await sql`drop sequence if exists credit_commits`.execute(stack.db);
  });

  it(
    'a credit whose commit failed after Stripe made it is taken off the next invoice once',
    async () => {
      const client = await createAccount({ name: 'Ada Client' });
      // A weekly series from 16 March on Tuesdays, March and April paid.
      const seriesId = await stack.confirmedSeries(client);
      await stripe().pay(await stack.checkout(client, { seriesId }));
      const subscription = [...stripe().subscriptions.values()].at(-1);
      if (!subscription) throw new Error('no subscription');
      at('2027-04-01T09:00:00Z');
      await stack.roll();
      expect(await stripe().renew(subscription.id, 'paid')).toBe(200);
      await stripe().settled();
      // May is not invoiced yet: her 11 May session, cancelled with notice, comes off May's.
      const may11 = (await stack.sessionsOf(client, seriesId)).find((each) =>
        each.start.startsWith('2027-05-11'),
      );
      at('2027-04-02T09:00:00Z');
      await failFirstCreditCommit();
      expect((await request('POST', `/bookings/${may11?.id}/cancel`, client)).status).toBe(200);
      // The minute job asks again.
      at('2027-04-02T09:10:00Z');
      await stack.api.context.reactions.run();
      await stripe().settled();

      at('2027-05-01T09:00:00Z');
      await stack.roll();
      expect(await stripe().renew(subscription.id, 'paid')).toBe(200);
      await stripe().settled();
      const may = (await myPayments(client)).find((each) => each.periodEnd?.startsWith('2027-06'));
      // £240 for May's four Tuesdays, one of them (£60) taken off once.
      expect(may?.amount).toBe(18000);
    },
  );
});
