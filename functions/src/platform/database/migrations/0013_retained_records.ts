import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A deleted account's kept record (functions/src/clinical/retention.ts): who it was, for the
  // practitioner's "Retained records", and when the account went. Rows from before carry none.
  await sql`
    alter table clinical_retention
      add column client_name text not null default '',
      add column client_email text not null default '',
      add column retired_at timestamptz`.execute(db);
  // A kept record is read-only: nothing clinical is added to or changed on it, whatever the code
  // (clearing its risk answers' "unseen" mark included: they are out of the risk flags by then).
  await sql`
    create function clinical_record_retained() returns trigger language plpgsql as $$
    declare
      client text;
    begin
      -- A deleted session's link going (on delete set null) changes nothing on the record.
      if tg_op = 'UPDATE' and (to_jsonb(new) - 'booking_id') = (to_jsonb(old) - 'booking_id') then
        return new;
      end if;
      if tg_table_name = 'note_addenda' then
        select client_uid into client from session_notes where id = new.note_id;
      else
        client := new.client_uid;
      end if;
      if exists (select 1 from clinical_retention r
                 where r.client_uid = client and r.retired_at is not null) then
        raise exception 'clinical record % is retained and read-only', client
          using errcode = 'check_violation';
      end if;
      return new;
    end $$`.execute(db);
  for (const table of [
    'intakes',
    'questionnaires',
    'session_notes',
    'note_addenda',
    'risk_follow_ups',
  ]) {
    await sql`
      create trigger ${sql.raw(`${table}_retained`)} before insert or update on ${sql.table(table)}
      for each row execute function clinical_record_retained()`.execute(db);
  }
  // A client's request for their session notes (functions/src/clinical/notes-requests.ts): due one
  // calendar month from receipt, and what was released, with each withheld note's reason.
  await sql`
    create table notes_requests (
      id uuid primary key default gen_random_uuid(),
      client_uid text not null check (client_uid <> ''),
      client_name text not null,
      client_email text not null,
      received_at timestamptz not null,
      due_on date not null,
      released_at timestamptz,
      released_by text,
      released jsonb,
      withheld jsonb,
      check ((released_at is null) = (released is null))
    )`.execute(db);
  await sql`create index notes_requests_client on notes_requests (client_uid)`.execute(db);
  // Emailed receipt links a client's account no longer honours (payments/receipts/revocation.ts):
  // every link issued before revoked_at stops opening.
  await sql`
    create table receipt_link_revocations (
      client_uid text primary key check (client_uid <> ''),
      revoked_at timestamptz not null
    )`.execute(db);
}
