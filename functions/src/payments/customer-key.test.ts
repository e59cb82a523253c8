import { sql } from 'kysely';
import { adminAuth, createAccount, passwordToken } from '../testing/accounts';
import { createAccounts } from '../testing/factories/accounts';
import { DATABASE_KINDS } from '../testing/databases';
import { usePaymentsStack } from '../testing/payments-stack';

/**
 * The client's Stripe customer is made with the key `customer:<uid>` and her name and email as
 * its parameters (gateway.ts createCustomer). When Stripe has made it but it is not saved (the
 * process ends, the database drops the connection, or the request's budget gives up on an answer
 * Stripe sends late), the next Pay asks again with the same key. Stripe keeps a key's first
 * parameters for 24 hours and refuses the same key with other parameters (400
 * `idempotency_error`, https://docs.stripe.com/api/idempotent_requests): if she changed her
 * display name or email meanwhile (Account), every Pay is answered 502 "did not answer. Try again
 * in a minute." for a day, and the Billing page's Portal too.
 *
 * Here the save fails once, after Stripe answered (a trigger, one time only: a sequence is not
 * rolled back), which is deterministic where a late answer races the SDK's own timeout.
 *
 * The fix (gateway.ts createCustomer): only her uid is sent under the key; her name and email
 * are set by an update once the customer is made, so the retry is the same request.
 */
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const { practitioner } = await createAccounts({ practitioner: { practitioner: true } });

describe.each(DATABASE_KINDS)('her Stripe customer asked for again on %s', (kind) => {
  const stack = usePaymentsStack(kind, { start: NOW, practitioner: () => practitioner });
  const { request, stripe } = stack;

  /** The first save of a Stripe customer fails, after Stripe has made it. */
  async function failFirstCustomerSave() {
    await sql`create sequence customer_saves`.execute(stack.db);
    await sql`create function fail_first_customer_save() returns trigger language plpgsql as $$
      begin
        if nextval('customer_saves') = 1 then
          raise exception 'the connection was lost';
        end if;
        return new;
      end $$`.execute(stack.db);
    await sql`create trigger fail_first_customer_save before insert on payment_customers
      for each row execute function fail_first_customer_save()`.execute(stack.db);
  }
  afterEach(async () => {
    await sql`drop trigger if exists fail_first_customer_save on payment_customers`.execute(
      stack.db,
    );
    await sql`drop function if exists fail_first_customer_save`.execute(stack.db);
    await sql`drop sequence if exists customer_saves`.execute(stack.db);
  });

  it('Pay works when her first Pay made a Stripe customer that was not saved and she then changed her name', async () => {
    const client = await createAccount({ name: 'Ada Client' });
    const bookingId = await stack.confirmedSession(client, 5);
    await failFirstCustomerSave();
    const first = await request('POST', '/payments/checkout', client, { bookingId });
    expect(first.status).toBe(500);
    await adminAuth().updateUser(client.uid, { displayName: 'Ada Lovelace' });
    const renamed = { ...client, idToken: await passwordToken(client.email) };
    const again = await request('POST', '/payments/checkout', renamed, { bookingId });
    expect(again.status, JSON.stringify(again.json)).toBe(201);
    // One customer at Stripe, with her name and email as they are now.
    const made = [...stripe().customers.values()].filter(
      (each) => each.metadata.clientUid === client.uid,
    );
    expect(made).toEqual([
      { email: client.email, name: 'Ada Lovelace', metadata: { clientUid: client.uid } },
    ]);
  });
});
