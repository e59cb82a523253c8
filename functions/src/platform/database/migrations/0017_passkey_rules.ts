import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The practitioner grant (the enrolment link's hash) a passkey or recovery code was made under:
  // only those of her current grant count as her second factor; null is a client's own.
  await sql`alter table passkeys add column practitioner_grant text`.execute(db);
  await sql`alter table recovery_codes add column practitioner_grant text`.execute(db);
  // The signature counter only goes forward (WebAuthn §6.1.1): a cloned authenticator goes back.
  await sql`
    create function passkeys_counter_forward() returns trigger language plpgsql as $$
    begin
      if (old.counter > 0 or new.counter > 0) and new.counter <= old.counter then
        raise exception 'A passkey''s signature counter only goes forward.' using errcode = '23514';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger passkeys_counter_forward before update of counter on passkeys
    for each row execute function passkeys_counter_forward()`.execute(db);
  // Her last practice request of each sign-in (uid and the sign-in's auth_time): after 30
  // minutes without one the sign-in opens no practice page until her passkey again.
  await sql`
    create table practice_sign_ins (
      uid text not null check (uid <> ''),
      auth_time timestamptz not null,
      last_request_at timestamptz not null,
      primary key (uid, auth_time)
    )`.execute(db);
  // After "Sign out everywhere" the account is asked to review its passkeys until it has.
  await sql`
    create table passkey_reviews (
      uid text primary key check (uid <> ''),
      asked_at timestamptz not null
    )`.execute(db);
}
