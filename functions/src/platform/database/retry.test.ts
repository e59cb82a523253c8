import { sql } from 'kysely';
import type { Database } from './database';
import { freshDatabase } from '../../testing/databases';
import { transactionTriedAgain } from './retry';

/** An error as the pg driver and PGlite throw it: SQLSTATE in `code`. */
const failure = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });

/**
 * The rule itself, on PGlite (the deadlock that causes it is made on PostgreSQL in
 * bookings/deadlock-not-taken.test.ts): which aborts run the transaction again, how often, and
 * that a try that failed leaves nothing written.
 */
describe('a transaction run again when PostgreSQL says to try again', () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase('PGlite');
    await sql`create table retry_probe (try integer not null)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
  });
  beforeEach(async () => {
    await sql`delete from retry_probe`.execute(db);
  });

  const written = async () =>
    (await sql<{ try: number }>`select try from retry_probe order by try`.execute(db)).rows.map(
      (row) => row.try,
    );

  it.each(['40P01', '40001'])('after %s, once: the second try commits alone', async (code) => {
    let tries = 0;
    const answer = await transactionTriedAgain(db, async (trx) => {
      tries += 1;
      await sql`insert into retry_probe values (${tries})`.execute(trx);
      if (tries === 1) throw failure(code);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await written()).toEqual([2]);
  });

  it('gives up after three tries, with the last error', async () => {
    let tries = 0;
    await expect(
      transactionTriedAgain(db, async () => {
        tries += 1;
        throw failure('40P01');
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(tries).toBe(3);
  });

  it.each(['23P01', '23505', '22023'])('%s is an answer, not a race: tried once', async (code) => {
    let tries = 0;
    await expect(
      transactionTriedAgain(db, async (trx) => {
        tries += 1;
        await sql`insert into retry_probe values (${tries})`.execute(trx);
        throw failure(code);
      }),
    ).rejects.toMatchObject({ code });
    expect(tries).toBe(1);
    expect(await written()).toEqual([]);
  });
});
