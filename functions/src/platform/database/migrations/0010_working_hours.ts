import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Her hours (shared/working-hours.ts): one row for the practice, or none for the defaults.
  await sql`
    create table working_hours (
      id boolean primary key default true check (id),
      hours jsonb not null check (jsonb_typeof(hours) = 'object'),
      updated_at timestamptz not null
    )`.execute(db);
}
