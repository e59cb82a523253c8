import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';

/**
 * Versioned migrations, applied in name order on start (Kysely records them in
 * `kysely_migration` and holds a lock while it runs). Never edit one that has shipped: add the next.
 */
const migrations: Record<string, Migration> = {
  '0001_bookings_and_blocks': {
    async up(db: Kysely<unknown>) {
      // btree_gist lets one exclusion constraint mix scalar and range columns (e.g. a room, later).
      await sql`create extension if not exists btree_gist`.execute(db);
      await sql`
        create table bookings (
          id uuid primary key default gen_random_uuid(),
          client_uid text not null check (client_uid <> ''),
          client_email text not null,
          client_name text not null default '',
          service_id integer not null,
          starts_at timestamptz not null,
          ends_at timestamptz not null,
          during tstzrange not null,
          status text not null default 'requested'
            check (status in ('requested', 'confirmed', 'declined', 'cancelled')),
          note text not null default '' check (char_length(note) <= 500),
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now(),
          constraint bookings_session_inside_during
            check (starts_at < ends_at and lower(during) = starts_at and upper(during) >= ends_at),
          constraint bookings_no_overlap
            exclude using gist (during with &&) where (status in ('requested', 'confirmed'))
        )`.execute(db);
      await sql`create index bookings_client_uid on bookings (client_uid, starts_at)`.execute(db);
      await sql`create index bookings_starts_at on bookings (starts_at)`.execute(db);
      await sql`
        create table blocks (
          id uuid primary key default gen_random_uuid(),
          during tstzrange not null check (not isempty(during) and not lower_inf(during) and not upper_inf(during)),
          reason text not null default '' check (char_length(reason) <= 200),
          created_at timestamptz not null default now()
        )`.execute(db);
      await sql`create index blocks_during on blocks using gist (during)`.execute(db);
    },
  },
  '0002_outbox': {
    async up(db: Kysely<unknown>) {
      // Every email the API sends, written in the transaction of the change that causes it.
      await sql`
        create table messages (
          id uuid primary key default gen_random_uuid(),
          kind text not null,
          recipient text not null check (recipient in ('client', 'practice')),
          to_address text not null,
          client_uid text not null,
          booking_id uuid references bookings (id) on delete set null,
          dedupe_key text unique,
          payload jsonb,
          status text not null default 'pending'
            check (status in ('pending', 'sending', 'sent', 'failed', 'dropped')),
          attempts integer not null default 0 check (attempts >= 0),
          next_attempt_at timestamptz not null,
          last_error text,
          created_at timestamptz not null,
          updated_at timestamptz not null,
          sent_at timestamptz,
          constraint messages_payload_until_sent check (status <> 'sent' or payload is null)
        )`.execute(db);
      await sql`create index messages_due on messages (next_attempt_at) where status in ('pending', 'sending')`.execute(
        db,
      );
      await sql`create index messages_booking on messages (booking_id)`.execute(db);
      await sql`create index messages_client on messages (client_uid)`.execute(db);
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
