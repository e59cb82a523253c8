import { sql } from 'kysely';
import { deleteClientBookings } from '../bookings';
import type { Database } from '../platform/database/database';
import { createAccount } from '../testing/accounts';
import { createAccounts } from '../testing/factories/accounts';
import { usePaymentsStack } from '../testing/payments-stack';
import { lockPlan, shareSeriesLock } from './queries-plans';

/**
 * Finding 3 of the review of issues 45 and 49 (series lock vs plan lock). Recording a series'
 * Pay (checkout.ts openSeriesCheckout, recordAnswer) locks the plan's row, then the series' row
 * for share. Deleting the account (account/deletion.ts retireAccount → bookings'
 * deleteClientBookings) deletes the series' row, and the delete cascades to the plan's row
 * (payment_plans.series_id … on delete cascade): series first, then plan. Two requests at once
 * take the two locks in opposite orders: PostgreSQL aborts one as a deadlock (40P01), and neither
 * transaction is run again (both use db.transaction() directly, not transactionTriedAgain), so
 * her Pay or her account deletion answers 500.
 *
 * PostgreSQL only: PGlite has one connection and never waits, so no cycle can form there. The
 * two transactions are the two requests' own steps, with the same functions, in their order; the
 * test holds the Pay's transaction between its two locks while the deletion starts.
 */
const NOW = new Date('2027-03-01T09:00:00Z'); // a Monday
const { practitioner } = await createAccounts({ practitioner: { practitioner: true } });

/** Resolves once some transaction of this database waits for a row lock. */
async function someoneWaitsForALock(db: Database) {
  for (let tries = 0; tries < 200; tries += 1) {
    const waiting = await sql<{ count: string }>`
      select count(*) as count from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if (Number(waiting.rows[0]?.count) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('nothing waited for a lock');
}

describe('a series’ Pay recorded while its client deletes her account, on PostgreSQL', () => {
  const stack = usePaymentsStack('PostgreSQL', { start: NOW, practitioner: () => practitioner });

  it('both finish: no deadlock between the plan’s lock and the series’ lock', async () => {
    const client = await createAccount({ name: 'Ada Client' });
    const seriesId = await stack.confirmedSeries(client);
    // Her Pay has made the plan's row (savePlan), as the first Pay of a series does.
    await stack.checkout(client, { seriesId });

    let payHoldsThePlan = () => {};
    const holding = new Promise<void>((resolve) => (payHoldsThePlan = resolve));
    let deletionWaits = () => {};
    const deletionWaiting = new Promise<void>((resolve) => (deletionWaits = resolve));
    // recordAnswer: `lock` (the plan), then `record` decides again under the series' share lock.
    const pay = stack.db.transaction().execute(async (trx) => {
      await lockPlan(trx, seriesId);
      payHoldsThePlan();
      await deletionWaiting;
      await shareSeriesLock(trx, seriesId);
    });
    await holding;
    // retireAccount's last steps: the bookings, then the series (cascading to the plan).
    const deletion = stack.db.transaction().execute((trx) => deleteClientBookings(trx, client.uid));
    await someoneWaitsForALock(stack.db);
    deletionWaits();
    const outcomes = await Promise.allSettled([pay, deletion]);
    const codes = outcomes.map((each) =>
      each.status === 'fulfilled' ? 'done' : String((each.reason as { code?: unknown }).code),
    );
    // On main the deletion is aborted: ['done', '40P01'] ("deadlock detected").
    expect(codes).toEqual(['done', 'done']);
  });
});
