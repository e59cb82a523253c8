import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A series' refund names the occurrence it gives back (a cancelled session's time before any
  // move, or a week the scheduler skipped, which has no booking): a month's share is given back
  // once per occurrence, whichever way it was found owed (at the cancellation, or when a month
  // that had failed or was still open is paid).
  await sql`alter table payment_refunds add column session_start timestamptz`.execute(db);
  await sql`create unique index payment_refunds_one_per_occurrence on payment_refunds (payment_id, session_start) where session_start is not null`.execute(
    db,
  );
}
