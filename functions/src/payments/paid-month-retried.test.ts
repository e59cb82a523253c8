import { sql } from 'kysely';
import { createAccount, type TestAccount } from '../testing/accounts';
import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';
import { retryPendingRefunds } from './refunds';

/**
 * A month paid late gives back what was given up before its money came (paid-months.ts). That
 * used to run after the webhook answered, its failure only logged: nothing tried again until the
 * series' next paid invoice. Now it is a durable reaction queued with the event (the webhook's
 * transaction), tried again by the minute job until done. Here the first try fails to commit (a
 * trigger on the refund's row, once: a sequence is not rolled back); the webhook answers 200, the
 * minute job gives the week back, and only once. (A Stripe call that fails after the refund is
 * held leaves it pending, asked again by retryPendingRefunds: pending-refunds.test.ts.)
 */
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const { practitioner } = await createAccounts({ practitioner: { practitioner: true } });
const newClient = () => createAccount({ name: 'Ada Client' });

interface PaymentView {
  amount: number;
  refunded: number;
  periodEnd: string | null;
}

describe.each(DATABASE_KINDS)('a paid month’s give-back tried again, on %s', (kind) => {
  const stack = usePaymentsStack(kind, { start: NOW, practitioner: () => practitioner });
  const { request, clock, stripe } = stack;
  const at = (iso: string) => (clock.now = new Date(iso));
  const refunded = () => stripe().refunds.map((each) => each.amount);
  const monthEnding = async (who: TestAccount, month: string) =>
    ((await request('GET', '/payments', who)).json as { payments: PaymentView[] }).payments.find(
      (each) => each.periodEnd?.startsWith(month),
    );
  /** The scheduled minute job's money work: the queue's retries, then pending refunds. */
  const minuteJob = async () => {
    await stack.api.context.reactions.run();
    await retryPendingRefunds(stack.api.context, clock.now);
    await stripe().settled();
  };

  afterEach(async () => {
    await sql`drop trigger if exists fail_first_refund on payment_refunds`.execute(stack.db);
    await sql`drop function if exists fail_first_refund`.execute(stack.db);
    await sql`drop sequence if exists refund_inserts`.execute(stack.db);
  });

  /** A series whose May invoice failed, with 25 May skipped meanwhile: its subscription's id. */
  async function skippedWeekInFailedMonth(client: TestAccount) {
    const seriesId = await stack.confirmedSeries(client);
    await stripe().pay(await stack.checkout(client, { seriesId }));
    const subscription = [...stripe().subscriptions.values()].at(-1);
    if (!subscription) throw new Error('no subscription');
    at('2027-03-25T09:00:00Z');
    await stack.roll();
    at('2027-04-01T09:00:00Z');
    expect(await stripe().renew(subscription.id, 'paid')).toBe(200);
    at('2027-04-20T09:00:00Z');
    const taken = await request('POST', '/bookings', await newClient(), {
      serviceId: 1,
      start: '2027-05-25T17:00:00Z',
    });
    expect(taken.status).toBe(201);
    at('2027-05-01T09:00:00Z');
    expect(await stripe().renew(subscription.id, 'failed')).toBe(200);
    at('2027-05-03T09:00:00Z');
    expect(await stack.roll()).toMatchObject({ skipped: 1 });
    await stack.api.context.reactions.run();
    await stripe().settled();
    expect(refunded()).toEqual([]);
    return subscription.id;
  }

  /** Then the week comes back once, however often the minute job runs. */
  async function givenBackOnce(client: TestAccount) {
    at('2027-05-04T09:05:00Z');
    await minuteJob();
    expect(refunded()).toEqual([6000]);
    expect(await monthEnding(client, '2027-06')).toMatchObject({ amount: 24000, refunded: 6000 });
    at('2027-05-04T09:30:00Z');
    await minuteJob();
    at('2027-05-05T09:30:00Z');
    await minuteJob();
    expect(refunded()).toEqual([6000]);
    expect(await monthEnding(client, '2027-06')).toMatchObject({ refunded: 6000 });
  }

  it('a give-back whose first commit failed is made by the minute job, once', async () => {
    const client = await newClient();
    const subscriptionId = await skippedWeekInFailedMonth(client);
    await sql`create sequence refund_inserts`.execute(stack.db);
    await sql`create function fail_first_refund() returns trigger language plpgsql as $$
      begin
        if nextval('refund_inserts') = 1 then
          raise exception 'the connection was lost';
        end if;
        return new;
      end $$`.execute(stack.db);
    await sql`create trigger fail_first_refund before insert on payment_refunds
      for each row execute function fail_first_refund()`.execute(stack.db);
    // Stripe's retry collects May; the webhook answers 200 though the give-back failed.
    at('2027-05-04T09:00:00Z');
    expect(await stripe().collectFailed(subscriptionId)).toBe(200);
    await stripe().settled();
    expect(refunded()).toEqual([]);
    await givenBackOnce(client);
  });
});
