import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Health data (special category): kept apart from bookings, read only through the API's
  // client and practitioner endpoints, every practitioner read written to audit_log.
  await sql`
    create table intakes (
      client_uid text primary key check (client_uid <> ''),
      client_email text not null,
      client_name text not null default '',
      details jsonb not null,
      agreement_version text not null,
      agreed_at timestamptz not null,
      agreed_from text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table questionnaires (
      id uuid primary key default gen_random_uuid(),
      client_uid text not null check (client_uid <> ''),
      client_email text not null,
      client_name text not null default '',
      instrument text not null check (instrument in ('PHQ-9', 'GAD-7', 'CORE-10')),
      answers jsonb not null,
      total integer not null check (total between 0 and 40),
      band text not null,
      risk boolean not null,
      risk_items jsonb not null,
      risk_seen_at timestamptz,
      submitted_at timestamptz not null
    )`.execute(db);
  await sql`create index questionnaires_client on questionnaires (client_uid, submitted_at)`.execute(
    db,
  );
  await sql`create index questionnaires_unseen_risk on questionnaires (submitted_at) where risk and risk_seen_at is null`.execute(
    db,
  );
  // Who read or changed a client's record, and when. No endpoint changes it; updates are void.
  await sql`
    create table audit_log (
      id bigint generated always as identity primary key,
      at timestamptz not null,
      actor_uid text not null,
      client_uid text not null,
      action text not null check (action in ('read', 'change')),
      what text not null
    )`.execute(db);
  await sql`create index audit_log_client on audit_log (client_uid, at)`.execute(db);
  await sql`create rule audit_log_no_update as on update to audit_log do instead nothing`.execute(
    db,
  );
  // A deleted account's clinical record, kept until the end of its retention period.
  await sql`
    create table clinical_retention (
      client_uid text primary key,
      last_session_at timestamptz not null,
      delete_after timestamptz not null
    )`.execute(db);
}
