import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A credit taken off a paid month is part of that month's receipt, which is kept for its own
  // years (retention/apply.ts) after the series and its account have gone: it outlives its series.
  // One still waiting for an invoice goes with the series (no invoice will come). Found by the
  // money simulation: the cascade deleted the credits a kept receipt shows.
  await sql`alter table payment_credits alter column series_id drop not null`.execute(db);
  await sql`alter table payment_credits drop constraint payment_credits_series_id_fkey`.execute(db);
  await sql`
    alter table payment_credits add constraint payment_credits_series_id_fkey
      foreign key (series_id) references series (id) on delete set null`.execute(db);
  // Never an orphan: a credit is waiting on its series, or shown on its payment's receipt.
  await sql`
    alter table payment_credits add constraint payment_credits_series_or_payment
      check (series_id is not null or payment_id is not null)`.execute(db);
  await sql`
    create function payment_credits_waiting_go_with_series() returns trigger language plpgsql as $$
    begin
      delete from payment_credits where series_id = old.id and payment_id is null;
      return old;
    end $$`.execute(db);
  await sql`
    create trigger series_waiting_credits before delete on series
    for each row execute function payment_credits_waiting_go_with_series()`.execute(db);
}
