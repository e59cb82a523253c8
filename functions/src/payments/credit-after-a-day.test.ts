import { sql } from 'kysely';
import { createAccount, type TestAccount } from '../testing/accounts';
import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';

/**
 * A credit's retry more than a day later. The credit is recorded first, then asked of Stripe with
 * the key `credit:<booking id>`; a try whose commit failed after Stripe made the item gets that
 * item back on the next try (credit-retry-key.test.ts). But Stripe keeps a key for 24 hours only
 * ("keys are eligible to be removed ... after they're at least 24 hours old",
 * https://docs.stripe.com/api/idempotent_requests), and the queue's later tries come after that:
 * the key then protects nothing, and a second item would take the session off twice. So a credit
 * first asked more than 24 hours ago is looked for among the customer's pending invoice items,
 * by its booking's metadata, before Stripe is asked again (effects.ts askCreditItem).
 *
 * Here the first commit fails (a trigger, once: a sequence is not rolled back) and the queue's
 * retry comes 25 hours later; the stand-in has forgotten the key by its clock.
 */
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const { practitioner } = await createAccounts({ practitioner: { practitioner: true } });

interface PaymentView {
  id: string;
  amount: number;
  periodEnd: string | null;
}

describe.each(DATABASE_KINDS)('a credit asked again a day later, on %s', (kind) => {
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

  it('a credit whose commit failed, asked again 25 hours later, is taken off the next invoice once', async () => {
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
    // The minute job asks again, 25 hours later (the queue was down, or kept failing).
    at('2027-04-03T10:00:00Z');
    await stack.api.context.reactions.run();
    await stripe().settled();

    at('2027-05-01T09:00:00Z');
    await stack.roll();
    expect(await stripe().renew(subscription.id, 'paid')).toBe(200);
    await stripe().settled();
    const may = (await myPayments(client)).find((each) => each.periodEnd?.startsWith('2027-06'));
    // £240 for May's four Tuesdays, one of them (£60) taken off once.
    expect(may?.amount).toBe(18000);
  });
});
