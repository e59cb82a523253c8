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
  '0004_clinical_records': {
    async up(db: Kysely<unknown>) {
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
    },
  },
  '0003_series': {
    async up(db: Kysely<unknown>) {
      // A standing weekly or fortnightly time; each of its sessions is a row in bookings.
      await sql`
        create table series (
          id uuid primary key default gen_random_uuid(),
          client_uid text not null check (client_uid <> ''),
          client_email text not null,
          client_name text not null default '',
          service_id integer not null,
          every_weeks integer not null check (every_weeks in (1, 2)),
          first_start timestamptz not null,
          local_time text not null check (local_time ~ '^[0-2][0-9]:[0-5][0-9]$'),
          status text not null default 'requested'
            check (status in ('requested', 'confirmed', 'declined', 'ended')),
          note text not null default '' check (char_length(note) <= 500),
          booked_through timestamptz not null,
          ended_at timestamptz,
          created_at timestamptz not null,
          updated_at timestamptz not null
        )`.execute(db);
      await sql`create index series_client on series (client_uid)`.execute(db);
      await sql`create index series_rolling on series (status, booked_through)`.execute(db);
      // The occurrence a session stands for (its start before any move): once per series.
      await sql`alter table bookings
        add column series_id uuid references series (id) on delete cascade,
        add column occurrence timestamptz,
        add column sequence integer not null default 0 check (sequence >= 0),
        add constraint bookings_series_occurrence check ((series_id is null) = (occurrence is null)),
        add constraint bookings_one_per_occurrence unique (series_id, occurrence)`.execute(db);
      await sql`create index bookings_series on bookings (series_id, starts_at)`.execute(db);
      // Weeks a series could not have (not free when they came into the horizon), told once.
      await sql`
        create table series_skips (
          series_id uuid not null references series (id) on delete cascade,
          occurrence timestamptz not null,
          created_at timestamptz not null,
          primary key (series_id, occurrence)
        )`.execute(db);
    },
  },
  '0005_payments': {
    async up(db: Kysely<unknown>) {
      // One Stripe customer per client (the Portal and subscriptions hang off it).
      await sql`
        create table payment_customers (
          client_uid text primary key check (client_uid <> ''),
          stripe_customer_id text not null unique,
          created_at timestamptz not null
        )`.execute(db);
      // Receipt and credit-note numbers: one counter row per kind and year, bumped inside the
      // transaction that marks the payment paid, so a rollback gives its number back (no gaps).
      await sql`
        create table receipt_counters (
          kind text not null check (kind in ('receipt', 'credit-note')),
          year integer not null check (year between 2000 and 9999),
          last integer not null check (last >= 0),
          primary key (kind, year)
        )`.execute(db);
      // A standing series' monthly plan (its Stripe subscription).
      await sql`
        create table payment_plans (
          series_id uuid primary key references series (id) on delete cascade,
          client_uid text not null check (client_uid <> ''),
          stripe_subscription_id text unique,
          cancel_at_period_end boolean not null default false,
          created_at timestamptz not null,
          updated_at timestamptz not null
        )`.execute(db);
      // One row per Checkout payment or subscription invoice. The amount is the server's own.
      await sql`
        create table payments (
          id uuid primary key default gen_random_uuid(),
          client_uid text not null check (client_uid <> ''),
          client_email text not null,
          client_name text not null default '',
          booking_id uuid references bookings (id) on delete set null,
          series_id uuid references series (id) on delete set null,
          service_id integer not null,
          checkout_session_id text unique,
          stripe_invoice_id text unique,
          stripe_payment_intent_id text,
          amount integer not null check (amount > 0),
          currency text not null check (currency ~ '^[A-Z]{3}$'),
          status text not null check (status in ('pending', 'paid', 'failed', 'refunded')),
          paid_at timestamptz,
          receipt_year integer,
          receipt_sequence integer,
          refunded integer not null default 0,
          card_brand text,
          card_last4 text check (card_last4 ~ '^[0-9]{4}$'),
          period_start timestamptz,
          period_end timestamptz,
          created_at timestamptz not null,
          updated_at timestamptz not null,
          constraint payments_receipt_when_paid
            check ((status in ('paid', 'refunded')) = (receipt_sequence is not null and paid_at is not null)),
          constraint payments_refund_at_most_paid check (refunded >= 0 and refunded <= amount),
          constraint payments_one_receipt_number unique (receipt_year, receipt_sequence)
        )`.execute(db);
      await sql`create index payments_client on payments (client_uid, created_at)`.execute(db);
      await sql`create index payments_paid_at on payments (paid_at)`.execute(db);
      await sql`create index payments_booking on payments (booking_id)`.execute(db);
      await sql`create index payments_series on payments (series_id, period_end)`.execute(db);
      // At most one open or paid Checkout payment per one-off session.
      await sql`create unique index payments_one_per_booking on payments (booking_id) where status in ('paid', 'refunded') and series_id is null`.execute(
        db,
      );
      // Money given back, each with its own credit-note number.
      await sql`
        create table payment_refunds (
          id uuid primary key default gen_random_uuid(),
          payment_id uuid not null references payments (id),
          booking_id uuid references bookings (id) on delete set null,
          amount integer not null check (amount > 0),
          credit_year integer not null,
          credit_sequence integer not null,
          stripe_refund_id text unique,
          reason text not null,
          created_at timestamptz not null,
          constraint payment_refunds_one_number unique (credit_year, credit_sequence)
        )`.execute(db);
      await sql`create index payment_refunds_payment on payment_refunds (payment_id)`.execute(db);
      await sql`create index payment_refunds_created on payment_refunds (created_at)`.execute(db);
      // One refund per cancelled session, however often the cancellation is retried.
      await sql`create unique index payment_refunds_one_per_booking on payment_refunds (booking_id) where booking_id is not null`.execute(
        db,
      );
      // Every webhook event, once: a replay or a retry finds its id and changes nothing.
      await sql`
        create table payment_events (
          event_id text primary key,
          type text not null,
          created_at timestamptz not null,
          received_at timestamptz not null
        )`.execute(db);
    },
  },
  '0006_session_notes_attendance_video': {
    async up(db: Kysely<unknown>) {
      // A session's note (health data). Kept by client, not by booking: a deleted account's notes
      // stay for the retention period after its bookings are gone (booking_id then becomes null).
      await sql`
        create table session_notes (
          id uuid primary key default gen_random_uuid(),
          booking_id uuid unique references bookings (id) on delete set null,
          client_uid text not null check (client_uid <> ''),
          service_id integer not null,
          session_start timestamptz not null,
          text text not null default '' check (char_length(text) <= 20000),
          signed_at timestamptz,
          created_at timestamptz not null,
          updated_at timestamptz not null
        )`.execute(db);
      await sql`create index session_notes_client on session_notes (client_uid, session_start)`.execute(
        db,
      );
      // A signed note is locked: no update may change its text or undo its signature.
      await sql`
        create function session_notes_locked() returns trigger language plpgsql as $$
        begin
          if old.signed_at is not null
            and (new.text is distinct from old.text or new.signed_at is distinct from old.signed_at) then
            raise exception 'A signed note cannot be changed: add an addendum.' using errcode = '55000';
          end if;
          return new;
        end $$`.execute(db);
      await sql`create trigger session_notes_locked before update on session_notes
        for each row execute function session_notes_locked()`.execute(db);
      await sql`
        create table note_addenda (
          id uuid primary key default gen_random_uuid(),
          note_id uuid not null references session_notes (id) on delete cascade,
          text text not null check (text <> '' and char_length(text) <= 20000),
          at timestamptz not null
        )`.execute(db);
      await sql`create index note_addenda_note on note_addenda (note_id, at)`.execute(db);
      await sql`create rule note_addenda_no_update as on update to note_addenda do instead nothing`.execute(
        db,
      );
      // An addendum goes under a signed note only (a draft is simply edited).
      await sql`
        create function note_addenda_signed_only() returns trigger language plpgsql as $$
        begin
          if not exists (select 1 from session_notes where id = new.note_id and signed_at is not null) then
            raise exception 'Sign the note before adding an addendum.' using errcode = '55000';
          end if;
          return new;
        end $$`.execute(db);
      await sql`create trigger note_addenda_signed_only before insert on note_addenda
        for each row execute function note_addenda_signed_only()`.execute(db);

      // Attendance, marked after the session ends (a client's late cancellation when it happens);
      // the mode, and a video session's own room while it is active.
      await sql`alter table bookings
        add column attendance text
          check (attendance in ('attended', 'late-cancellation', 'no-show', 'practice-cancelled')),
        add column attendance_at timestamptz,
        add column mode text not null default 'in-person' check (mode in ('in-person', 'video')),
        add column video_room text unique check (char_length(video_room) >= 22),
        add constraint bookings_attendance_marked
          check ((attendance is null) = (attendance_at is null)),
        add constraint bookings_attendance_after_end
          check (attendance_at is null or attendance_at >= ends_at or attendance = 'late-cancellation'),
        add constraint bookings_room_for_video check (video_room is null or mode = 'video'),
        add constraint bookings_video_has_room
          check (mode <> 'video' or status in ('cancelled', 'declined') or video_room is not null)`.execute(
        db,
      );
      // A cancelled or declined session loses its room, whichever path changed it.
      await sql`
        create function bookings_drop_room() returns trigger language plpgsql as $$
        begin
          if new.status in ('cancelled', 'declined') then
            new.video_room := null;
          end if;
          return new;
        end $$`.execute(db);
      await sql`create trigger bookings_drop_room before update of status on bookings
        for each row execute function bookings_drop_room()`.execute(db);

      // What the practitioner did about a client's risk answers (health data; audited).
      await sql`
        create table risk_follow_ups (
          id uuid primary key default gen_random_uuid(),
          client_uid text not null check (client_uid <> ''),
          actor_uid text not null,
          action text not null check (action in ('contacted', 'safety-plan', 'referred')),
          text text not null default '' check (char_length(text) <= 2000),
          at timestamptz not null
        )`.execute(db);
      await sql`create index risk_follow_ups_client on risk_follow_ups (client_uid, at)`.execute(
        db,
      );
    },
  },
  '0007_limits_and_calendar': {
    async up(db: Kysely<unknown>) {
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
    },
  },
  '0008_calendar_feed': {
    async up(db: Kysely<unknown>) {
      // The practitioner's private calendar feed (calendar/feed.ts): only the SHA-256 of its
      // token, so the database never holds a working link; one per practitioner, replaced in place.
      await sql`
        create table calendar_feeds (
          practitioner_uid text primary key check (practitioner_uid <> ''),
          token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
          created_at timestamptz not null
        )`.execute(db);
      // How many of each questionnaire a client sent on a London day, and how many that day allows
      // (one, and one more each time the practitioner asks): the check is the daily limit itself.
      await sql`
        create table questionnaire_days (
          client_uid text not null check (client_uid <> ''),
          instrument text not null check (instrument in ('PHQ-9', 'GAD-7', 'CORE-10')),
          day date not null,
          sent integer not null default 0 check (sent >= 0),
          allowed integer not null default 1 check (allowed >= 1),
          primary key (client_uid, instrument, day),
          constraint questionnaire_days_within_allowance check (sent <= allowed)
        )`.execute(db);
    },
  },
  '0009_waitlist': {
    async up(db: Kysely<unknown>) {
      // Clients waiting for a time that suits: days of the week and parts of the day as bits
      // (Monday = 1 … Sunday = 64; morning = 1, afternoon = 2, evening = 4), at least one of each.
      await sql`
        create table waitlist_entries (
          id uuid primary key default gen_random_uuid(),
          client_uid text not null check (client_uid <> ''),
          client_email text not null,
          client_name text not null default '',
          service_id integer not null,
          days smallint not null check (days between 1 and 127),
          parts smallint not null check (parts between 1 and 7),
          standing boolean not null default false,
          created_at timestamptz not null,
          expires_at timestamptz not null check (expires_at > created_at),
          -- The expiry the client was last warned of: a renewal moves expires_at, so one warning
          -- per expiry.
          warned_for timestamptz
        )`.execute(db);
      await sql`create unique index waitlist_one_per_service on waitlist_entries (client_uid, service_id)`.execute(
        db,
      );
      await sql`create index waitlist_oldest on waitlist_entries (created_at)`.execute(db);
      // Each freed start offered to an entry, once: the key is the guarantee against a second email.
      await sql`
        create table waitlist_offers (
          entry_id uuid not null references waitlist_entries (id) on delete cascade,
          starts_at timestamptz not null,
          created_at timestamptz not null,
          primary key (entry_id, starts_at)
        )`.execute(db);
    },
  },
  '0010_working_hours': {
    async up(db: Kysely<unknown>) {
      // Her hours (shared/working-hours.ts): one row for the practice, or none for the defaults.
      await sql`
        create table working_hours (
          id boolean primary key default true check (id),
          hours jsonb not null check (jsonb_typeof(hours) = 'object'),
          updated_at timestamptz not null
        )`.execute(db);
    },
  },
  '0011_call_phone': {
    async up(db: Kysely<unknown>) {
      // The number the practitioner phones for the free call (shared/phone.ts); null for any other
      // session. It goes with the booking's row when the account's bookings are deleted.
      await sql`
        alter table bookings
          add column call_phone text check (call_phone is null or call_phone <> '')`.execute(db);
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
