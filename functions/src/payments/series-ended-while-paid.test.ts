import { sql } from 'kysely';
import { createAccount } from '../testing/accounts';
import { createAccounts } from '../testing/factories/accounts';
import { usePaymentsStack } from '../testing/payments-stack';

/**
 * The other order of series-checkout-ended.test.ts: there an end commits while a Pay's answer is
 * being recorded, and the recording then reads the series ended. Here the series' first month
 * is being recorded by the webhook when the practice ends the series: the end must wait for that
 * recording (the webhook holds the series row for share, webhook.ts loadState), so that the end's
 * reaction finds the month paid and gives back the sessions it cancels. Without the lock the end
 * commits at once and only its reaction waited (on the plan's row): the webhook had read the
 * series open before it, and had it read the plan before the reaction took it, the reaction
 * found nothing paid and the month recorded a moment later was kept for sessions that will
 * never happen.
 *
 * PostgreSQL only: PGlite runs one transaction at a time, so the end waits its turn there. The
 * recording is held open by a trigger on the payment's insert that waits for the test's word; a
 * sequence (not rolled back) says the recording has reached it.
 */
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const { practitioner } = await createAccounts({ practitioner: { practitioner: true } });

describe('a series ended while its month’s payment is being recorded, on PostgreSQL', () => {
  const stack = usePaymentsStack('PostgreSQL', { start: NOW, practitioner: () => practitioner });
  const { request, stripe } = stack;

  async function holdTheMonthsRecording() {
    await sql`create sequence month_recording_reached`.execute(stack.db);
    await sql`create table month_recording_go (go int)`.execute(stack.db);
    await sql`create function hold_month_recording() returns trigger language plpgsql as $$
      declare waited int := 0;
      begin
        if new.series_id is not null then
          perform nextval('month_recording_reached');
          while not exists (select 1 from month_recording_go) and waited < 300 loop
            perform pg_sleep(0.1);
            waited := waited + 1;
          end loop;
        end if;
        return new;
      end $$`.execute(stack.db);
    await sql`create trigger hold_month_recording before insert on payments
      for each row execute function hold_month_recording()`.execute(stack.db);
  }
  async function recordingReached() {
    for (;;) {
      const { rows } = await sql<{
        is_called: boolean;
      }>`select is_called from month_recording_reached`.execute(stack.db);
      if (rows[0]?.is_called) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  /**
   * The first update to wait on a row lock (the end's or its reaction's; Stripe's other event
   * waits on the plan with a select), undefined if the end answered first.
   */
  async function firstUpdateToWait(done: () => boolean) {
    while (!done()) {
      const { rows } = await sql<{ query: string }>`select query from pg_stat_activity
        where wait_event_type = 'Lock' and query ilike 'update %'`.execute(stack.db);
      if (rows[0]) return rows[0].query;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return undefined;
  }
  afterEach(async () => {
    await sql`insert into month_recording_go values (1)`.execute(stack.db).catch(() => {});
    await sql`drop trigger if exists hold_month_recording on payments`.execute(stack.db);
    await sql`drop function if exists hold_month_recording`.execute(stack.db);
    await sql`drop table if exists month_recording_go`.execute(stack.db);
    await sql`drop sequence if exists month_recording_reached`.execute(stack.db);
  });

  it('the practice ends a series while its first month is being recorded: the end waits, and the month is given back', async () => {
    const client = await createAccount({ name: 'Ada Client' });
    const seriesId = await stack.confirmedSeries(client);
    const url = await stack.checkout(client, { seriesId });
    await holdTheMonthsRecording();
    // Stripe's page answers once its webhook has: not awaited while the recording is held.
    const paying = stripe().pay(url);
    await recordingReached();
    let endAnswered = false;
    const ending = request('POST', `/practice/series/${seriesId}/end`, practitioner).then(
      (answer) => {
        endAnswered = true;
        return answer;
      },
    );
    // The end itself waits for the month's recording: it does not end the series (and cancel
    // its sessions) under a payment being recorded as for an open series.
    expect(await firstUpdateToWait(() => endAnswered)).toMatch(/^update "series"/);
    expect(endAnswered).toBe(false);
    await sql`insert into month_recording_go values (1)`.execute(stack.db);
    expect((await ending).status).toBe(200);
    await paying;
    await stripe().settled();
    await stack.api.deliveryIdle();
    // Every session of the month was cancelled by the practice: the month comes back in full.
    const payments = (await request('GET', '/payments', client)).json.payments as {
      amount: number;
      refunded: number;
    }[];
    expect(payments).toHaveLength(1);
    expect(payments[0]?.refunded).toBe(payments[0]?.amount);
    expect(stripe().refunds.reduce((sum, each) => sum + each.amount, 0)).toBe(payments[0]?.amount);
  });
});
