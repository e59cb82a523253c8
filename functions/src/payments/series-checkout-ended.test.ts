import { sql } from 'kysely';
import { createAccount } from '../testing/accounts';
import { createAccounts } from '../testing/factories/accounts';
import { usePaymentsStack } from '../testing/payments-stack';

/**
 * A series' Checkout is decided again when Stripe's answer is recorded (checkout.ts recordAnswer),
 * under the plan's row lock. Ending the series takes no lock on the plan: its answer commits while
 * the Checkout's answer is being recorded, after that transaction read the series as confirmed;
 * the end's own reaction (endPlanOnSeriesEnd) reads the plan before the Checkout is saved on it,
 * finds none to expire, and the client is sent to a Checkout of a series that has ended. Paid, the
 * webhook cancels that subscription and refunds it in full: money taken and given back, and a
 * Checkout that should not exist. (A one-off session cannot: its cancel and the recording take the
 * same booking row lock.)
 *
 * PostgreSQL only: PGlite runs one transaction at a time, so the end waits its turn there. The
 * window (milliseconds in production) is held open here by a trigger on the plan's update that
 * waits for the test's word; a sequence (not rolled back) says the recording has reached it.
 *
 * The fix (checkout.ts openSeriesCheckout): the answer is decided again under the series' row
 * lock (for share), the row ending a series updates, so one waits for the other: an end
 * committed first is read and refuses the Pay; an end after it finds the Checkout and expires it.
 */
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const { practitioner } = await createAccounts({ practitioner: { practitioner: true } });

describe('a series ended while its Pay is being recorded, on PostgreSQL', () => {
  const stack = usePaymentsStack('PostgreSQL', { start: NOW, practitioner: () => practitioner });
  const { request, stripe } = stack;

  async function holdTheCheckoutsRecording() {
    await sql`create sequence checkout_recording_reached`.execute(stack.db);
    await sql`create table checkout_recording_go (go int)`.execute(stack.db);
    await sql`create function hold_checkout_recording() returns trigger language plpgsql as $$
      declare waited int := 0;
      begin
        if new.open_checkout_id is not null then
          perform nextval('checkout_recording_reached');
          while not exists (select 1 from checkout_recording_go) and waited < 300 loop
            perform pg_sleep(0.1);
            waited := waited + 1;
          end loop;
        end if;
        return new;
      end $$`.execute(stack.db);
    await sql`create trigger hold_checkout_recording before update of open_checkout_id
      on payment_plans for each row execute function hold_checkout_recording()`.execute(stack.db);
  }
  async function recordingReached() {
    for (;;) {
      const { rows } = await sql<{
        is_called: boolean;
      }>`select is_called from checkout_recording_reached`.execute(stack.db);
      if (rows[0]?.is_called) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  afterEach(async () => {
    await sql`insert into checkout_recording_go values (1)`.execute(stack.db).catch(() => {});
    await sql`drop trigger if exists hold_checkout_recording on payment_plans`.execute(stack.db);
    await sql`drop function if exists hold_checkout_recording`.execute(stack.db);
    await sql`drop table if exists checkout_recording_go`.execute(stack.db);
    await sql`drop sequence if exists checkout_recording_reached`.execute(stack.db);
  });

  it('the practice ends a series while the client’s Pay is being recorded: no Checkout of it is left open', async () => {
    const client = await createAccount({ name: 'Ada Client' });
    const seriesId = await stack.confirmedSeries(client);
    await holdTheCheckoutsRecording();
    const paying = request('POST', '/payments/checkout', client, { seriesId });
    await recordingReached();
    const ended = await request('POST', `/practice/series/${seriesId}/end`, practitioner);
    expect(ended.status).toBe(200);
    await sql`insert into checkout_recording_go values (1)`.execute(stack.db);
    const paid = await paying;
    // The series is over: its Pay is refused, and no Checkout of it can take a payment.
    expect(paid.status, JSON.stringify(paid.json)).toBe(422);
    expect([...stripe().checkouts.values()].map((each) => each.status)).toEqual(['expired']);
  });
});
