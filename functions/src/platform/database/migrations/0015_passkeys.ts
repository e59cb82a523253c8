import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A passkey (WebAuthn credential) of an account: the id the authenticator gave it, its public
  // key (COSE) and the signature counter it last showed, which only goes up.
  await sql`
    create table passkeys (
      id text primary key check (id ~ '^[A-Za-z0-9_-]+$' and length(id) between 16 and 1366),
      uid text not null check (uid <> ''),
      public_key bytea not null,
      counter bigint not null default 0 check (counter >= 0),
      transports text not null default '',
      name text not null check (length(name) between 1 and 80),
      created_at timestamptz not null,
      last_used_at timestamptz
    )`.execute(db);
  await sql`create index passkeys_uid on passkeys (uid)`.execute(db);
  // A challenge handed out for one ceremony: used once (deleted when answered), short-lived.
  await sql`
    create table passkey_challenges (
      challenge text primary key,
      purpose text not null check (purpose in ('registration', 'authentication')),
      uid text check ((purpose = 'registration') = (uid is not null)),
      expires_at timestamptz not null
    )`.execute(db);
  // An enrolment link is taken once: its hash is written here when her first passkey is added.
  await sql`
    create table passkey_enrolments_used (
      token_hash text primary key,
      uid text not null,
      used_at timestamptz not null
    )`.execute(db);
  // Recovery codes, hashed (SHA-256); each one works once.
  await sql`
    create table recovery_codes (
      uid text not null,
      code_hash text not null,
      created_at timestamptz not null,
      used_at timestamptz,
      primary key (uid, code_hash)
    )`.execute(db);
  // The browsers an account has signed in from (a hash of the browser's own random id): a new
  // one sends the account a sign-in alert.
  await sql`
    create table known_browsers (
      uid text not null,
      browser_hash text not null,
      first_seen_at timestamptz not null,
      primary key (uid, browser_hash)
    )`.execute(db);
  // Sign-ins, enrolments, recovery-code uses and sign-outs everywhere go in the audit log too.
  await sql`alter table audit_log drop constraint audit_log_action_check`.execute(db);
  await sql`
    alter table audit_log add constraint audit_log_action_check
      check (action in ('read', 'change', 'security'))`.execute(db);
}
