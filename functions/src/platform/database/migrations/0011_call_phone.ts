import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The number the practitioner phones for the free call (shared/phone.ts); null for any other
  // session. It goes with the booking's row when the account's bookings are deleted.
  await sql`
    alter table bookings
      add column call_phone text check (call_phone is null or call_phone <> '')`.execute(db);
}
