import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One token bucket per signed-in user for writes (platform/http/rate-limit.ts): one row, changed by one
  // atomic upsert per request, so every function instance counts in the same place.
  await sql`
    create table write_limits (
      uid text primary key check (uid <> ''),
      tokens double precision not null,
      allowed boolean not null,
      updated_at timestamptz not null
    )`.execute(db);
  // When the practice was last told that a client's answers need her (clinical/risk-queries.ts):
  // at most one such email per client per 24 hours, however many answers come in.
  await sql`
    create table risk_alerts (
      client_uid text primary key check (client_uid <> ''),
      last_alert_at timestamptz not null
    )`.execute(db);
}
